// POST /api/user/menu: the server menu for the active role (seed §6, server-menu mode), built
// from the section route metadata every app shares (shared/src/contracts/menu.ts).
import { menuForPermissions, type ServerMenuItem } from '@console/shared';

/**
 * Sections in menu order, each with the pages whose permission code the active role holds
 * (the same rule as the host's guard and menu). Pages hidden from the menu (detail pages) stay
 * in the answer: in server-menu mode the host's guard shows not-found for any route missing
 * from it, and the host's menu leaves hidden pages out by their `hideInMenu` meta.
 */
export function serverMenu(permissions: readonly string[]): ServerMenuItem[] {
  return menuForPermissions(permissions);
}
