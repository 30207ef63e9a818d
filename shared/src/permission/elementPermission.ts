/**
 * Element-level permission (seed §6): the element is removed when the role list is non-empty
 * and lacks the current role. Giving no list is a programming error.
 */
export function hasElementPermission(
  roles: readonly string[] | undefined | null,
  role: string,
): boolean {
  if (!Array.isArray(roles)) {
    throw new Error("Permission needs a role list, e.g. roles={['admin', 'user']}");
  }
  return roles.length === 0 || roles.includes(role);
}
