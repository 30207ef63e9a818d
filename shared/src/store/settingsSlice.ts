// App settings with the seed's defaults (§3) and its transition rules (§4).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ServerMenuItem } from '../contracts/auth';
import type { UserSettings } from '../contracts/settings';
import { DEFAULT_USER_SETTINGS } from '../contracts/settings-defaults';
import { sessionEnded } from './session';

/** The settings object minus the server menu, which lives here only as session state. */
export type AppSettings = Omit<UserSettings, 'serverMenu'>;

const { serverMenu: _serverMenu, ...appDefaults } = DEFAULT_USER_SETTINGS;
export const DEFAULT_SETTINGS: AppSettings = appDefaults;

/** Settings saved on this browser until the user's own settings arrive. */
export const SETTINGS_STORAGE_KEY = 'console.settings';

export interface SettingsState extends AppSettings {
  /** The menu answered by `POST /api/user/menu`; `null` until fetched (seed: empty). */
  serverMenu: ServerMenuItem[] | null;
}

function storedSettings(): Partial<AppSettings> {
  try {
    const raw = globalThis.localStorage?.getItem(SETTINGS_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Partial<AppSettings>) : {};
  } catch {
    return {};
  }
}

/** Applies a change with the seed's rule: changing topMenu sets menuCollapse to false. */
export function applySettings(current: AppSettings, change: Partial<AppSettings>): AppSettings {
  const next = { ...current, ...change };
  if ('topMenu' in change && change.topMenu !== current.topMenu) next.menuCollapse = false;
  return next;
}

export const settingsSlice = createSlice({
  name: 'settings',
  initialState: (): SettingsState => ({
    ...DEFAULT_SETTINGS,
    ...storedSettings(),
    serverMenu: null,
  }),
  reducers: {
    updateSettings(state, action: PayloadAction<Partial<AppSettings>>) {
      return { ...applySettings(state, action.payload), serverMenu: state.serverMenu };
    },
    /** The user's saved settings, applied as they are (sign-in): no transition rule runs. */
    settingsRestored(state, action: PayloadAction<AppSettings>) {
      return { ...action.payload, serverMenu: state.serverMenu };
    },
    serverMenuLoaded(state, action: PayloadAction<ServerMenuItem[]>) {
      state.serverMenu = action.payload;
    },
    serverMenuCleared(state) {
      state.serverMenu = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, (state) => {
      state.serverMenu = null;
    });
  },
  selectors: {
    selectSettings: (state) => state,
    selectServerMenu: (state) => state.serverMenu,
  },
});

export const { updateSettings, settingsRestored, serverMenuLoaded, serverMenuCleared } =
  settingsSlice.actions;
export const { selectSettings, selectServerMenu } = settingsSlice.selectors;
