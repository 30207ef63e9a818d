// Batch plans (issue #14 point 3): a draft the dispatcher previews, then commits. Each item
// keeps what the plan relied on — the team's version, the chosen guide's fingerprint (its row
// version, active assignments and leave) — so a commit can tell that something changed.
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PlanItem, PlanStatus, PlanSummary } from '@console/shared';
import { users } from '../auth/schema';
import { guides } from '../guide/schema';
import { teams } from '../team/schema';

export const allocationPlans = pgTable(
  'allocation_plans',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 16 }).$type<PlanStatus>().notNull().default('draft'),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** The solver's figures (objective, bound, method …) as the summary shows them. */
    figures: jsonb('figures')
      .$type<Omit<PlanSummary, 'id' | 'status' | 'from' | 'to' | 'createdAt' | 'createdBy'>>()
      .notNull(),
    /** Fingerprint of the allocation configuration (hard and soft) the plan was made under. */
    configFingerprint: text('config_fingerprint').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('allocation_plans_created_idx').on(t.createdAt)],
);

export const allocationPlanItems = pgTable(
  'allocation_plan_items',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => allocationPlans.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    teamVersion: integer('team_version').notNull(),
    guideId: integer('guide_id').references(() => guides.id, { onDelete: 'cascade' }),
    /** md5 of the guide's version, active assignments and leave when planned. */
    guideFingerprint: text('guide_fingerprint'),
    score: real('score'),
    /** The item as the preview shows it. */
    detail: jsonb('detail').$type<PlanItem>().notNull(),
    committed: boolean('committed').notNull().default(false),
    assignmentId: integer('assignment_id'),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.teamId] }),
    index('allocation_plan_items_guide_idx').on(t.guideId),
  ],
);
