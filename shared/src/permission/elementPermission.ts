/**
 * Element-level permission (seed §6): the element is removed when the role list is non-empty
 * and lacks the current role. Giving no list is a programming error. Kept as the seed names
 * it; the product's own pages decide by permission code (`useHasPermission`).
 */
export function hasElementPermission(
  roles: readonly string[] | undefined | null,
  role: string,
): boolean {
  if (!Array.isArray(roles)) {
    throw new Error("an element's permission needs a role list, e.g. ['admin', 'user']");
  }
  return roles.length === 0 || roles.includes(role);
}
