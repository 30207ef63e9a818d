import { describe, expect, it } from 'vitest';
import { sessionEnded } from './session';
import {
  applySettings,
  DEFAULT_SETTINGS,
  serverMenuLoaded,
  settingsSlice,
  updateSettings,
} from './settingsSlice';

describe('app settings', () => {
  it("start from the seed's defaults (§3)", () => {
    expect(settingsSlice.reducer(undefined, { type: 'init' }).theme).toBe('light');
    expect(DEFAULT_SETTINGS).toMatchObject({
      themeColor: '#165DFF',
      menuWidth: 220,
      tabBar: false,
    });
  });

  it('turn menu collapse off when top menu changes (seed §4)', () => {
    const collapsed = { ...DEFAULT_SETTINGS, menuCollapse: true };
    expect(applySettings(collapsed, { topMenu: true }).menuCollapse).toBe(false);
    expect(applySettings(collapsed, { footer: false }).menuCollapse).toBe(true);
  });

  it('forget the server menu when the session ends', () => {
    let state = settingsSlice.reducer(
      undefined,
      serverMenuLoaded([{ key: 'guide', path: '/guide' }]),
    );
    state = settingsSlice.reducer(state, updateSettings({ menuFromServer: true }));
    expect(state.serverMenu).toHaveLength(1);
    state = settingsSlice.reducer(state, sessionEnded());
    expect(state.serverMenu).toBeNull();
    expect(state.menuFromServer).toBe(true);
  });
});
