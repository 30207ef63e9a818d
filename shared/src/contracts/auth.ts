// Sign-in, password and profile contracts shared by the login form, the settings page and
// the server (seed §5, §6; product.md, "Users, roles, permissions").
import { z } from 'zod';
import { textSchema } from './validation';

export const loginBody = z.strictObject({
  username: textSchema().trim().min(1, 'required').max(64),
  password: textSchema().min(1, 'required').max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const PASSWORD_RULES = ['minLength', 'noSpaces', 'upper', 'lower'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The seed's policy: at least `minLength` (≥ 6) characters, no spaces, upper and lower case. */
export function passwordViolations(password: string, minLength = 6): PasswordRule[] {
  const out: PasswordRule[] = [];
  if (password.length < Math.max(6, minLength)) out.push('minLength');
  if (/\s/.test(password)) out.push('noSpaces');
  if (!/[A-Z]/.test(password)) out.push('upper');
  if (!/[a-z]/.test(password)) out.push('lower');
  return out;
}

/** 0–4 strength hint for the change-password form. */
export function passwordStrength(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (/[A-Z]/.test(password) && /[a-z]/.test(password)) score++;
  if (/\d/.test(password) && /[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export const changePasswordBody = z.strictObject({
  oldPassword: textSchema().min(1, 'required').max(128),
  newPassword: textSchema().min(1, 'required').max(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const switchRoleBody = z.strictObject({
  role: textSchema().trim().min(1, 'required').max(32),
});

import type { RoleRef } from './roles';
export type { RoleRef } from './roles';

/** GET /api/user/info: the seed's profile fields plus role, roles and permissions. */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  avatar: string;
  job: string;
  jobName: string;
  organization: string;
  organizationName: string;
  location: string;
  locationName: string;
  email: string;
  phone: string;
  introduction: string;
  personalWebsite: string;
  registrationDate: string;
  accountId: string;
  certification: number;
  role: string;
  roles: RoleRef[];
  permissions: string[];
  settings: Record<string, unknown> | null;
  /** The sign-in before this session's (上次登录); null on a first sign-in. */
  previousLoginAt: string | null;
  previousLoginIp: string | null;
  /** An administrator set the password: the shell forces the change-password page. */
  mustChangePassword: boolean;
}
