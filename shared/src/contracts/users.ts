// User management contracts (issue #15 point 1; product.md, "Users, roles, permissions"): the
// admin's search table of users, create / edit / enable / unlock / reset password, role
// assignment and the user's sessions. Shared by the system section's pages and the server.
import { z } from 'zod';
import type { Localized } from './locale';
import { roleRef, type UserSession } from './auth';
import { registerValidationMessages, textSchema, idSchema, idParam } from './validation';

export const USER_LIMITS = {
  usernameMin: 3,
  usernameMax: 64,
  nameMax: 64,
  emailMax: 254,
  phoneMax: 32,
  keywordMax: 64,
  passwordMax: 128,
  rolesMax: 20,
  roleCodeMax: 32,
} as const;

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** Message codes of the user contracts (registered with the shared validation messages). */
export const USER_VALIDATION_MESSAGES = {
  usernameFormat: m(
    '用户名只能包含字母、数字、点、下划线或连字符',
    'Letters, digits, dots, underscores or hyphens only',
  ),
  rolesRequired: m('至少分配一个角色', 'Assign at least one role'),
} as const satisfies Record<string, Localized>;
registerValidationMessages(USER_VALIDATION_MESSAGES);

const USERNAME = /^[A-Za-z0-9._-]+$/;

const roleCodes = z
  .array(textSchema().trim().min(1).max(USER_LIMITS.roleCodeMax))
  .min(1, 'rolesRequired')
  .max(USER_LIMITS.rolesMax);

const email = z.union([z.literal(''), z.email().max(USER_LIMITS.emailMax)]);
const phone = textSchema().trim().max(USER_LIMITS.phoneMax);

const profileFields = {
  name: textSchema().trim().min(1, 'required').max(USER_LIMITS.nameMax),
  email: email.default(''),
  phone: phone.default(''),
  roles: roleCodes,
};

export const userCreateBody = z.strictObject({
  username: textSchema()
    .trim()
    .min(USER_LIMITS.usernameMin)
    .max(USER_LIMITS.usernameMax)
    .regex(USERNAME, 'usernameFormat'),
  ...profileFields,
  /** The initial password; absent → the server generates one and answers it once. */
  password: textSchema().min(1).max(USER_LIMITS.passwordMax).optional(),
});
export type UserCreateBody = z.input<typeof userCreateBody>;

/** A PUT: every field is sent (an absent one is refused, never blanked). */
export const userUpdateBody = z.strictObject({
  ...profileFields,
  email,
  phone,
  version: idSchema,
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const userEnabledBody = z.strictObject({ enabled: z.boolean(), version: idSchema });
export type UserEnabledBody = z.infer<typeof userEnabledBody>;

export const userPasswordResetBody = z.strictObject({
  /** The new password; absent → generated and answered once. */
  password: textSchema().min(1).max(USER_LIMITS.passwordMax).optional(),
});
export type UserPasswordResetBody = z.infer<typeof userPasswordResetBody>;

export const userIdParams = z.strictObject({ id: idParam });
export const userSessionParams = z.strictObject({ id: idParam, sessionId: idParam });
export const userDeleteQuery = z.strictObject({ version: idParam.optional() });

/** One row of the user table. Never a password or hash. */
export const systemUser = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  enabled: z.boolean(),
  /** Some source is locked out after failed sign-ins (the admin may unlock). */
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  mustChangePassword: z.boolean(),
  roles: z.array(roleRef),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type SystemUser = z.infer<typeof systemUser>;

/**
 * The edit form's values for a user: every field of the update, as the record holds it. The form
 * opens with these and saves what it holds, so saving untouched changes nothing.
 */
export const userFormValues = (u: SystemUser): Required<UserUpdateBody> => ({
  name: u.name,
  email: u.email,
  phone: u.phone,
  roles: u.roles.map((r) => r.code),
  version: u.version,
});

/** Create and password reset answer the password once when the server generated it. */
export const systemUserWithPassword = z.object({
  user: systemUser,
  /** The initial password, shown once; null when the admin set it. */
  password: z.string().nullable(),
});
export type SystemUserWithPassword = z.infer<typeof systemUserWithPassword>;

/** A user's sessions as the admin sees them (the auth contract's session shape). */
export type SystemUserSession = UserSession;
