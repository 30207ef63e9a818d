// POST /api/user/menu: the server menu for the active role (seed §6, server-menu mode), built
// from the section route metadata every app shares (shared/src/contracts/menu.ts).
import { menuForRole, type ServerMenuItem } from '@console/shared';

/**
 * Sections in menu order, each with the pages whose permission the role holds and whose
 * role list admits it. Pages hidden from the menu (detail pages) stay in the answer: in
 * server-menu mode the host's guard shows not-found for any route missing from it, and the
 * host's menu leaves hidden pages out by their `hideInMenu` meta.
 */
export function serverMenu(role: string, permissions: readonly string[]): ServerMenuItem[] {
  return menuForRole(role, permissions);
}
