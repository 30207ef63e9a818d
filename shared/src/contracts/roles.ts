// Role labels. Zod-free at run time so the shell's boot chunk can import it: the shape is
// the `roleRef` schema of auth.ts, imported as a type only.
import type { RoleRef } from './auth';
import type { BuiltinRole } from './permissions';

/** A role's name in the UI language (English falls back to the Chinese name when empty). */
export const roleLabel = (role: RoleRef, locale: string) =>
  locale === 'en-US' && role.nameEn ? role.nameEn : role.name;

/**
 * The built-in roles' descriptions in both languages. The seed stores the Chinese one; while a
 * built-in role keeps it, the UI shows it in the UI language (issue 26 item 12).
 */
export const BUILTIN_ROLE_DESCRIPTIONS: Record<BuiltinRole, { zh: string; en: string }> = {
  admin: { zh: '全部权限', en: 'All permissions' },
  operator: {
    zh: '维护导游、景点与团队，分配导游',
    en: 'Maintains guides, scenic spots and teams; allocates guides',
  },
  user: { zh: '只读访问', en: 'Read-only access' },
};

/** A role's description in the UI language: a built-in role's seeded one is translated, any
 * other (a custom role's, or an edited one) is shown as stored. */
export function roleDescription(
  role: { code: string; builtIn: boolean; description: string },
  locale: string,
): string {
  const seeded = role.builtIn ? BUILTIN_ROLE_DESCRIPTIONS[role.code as BuiltinRole] : undefined;
  if (!seeded || role.description !== seeded.zh) return role.description;
  return locale === 'en-US' ? seeded.en : seeded.zh;
}
