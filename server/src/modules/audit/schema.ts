import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** The operation log: one row per write (product.md, "Audit trail"), hash-chained. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    role: varchar('role', { length: 32 }).notNull().default(''),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 64 }).notNull().default(''),
    entityId: varchar('entity_id', { length: 64 }).notNull().default(''),
    diff: jsonb('diff').$type<Record<string, FieldChange>>(),
    requestId: varchar('request_id', { length: 64 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    /** HTTP status of the request that made the change. */
    result: integer('result').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    index('audit_at_idx').on(t.at, t.id),
    index('audit_user_idx').on(t.userId, t.id),
    index('audit_entity_idx').on(t.entityType, t.entityId, t.id),
  ],
);

/**
 * Where the chain starts after the retention purge (issue #15 point 5): the last purged row's
 * id and hash. One row at most (id = 1); without it the chain starts at the genesis hash.
 */
export const auditAnchor = pgTable('audit_anchor', {
  id: integer('id').primaryKey(),
  lastPurgedId: bigint('last_purged_id', { mode: 'number' }).notNull(),
  lastPurgedHash: varchar('last_purged_hash', { length: 64 }).notNull(),
  purgedAt: timestamp('purged_at', { withTimezone: true }).notNull().defaultNow(),
});
