// Which roles the user form offers (the grant ceiling, shared/src/contracts/grant-ceiling.ts):
// a role the caller's active role holds every permission of, or one the user already has
// (keeping it grants nothing). Nobody edits their own roles.
import {
  permissionsNotHeld,
  permissionsOfRoles,
  roleWithinCeiling,
  type SystemRole,
  type SystemUser,
} from '@console/shared';

export interface RoleChoice {
  role: SystemRole;
  /** Whether the form may offer it; false with the permissions the caller lacks. */
  grantable: boolean;
  missing: string[];
}

export function roleChoices(
  roles: readonly SystemRole[],
  held: readonly string[],
  kept: readonly string[],
): RoleChoice[] {
  return roles.map((role) => {
    const missing = kept.includes(role.code) ? [] : permissionsNotHeld(held, role.permissions);
    return { role, grantable: missing.length === 0, missing };
  });
}

/**
 * Whether the user is the caller: the user endpoints refuse to disable, delete, reset the
 * password of or change the roles of one's own account (server/src/modules/users/service.ts),
 * so the page does not offer them there.
 */
export const isOwnAccount = (user: SystemUser, me: { id: number }) => user.id === me.id;

/**
 * Whether the caller may reset the user's password: never their own (it is changed with the old
 * one, in the settings), never of a user holding a permission the caller does not.
 */
export function mayResetPassword(
  user: SystemUser,
  me: { id: number; permissions: readonly string[] },
  roles: readonly SystemRole[],
): boolean {
  if (isOwnAccount(user, me)) return false;
  const theirs = roles.filter((r) => user.roles.some((held) => held.code === r.code));
  return roleWithinCeiling(me.permissions, { code: '', permissions: permissionsOfRoles(theirs) });
}
