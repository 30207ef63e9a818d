import { describe, expect, it } from 'vitest';
import { userSettingsSchema } from './settings';
import { DEFAULT_USER_SETTINGS } from './settings-defaults';
import { resolveUserSettings } from './settings-resolve';

describe('settings contract (seed §3)', () => {
  it('has the seed defaults', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      theme: 'light',
      colorWeak: false,
      navbar: true,
      menu: true,
      topMenu: false,
      hideMenu: false,
      menuCollapse: false,
      footer: true,
      themeColor: '#165DFF',
      menuWidth: 220,
      globalSettings: false,
      device: 'desktop',
      tabBar: false,
      menuFromServer: false,
      serverMenu: [],
    });
    expect(userSettingsSchema.parse(DEFAULT_USER_SETTINGS)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it('resolves stored settings field by field: invalid and unknown fields fall back', () => {
    expect(resolveUserSettings(null)).toEqual(DEFAULT_USER_SETTINGS);
    expect(resolveUserSettings('garbage')).toEqual(DEFAULT_USER_SETTINGS);
    expect(
      resolveUserSettings({ theme: 'dark', themeColor: 'not-a-colour', menuWidth: 9999, x: 1 }),
    ).toEqual({ ...DEFAULT_USER_SETTINGS, theme: 'dark' });
  });
});
