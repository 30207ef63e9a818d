// The shell's own pages beyond routing (issue #4): user centre and settings, messages, results
// and exceptions. Guarded like every route (signed in, any role); shell pages are not menu
// items, so the server menu never hides them. Their components live in
// layout/consoleRouteElements.tsx (loaded with the layout, not with the login page).
import type { GuardedRoute } from '@console/shared/permission';

export const CONSOLE_PAGES = {
  userInfo: '/user/info',
  userSetting: '/user/setting',
  messages: '/messages',
  resultSuccess: '/result/success',
  resultError: '/result/error',
  exception403: '/exception/403',
  exception404: '/exception/404',
  exception500: '/exception/500',
} as const;

export const CONSOLE_ROUTES: GuardedRoute[] = Object.values(CONSOLE_PAGES).map((path) => ({
  key: path.slice(1),
  path,
  requiresAuth: true,
  hideInMenu: true,
  shell: true,
}));
