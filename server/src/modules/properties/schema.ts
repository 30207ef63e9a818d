import {
  boolean,
  integer,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
  index,
} from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns';

/** Dictionary categories (guide languages, specialties, scenic categories, agencies …). */
export const propertyCategories = pgTable('property_categories', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 64 }).notNull(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  builtIn: boolean('built_in').notNull().default(false),
  ...editableColumns(),
});

export const propertyItems = pgTable(
  'property_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => propertyCategories.id, { onDelete: 'cascade' }),
    value: varchar('value', { length: 64 }).notNull(),
    labelZh: varchar('label_zh', { length: 128 }).notNull(),
    labelEn: varchar('label_en', { length: 128 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('property_items_value_idx').on(t.categoryId, t.value),
    index('property_items_order_idx').on(t.categoryId, t.sortOrder),
  ],
);
