// Columns every editable record carries (product.md, "Domain model"): timestamps, author and
// the optimistic-locking version.
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const editableColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  version: integer('version').notNull().default(1),
});
