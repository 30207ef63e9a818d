// POST /api/user/menu: the server menu for the active role (seed §6, server-menu mode).
// TODO(shell): built from the section route metadata in shared/src/contracts/menu.ts once it
// exists; until then every section route the role's permissions allow.
export interface ServerMenuItem {
  key: string;
  path: string;
  children?: ServerMenuItem[];
}

export function serverMenu(_role: string, _permissions: string[]): ServerMenuItem[] {
  return [];
}
