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

/** A role as the user info carries it (roles.ts re-exports the type, staying zod-free). */
export const roleRef = z.object({
  code: z.string(),
  /** Chinese name. */
  name: z.string(),
  nameEn: z.string(),
});
export type RoleRef = z.infer<typeof roleRef>;

/** GET /api/user/info: the seed's profile fields plus role, roles and permissions. */
export const userInfo = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  job: z.string(),
  jobName: z.string(),
  organization: z.string(),
  organizationName: z.string(),
  location: z.string(),
  locationName: z.string(),
  email: z.string(),
  phone: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  registrationDate: z.string(),
  accountId: z.string(),
  certification: z.number(),
  role: z.string(),
  roles: z.array(roleRef),
  permissions: z.array(z.string()),
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** The sign-in before this session's (上次登录); null on a first sign-in. */
  previousLoginAt: z.string().nullable(),
  previousLoginIp: z.string().nullable(),
  /** An administrator set the password: the shell forces the change-password page. */
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** One sign-in session of a user (times as ISO strings). */
export const userSession = z.object({
  id: z.number(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
});
export type UserSession = z.infer<typeof userSession>;

/** GET /api/user/sessions: the caller's own sessions, the current one marked. */
export const ownSession = userSession.extend({ current: z.boolean() });
export type OwnSession = z.infer<typeof ownSession>;

/**
 * One entry of the `POST /api/user/menu` answer: a section and its pages (menu.ts). Recursive,
 * so it is a named component of the OpenAPI document (`id`), referenced where it nests.
 */
export const serverMenuItem = z
  .object({
    key: z.string(),
    path: z.string(),
    get children() {
      return z.array(serverMenuItem).optional();
    },
  })
  .meta({ id: 'ServerMenuItem' });
export type ServerMenuItem = z.infer<typeof serverMenuItem>;
