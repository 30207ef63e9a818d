import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Overrides of the typed system configuration; keys without a row take their default. */
export const systemConfig = pgTable('system_config', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  version: integer('version').notNull().default(1),
});
