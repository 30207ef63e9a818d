// Section versions (product.md, "Section versions"; issue 5): environments, published
// section bundles with their build record, the pin of each section per environment, and the
// pin history.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SectionPages } from '@console/shared/contracts/menu';
import { editableColumns } from '../../db/columns';

export const sectionEnvironments = pgTable('section_environments', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull().unique(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  builtIn: boolean('built_in').notNull().default(false),
  ...editableColumns(),
});

/** A published bundle: immutable once recorded (its files live in the section store). */
export const sectionVersions = pgTable(
  'section_versions',
  {
    id: serial('id').primaryKey(),
    section: varchar('section', { length: 32 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
    commit: varchar('commit', { length: 64 }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Versions of the shared singletons the bundle was built against. */
    shared: jsonb('shared').$type<Record<string, string>>().notNull(),
    /** The pages the version declares (its `section-pages.json`, checked at publish; issue 17).
     * Null on versions published before sections declared their pages. */
    pages: jsonb('pages').$type<SectionPages>(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: varchar('published_by', { length: 64 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('section_versions_uq').on(t.section, t.version),
    index('section_versions_published_idx').on(t.section, t.publishedAt),
  ],
);

/** The one version of a section an environment runs. */
export const sectionPins = pgTable(
  'section_pins',
  {
    id: serial('id').primaryKey(),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => sectionEnvironments.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 32 }).notNull(),
    sectionVersionId: integer('section_version_id')
      .notNull()
      .references(() => sectionVersions.id),
    pinnedBy: varchar('pinned_by', { length: 64 }).notNull().default(''),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('section_pins_uq').on(t.environmentId, t.section)],
);

/** Every pin and rollback: who, when, from → to, why. */
export const sectionPinHistory = pgTable(
  'section_pin_history',
  {
    id: serial('id').primaryKey(),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => sectionEnvironments.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 32 }).notNull(),
    action: varchar('action', { length: 16 }).$type<'pin' | 'rollback'>().notNull(),
    fromVersion: varchar('from_version', { length: 64 }),
    toVersion: varchar('to_version', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    actorId: integer('actor_id'),
    actor: varchar('actor', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('section_pin_history_idx').on(t.environmentId, t.section, t.id)],
);
