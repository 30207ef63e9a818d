// Team tables (product.md, "Team"; issue #13): the team, its itinerary, guide assignments,
// feedback and status history. Hand-written SQL of migration 0005 adds what Drizzle cannot
// declare: the exclusion constraint that keeps a guide's active assignments apart (with the
// buffer, extended at write time) and the view of guide figures.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  TEAM_LIMITS as L,
  TEAM_TEMPLATE_LIMITS,
  type AssignmentRole,
  type AssignmentStatus,
  type TeamStatus,
  type TeamTemplateItem,
} from '@console/shared';
import { editableColumns } from '../../db/columns';
import { users } from '../auth/schema';
import { guides } from '../guide/schema';
import { scenicSpots } from '../scenic/schema';

/** A PostgreSQL `tstzrange`, read and written as its text form `[start,end)`. */
export const tstzrange = customType<{ data: string; driverData: string }>({
  dataType: () => 'tstzrange',
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: L.codeMax }).notNull(),
    name: varchar('name', { length: L.nameMax }).notNull(),
    /** A value of the `agency` dictionary, and the agency's own reference. */
    agency: varchar('agency', { length: 64 }).notNull(),
    agencyRef: varchar('agency_ref', { length: L.agencyRefMax }).notNull().default(''),
    /** A value of the `market` dictionary. */
    market: varchar('market', { length: 64 }).notNull(),
    paxAdults: integer('pax_adults').notNull(),
    paxChildren: integer('pax_children').notNull().default(0),
    paxSeniors: integer('pax_seniors').notNull().default(0),
    /** Everyone in the group: what capacity and group-size rules count. */
    pax: integer('pax')
      .notNull()
      .generatedAlwaysAs(sql`pax_adults + pax_children + pax_seniors`),
    /** A value of the `guide_language` dictionary. */
    language: varchar('language', { length: 64 }).notNull(),
    vip: boolean('vip').notNull().default(false),
    leadContactName: varchar('lead_contact_name', { length: L.contactNameMax }).notNull(),
    leadContactPhone: varchar('lead_contact_phone', { length: 16 }).notNull(),
    escortName: varchar('escort_name', { length: L.contactNameMax }).notNull().default(''),
    escortPhone: varchar('escort_phone', { length: 16 }).notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    pickupPoint: varchar('pickup_point', { length: L.pickupPointMax }).notNull().default(''),
    /** HH:mm where the operation runs, or ''. */
    pickupTime: varchar('pickup_time', { length: 5 }).notNull().default(''),
    notes: varchar('notes', { length: L.notesMax }).notNull().default(''),
    status: varchar('status', { length: 16 }).$type<TeamStatus>().notNull().default('draft'),
    statusReason: varchar('status_reason', { length: L.reasonMax }).notNull().default(''),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('teams_code_idx').on(t.code),
    index('teams_status_start_idx').on(t.status, t.startDate, t.id),
    index('teams_start_idx').on(t.startDate, t.id),
    index('teams_end_idx').on(t.endDate),
    index('teams_agency_idx').on(t.agency, t.startDate),
    index('teams_market_idx').on(t.market, t.startDate),
    index('teams_language_idx').on(t.language, t.startDate),
    index('teams_updated_idx').on(t.updatedAt, t.id),
    check('teams_period_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** The last sequence number used per creation day, so generated team codes never repeat. */
export const teamCodeCounters = pgTable('team_code_counters', {
  day: date('day').primaryKey(),
  last: integer('last').notNull(),
});

/** Visits of the itinerary: a spot on a day, in order within the day. */
export const teamItineraryItems = pgTable(
  'team_itinerary_items',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    seq: smallint('seq').notNull(),
    // A spot that teams plan to visit cannot be deleted (product.md; issue #13 point 5).
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'restrict' }),
    plannedStart: varchar('planned_start', { length: 5 }).notNull(),
    plannedEnd: varchar('planned_end', { length: 5 }).notNull(),
    notes: varchar('notes', { length: L.itineraryNotesMax }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('team_itinerary_team_day_seq_idx').on(t.teamId, t.date, t.seq),
    index('team_itinerary_spot_day_idx').on(t.spotId, t.date, t.teamId),
  ],
);

/**
 * Guides on a team. `busy` is the period the guide is taken, [start, end + buffer), fixed
 * when the row is written; migration 0005 adds the exclusion constraint over the active rows
 * of one guide, so two overlapping bookings can never both commit.
 */
export const teamAssignments = pgTable(
  'team_assignments',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'restrict' }),
    role: varchar('role', { length: 16 }).$type<AssignmentRole>().notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    busy: tstzrange('busy').notNull(),
    status: varchar('status', { length: 16 }).$type<AssignmentStatus>().notNull().default('active'),
    /** The score and reasons it was chosen with (allocation screen or plan); null by hand. */
    score: real('score'),
    reasons: jsonb('reasons').$type<unknown[]>().notNull().default([]),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    endedBy: integer('ended_by').references(() => users.id, { onDelete: 'set null' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: varchar('end_reason', { length: L.reasonMax }).notNull().default(''),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('team_assignments_team_idx').on(t.teamId, t.status),
    index('team_assignments_guide_idx').on(t.guideId, t.status, t.fromDate),
    check('team_assignments_period_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/** Feedback after the tour: one score and comment per guide of a completed team. */
export const teamFeedback = pgTable(
  'team_feedback',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: varchar('comment', { length: L.feedbackCommentMax }).notNull().default(''),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('team_feedback_team_guide_idx').on(t.teamId, t.guideId),
    index('team_feedback_guide_idx').on(t.guideId),
    check('team_feedback_score_check', sql`${t.score} between 1 and 5`),
  ],
);

/** Every status change: from, to, who (null = the system), when and why. */
export const teamStatusHistory = pgTable(
  'team_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }).$type<TeamStatus>(),
    toStatus: varchar('to_status', { length: 16 }).$type<TeamStatus>().notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: L.reasonMax }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_status_history_team_idx').on(t.teamId, t.at)],
);

/**
 * Itinerary templates (issue 29 item 2): a team's itinerary kept under a name, its items by day
 * of the tour (0 = the first day) so a new team of any start date can take it. Spots are
 * referenced by id inside `items`; a spot gone since is dropped when a team takes the template
 * (the itinerary save checks every spot).
 */
export const teamTemplates = pgTable(
  'team_templates',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: TEAM_TEMPLATE_LIMITS.nameMax }).notNull(),
    /** The tour's length in days when the template was saved. */
    days: smallint('days').notNull(),
    items: jsonb('items').$type<TeamTemplateItem[]>().notNull(),
    /** The team it was saved from (null once that team is gone). */
    sourceTeamId: integer('source_team_id').references(() => teams.id, { onDelete: 'set null' }),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('team_templates_name_idx').on(t.name),
    index('team_templates_updated_idx').on(t.updatedAt, t.id),
  ],
);
