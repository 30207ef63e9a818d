import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CertificationData } from '@console/shared';
import { editableColumns } from '../../db/columns';
import { users } from '../auth/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Uploaded avatars, in the database so every server instance serves them (stateless server,
 * architecture.md "Scale-out"); `users.avatar` holds the URL `/api/user/avatar/<id>?v=…`.
 */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: varchar('mime', { length: 32 }).notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Certification applications of a user: the operator's business licence (seed §3
 * "Certification", §4: status pass or auditing, with check and withdraw).
 * At most one application per user is under audit at a time (partial unique index).
 */
export const certificationRecords = pgTable(
  'certification_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationType: varchar('certification_type', { length: 32 }).notNull(),
    certificationContent: varchar('certification_content', { length: 200 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('auditing'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    info: jsonb('info').$type<CertificationData>().notNull(),
    ...editableColumns(),
  },
  (t) => [
    index('certification_user_idx').on(t.userId, t.id),
    uniqueIndex('certification_one_auditing_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'auditing'`),
  ],
);

/**
 * The pages a user opened last (the workplace's "recently visited", issue #16 §2), kept with
 * the user's settings so they follow the user to another browser. One row per path; the
 * service keeps RECENT_PAGES_MAX of them.
 */
export const userRecentPages = pgTable(
  'user_recent_pages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 200 }).notNull(),
    routeKey: varchar('route_key', { length: 64 }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.path] }),
    index('user_recent_pages_user_idx').on(t.userId, t.visitedAt),
  ],
);
