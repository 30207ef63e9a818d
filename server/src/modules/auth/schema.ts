import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull().default(''),
  description: varchar('description', { length: 500 }).notNull().default(''),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  builtIn: boolean('built_in').notNull().default(false),
  ...editableColumns(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 64 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: varchar('name', { length: 64 }).notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  email: varchar('email', { length: 254 }).notNull().default(''),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  job: varchar('job', { length: 64 }).notNull().default(''),
  jobName: varchar('job_name', { length: 64 }).notNull().default(''),
  organization: varchar('organization', { length: 64 }).notNull().default(''),
  organizationName: varchar('organization_name', { length: 128 }).notNull().default(''),
  location: varchar('location', { length: 64 }).notNull().default(''),
  locationName: varchar('location_name', { length: 128 }).notNull().default(''),
  introduction: varchar('introduction', { length: 2000 }).notNull().default(''),
  personalWebsite: varchar('personal_website', { length: 256 }).notNull().default(''),
  accountId: varchar('account_id', { length: 32 }).notNull(),
  registrationDate: timestamp('registration_date', { withTimezone: true }).notNull().defaultNow(),
  enabled: boolean('enabled').notNull().default(true),
  /** Set when an administrator created the user or reset the password: the shell forces the
   * change-password page until the user picks their own (issue #15 point 1). */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** The role the user last acted as; a new session starts with it. */
  activeRole: varchar('active_role', { length: 32 }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  lastLoginIp: varchar('last_login_ip', { length: 64 }),
  /** Console settings of this user (settings drawer), applied before first paint. */
  settings: jsonb('settings').$type<Record<string, unknown>>(),
  /** Free-form profile extras of the user-settings page (country/region, area, address …). */
  profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
  ...editableColumns(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The role this session acts as; switching roles in one browser leaves the others. */
    activeRole: varchar('active_role', { length: 32 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    /** The user's sign-in before this session's (上次登录 in the user centre). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    previousLoginIp: varchar('previous_login_ip', { length: 64 }),
  },
  (t) => [
    uniqueIndex('sessions_token_idx').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins per account and source address (login throttling). */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);
