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
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { SectionPages } from '@console/shared/contracts/menu';
import type { PinAction, SectionReportKind } from '@console/shared/contracts/sections';
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
    /** The canary: a second version served to `canaryShare` % of the users (issue 30). */
    canaryVersionId: integer('canary_version_id').references(() => sectionVersions.id),
    canaryShare: smallint('canary_share'),
    canarySince: timestamp('canary_since', { withTimezone: true }),
    canaryBy: varchar('canary_by', { length: 64 }),
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
    action: varchar('action', { length: 16 }).$type<PinAction>().notNull(),
    fromVersion: varchar('from_version', { length: 64 }),
    toVersion: varchar('to_version', { length: 64 }).notNull(),
    /** A canary action's share of users (%), null for the pin's own moves. */
    share: smallint('share'),
    reason: varchar('reason', { length: 500 }).notNull(),
    actorId: integer('actor_id'),
    actor: varchar('actor', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('section_pin_history_idx').on(t.environmentId, t.section, t.id)],
);

/**
 * Which session was given which version of a section (issue 30, "sessions served"): one row per
 * session × environment × section × version, its last serving refreshed at most once a minute;
 * purged after SECTION_HEALTH_RETENTION_DAYS (jobs/section-health-purge.ts).
 */
export const sectionServed = pgTable(
  'section_served',
  {
    sessionId: integer('session_id').notNull(),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => sectionEnvironments.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 32 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.environmentId, t.section, t.version] }),
    index('section_served_version_idx').on(t.environmentId, t.section, t.version, t.lastAt),
  ],
);

/**
 * What browsers met per section version (issue 30): one row per session × version × kind ×
 * message, counted; at most SECTION_REPORT_LIMITS.rowsPerSession rows a session.
 */
export const sectionReports = pgTable(
  'section_reports',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull(),
    environmentId: integer('environment_id')
      .notNull()
      .references(() => sectionEnvironments.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 32 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<SectionReportKind>().notNull(),
    message: varchar('message', { length: 300 }).notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('section_reports_uq').on(
      t.sessionId,
      t.environmentId,
      t.section,
      t.version,
      t.kind,
      t.message,
    ),
    index('section_reports_version_idx').on(t.environmentId, t.section, t.version, t.lastAt),
  ],
);
