// The route-access rule (seed §6), written once: the guard, the menu and the server menu use it.
import {
  MENU_WHITELIST,
  rolesAdmit,
  SECTIONS,
  type RouteRoles,
  type ServerMenuItem,
} from '../contracts/menu';

export interface GuardedRoute {
  key: string;
  path: string;
  requiresAuth: boolean;
  roles?: RouteRoles;
  hideInMenu?: boolean;
  /** A shell page (redirect, user centre …): never a menu item, so the server menu cannot list it. */
  shell?: boolean;
}

/** Accessible when it needs no authentication, has no role list, lists `*`, or lists the role. */
export function isRouteAccessible(route: GuardedRoute, role: string): boolean {
  if (!route.requiresAuth) return true;
  return rolesAdmit(route.roles, role);
}

/** Every key (sections and pages) of a server menu. */
export function serverMenuKeys(menu: readonly ServerMenuItem[]): Set<string> {
  const keys = new Set<string>();
  const walk = (items: readonly ServerMenuItem[]) => {
    for (const item of items) {
      keys.add(item.key);
      if (item.children) walk(item.children);
    }
  };
  walk(menu);
  return keys;
}

/** In server-menu mode a route must also be in the server menu or the whitelist (seed §6). */
export function isInServerMenu(routeKey: string, menu: readonly ServerMenuItem[]): boolean {
  return (
    (MENU_WHITELIST as readonly string[]).includes(routeKey) || serverMenuKeys(menu).has(routeKey)
  );
}

/** Section pages in menu order: sections by their order value, pages in declaration order. */
export function routesInMenuOrder(): GuardedRoute[] {
  return [...SECTIONS].sort((a, b) => a.order - b.order).flatMap((s) => s.routes);
}

/**
 * The first route the role may see (seed §6, where a denied navigation goes): the first
 * visible menu page it may open, or `undefined` (→ not-found).
 */
export function firstAllowedRoute(
  role: string,
  options: { routes?: readonly GuardedRoute[]; serverMenu?: readonly ServerMenuItem[] | null } = {},
): GuardedRoute | undefined {
  const routes = options.routes ?? routesInMenuOrder();
  return routes.find(
    (route) =>
      !route.hideInMenu &&
      !route.path.includes(':') &&
      isRouteAccessible(route, role) &&
      (!options.serverMenu || isInServerMenu(route.key, options.serverMenu)),
  );
}
