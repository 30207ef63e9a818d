// The route guard's decisions (seed §6), as a pure function the host's guard component runs
// on every navigation.
import { matchPath } from 'react-router-dom';
import { DEFAULT_ROUTE } from '../contracts/menu';
import type { ServerMenuItem } from '../contracts/auth';
import {
  firstAllowedRoute,
  isRouteAccessible,
  serverMenuAdmits,
  type GuardedRoute,
} from './routeAccess';
import type { UserStatus } from '../store/userSlice';

export const LOGIN_PATH = '/login';

export type GuardDecision =
  | { kind: 'allow'; route: GuardedRoute }
  /** The user info (or the server menu) is being fetched: render nothing yet. */
  | { kind: 'wait' }
  | { kind: 'fetchUserInfo' }
  | { kind: 'fetchServerMenu' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

export interface GuardInput {
  pathname: string;
  search: string;
  routes: readonly GuardedRoute[];
  /** The active role's `permissions` decide which pages open (seed §6 by permission code). */
  user: { status: UserStatus; role: string; name: string; permissions: readonly string[] };
  menuFromServer: boolean;
  serverMenu: readonly ServerMenuItem[] | null;
}

export function matchRoute(
  routes: readonly GuardedRoute[],
  pathname: string,
): GuardedRoute | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** The query's parameters as written, without `redirect` (kept byte for byte, not re-encoded). */
function queryWithoutRedirect(search: string): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !/^redirect(=|$)/.test(part));
}

/** `/login?redirect=<target path>&<the target's own query>` (seed §6). */
export function loginLocation(pathname: string, search: string): string {
  return `${LOGIN_PATH}?${[`redirect=${encodeURIComponent(pathname)}`, ...queryWithoutRedirect(search)].join('&')}`;
}

/** Where to go after signing in: the `redirect` target with the rest of the query, else home. */
export function afterLoginLocation(loginSearch: string): string {
  const target = new URLSearchParams(loginSearch).get('redirect');
  // Only same-origin paths: never an absolute or protocol-relative URL.
  if (!target || !target.startsWith('/') || target.startsWith('//')) return DEFAULT_ROUTE;
  const rest = queryWithoutRedirect(loginSearch);
  return rest.length > 0 ? `${target}?${rest.join('&')}` : target;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, search, routes, user } = input;
  if (pathname === LOGIN_PATH)
    return { kind: 'allow', route: { key: 'login', path: LOGIN_PATH, requiresAuth: false } };

  if (!(user.role && user.name)) {
    if (user.status === 'failed') return { kind: 'redirect', to: loginLocation(pathname, search) };
    if (user.status === 'loading') return { kind: 'wait' };
    return { kind: 'fetchUserInfo' };
  }

  const route = matchRoute(routes, pathname);
  if (!route) return { kind: 'notFound' };

  const serverMenu = input.menuFromServer ? input.serverMenu : null;
  if (input.menuFromServer) {
    if (serverMenu === null) return { kind: 'fetchServerMenu' };
    // Missing from the server menu: not-found, whatever the permissions say (seed §6).
    if (!serverMenuAdmits(route, serverMenu)) return { kind: 'notFound' };
  }

  if (isRouteAccessible(route, user.permissions)) return { kind: 'allow', route };

  const first = firstAllowedRoute(user.permissions, { routes, serverMenu });
  return first ? { kind: 'redirect', to: first.path } : { kind: 'notFound' };
}
