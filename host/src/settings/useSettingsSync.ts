// Settings follow the user (issue #4): on sign-in the server's copy wins over this browser's
// cache; afterwards every change is saved to the server (debounced). A user who never saved
// keeps what this browser shows, and it is saved at their first change. A change still
// waiting when the page goes (reload, close, another site) is sent at once, as a request
// that outlives the page.
import { useEffect, useRef } from 'react';
import type { UserSettingsBody } from '@console/shared/contracts/settings';
import { DEFAULT_USER_SETTINGS } from '@console/shared/contracts/settings-defaults';
import { resolveUserSettings } from '@console/shared/contracts/settings-resolve';
import { profileApi } from '@console/shared/api';
import {
  selectSettings,
  selectUser,
  settingsRestored,
  useAppDispatch,
  useAppSelector,
  type AppSettings,
} from '@console/shared/store';

const SAVE_DELAY_MS = 300;
const KEYS = Object.keys(DEFAULT_USER_SETTINGS).filter(
  (k) => k !== 'serverMenu',
) as (keyof AppSettings)[];

/** The saved fields in a fixed order, so equal settings always compare equal. */
function fingerprint(s: AppSettings): string {
  return JSON.stringify(KEYS.map((k) => s[k]));
}

/** What is saved: every setting the drawer holds. The server menu is session state here
 * (`POST /api/user/menu`): it is not sent, and what the server has saved stays. */
function saveable(s: AppSettings): UserSettingsBody {
  return Object.fromEntries(KEYS.map((k) => [k, s[k]])) as AppSettings;
}

export function useSettingsSync(): void {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const settings = useAppSelector(selectSettings);
  const synced = useRef<{ userId: number; fingerprint: string } | null>(null);
  const current = fingerprint(settings);
  const latest = useRef(settings);
  latest.current = settings;
  /** The debounced save not sent yet. */
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const userId = user?.id ?? null;
  const serverSettings = user?.settings ?? null;
  useEffect(() => {
    if (userId === null) {
      synced.current = null;
      return;
    }
    if (synced.current?.userId === userId) return;
    if (serverSettings) {
      const { serverMenu: _menu, ...server } = resolveUserSettings(serverSettings);
      synced.current = { userId, fingerprint: fingerprint(server) };
      // As saved: not through the drawer's rules, which would change what the user did not.
      dispatch(settingsRestored(server));
    } else {
      synced.current = { userId, fingerprint: fingerprint(latest.current) };
    }
  }, [dispatch, userId, serverSettings]);

  useEffect(() => {
    const state = synced.current;
    if (userId === null || state?.userId !== userId || state.fingerprint === current) return;
    const timer = setTimeout(() => {
      pending.current = null;
      state.fingerprint = current;
      void profileApi.saveSettings(saveable(latest.current)).catch(() => {
        // Saved again at the next change; the page keeps what the user chose.
        state.fingerprint = '';
      });
    }, SAVE_DELAY_MS);
    pending.current = timer;
    return () => {
      clearTimeout(timer);
      pending.current = null;
    };
  }, [userId, current]);

  useEffect(() => {
    const flush = () => {
      const state = synced.current;
      if (pending.current === null || !state) return;
      clearTimeout(pending.current);
      pending.current = null;
      state.fingerprint = fingerprint(latest.current);
      void profileApi.saveSettings(saveable(latest.current), { keepalive: true }).catch(() => {
        state.fingerprint = '';
      });
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);
}
