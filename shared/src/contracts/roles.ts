// Role references as the user info carries them. Framework- and zod-free so the shell's
// boot chunk can import it.
export interface RoleRef {
  code: string;
  /** Chinese name. */
  name: string;
  nameEn: string;
}

/** A role's name in the UI language (English falls back to the Chinese name when empty). */
export const roleLabel = (role: RoleRef, locale: string) =>
  locale === 'en-US' && role.nameEn ? role.nameEn : role.name;
