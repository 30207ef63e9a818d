// The grant ceiling (product.md, "Users, roles, permissions"): nobody grants, on any path, a
// permission they do not hold — a role's permissions, a user's roles, a new user — and nobody
// edits their own roles. Read by the server (users and roles services refuse) and by the
// system pages (they offer only what may be granted).
//
// "Hold" means the permissions of the caller's active role: a session acts as one role at a time
// (switch-role), and every other check of the session reads that role's permissions alone.
import { PERMISSIONS, type Permission } from './permissions';

/** A role as the ceiling sees it: its code and permission codes. */
export interface RolePermissions {
  code: string;
  permissions: readonly string[];
}

/** The permissions of `granted` that `held` lacks, in catalogue order (empty: within the ceiling). */
export function permissionsNotHeld(
  held: readonly string[],
  granted: Iterable<string>,
): Permission[] {
  const wanted = new Set(granted);
  return PERMISSIONS.filter((p) => wanted.has(p) && !held.includes(p));
}

/** Every permission the roles carry together. */
export function permissionsOfRoles(roles: readonly RolePermissions[]): Permission[] {
  return permissionsNotHeld(
    [],
    roles.flatMap((r) => r.permissions),
  );
}

/** Whether the caller may give someone `role`: every permission of it is held. */
export const roleWithinCeiling = (held: readonly string[], role: RolePermissions) =>
  permissionsNotHeld(held, role.permissions).length === 0;

/** The roles of `after` not in `before` (what an edit of a user's roles adds). */
export const addedRoles = <R extends { code: string }>(before: readonly string[], after: R[]) =>
  after.filter((r) => !before.includes(r.code));

/** Whether two lists of role codes name the same roles (order and repeats aside). */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((c) => y.has(c));
}
