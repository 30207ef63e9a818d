// Role labels. Zod-free at run time so the shell's boot chunk can import it: the shape is
// the `roleRef` schema of auth.ts, imported as a type only.
import type { RoleRef } from './auth';

/** A role's name in the UI language (English falls back to the Chinese name when empty). */
export const roleLabel = (role: RoleRef, locale: string) =>
  locale === 'en-US' && role.nameEn ? role.nameEn : role.name;
