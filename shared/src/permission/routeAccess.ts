// The route-access rule (seed §6, by permission code), written once: the guard, the first
// allowed route, the menu, the server menu, the breadcrumb and the tab bar use it.
import {
  inMenuOrder,
  MENU_WHITELIST,
  routeAdmits,
  type SectionMeta,
  type ServerMenuItem,
} from '../contracts/menu';
import type { Permission } from '../contracts/permissions';

export interface GuardedRoute {
  key: string;
  path: string;
  requiresAuth: boolean;
  /** The permission code that opens the page; none: any signed-in user (shell pages). */
  permission?: Permission;
  hideInMenu?: boolean;
  /** A shell page (redirect, user centre …): never a menu item, so the server menu cannot list it. */
  shell?: boolean;
}

/** Accessible when it needs no authentication, names no permission, or names a held one. */
export function isRouteAccessible(route: GuardedRoute, permissions: readonly string[]): boolean {
  return routeAdmits(route, permissions);
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

/**
 * Server-menu mode (a `serverMenu` given): a page must be in the server menu or the whitelist.
 * Shell pages are never menu items, so the server menu does not decide them.
 */
export function serverMenuAdmits(
  route: GuardedRoute,
  serverMenu: readonly ServerMenuItem[] | null,
): boolean {
  if (serverMenu === null || !route.requiresAuth || route.shell) return true;
  return isInServerMenu(route.key, serverMenu);
}

/**
 * Whether the active role may open the route right now: the permission rule, and in
 * server-menu mode the server menu too.
 */
export function canOpenRoute(
  route: GuardedRoute,
  permissions: readonly string[],
  serverMenu: readonly ServerMenuItem[] | null = null,
): boolean {
  return isRouteAccessible(route, permissions) && serverMenuAdmits(route, serverMenu);
}

/** Section pages in menu order: sections by their order value, pages by theirs. */
export function routesInMenuOrder(sections: readonly SectionMeta[]): GuardedRoute[] {
  return inMenuOrder(sections).flatMap((s) => s.routes);
}

/**
 * The first route the role may see (seed §6, where a denied navigation goes): the first
 * visible menu page its permissions open, or `undefined` (→ not-found).
 */
export function firstAllowedRoute(
  permissions: readonly string[],
  options: { routes: readonly GuardedRoute[]; serverMenu?: readonly ServerMenuItem[] | null },
): GuardedRoute | undefined {
  const { routes } = options;
  return routes.find(
    (route) =>
      !route.hideInMenu &&
      !route.path.includes(':') &&
      canOpenRoute(route, permissions, options.serverMenu ?? null),
  );
}
