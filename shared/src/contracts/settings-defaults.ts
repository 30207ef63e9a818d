// The seed's app-settings defaults (§3), free of zod so the login page can import them.
import type { UserSettings } from './settings';

export const DEFAULT_USER_SETTINGS: UserSettings = {
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
};
