// Guide allocation (issue #14; product.md, "Allocation rules"): the soft preferences that rank
// eligible guides, the candidates of one team, the batch plan over waiting teams, and the
// dispatch board. The hard rules and their messages are the team contract's (ALLOCATION_RULES,
// ruleBreach); this file never restates them.
import { z } from 'zod';
import type { Localized } from './locale';
import { calendarDay, idParam, idSchema, pageQueryFields, textSchema } from './validation';
import { guideCheckItem, ruleBreach, TEAM_LIMITS, TEAM_STATUSES } from './team';

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

// Soft preferences --------------------------------------------------------------------------

/**
 * The soft preferences, each worth `weight` points at most. A guide's value on each is a number
 * in [0, 1] (see SOFT_PREFERENCE_TEXT for how it is measured); its score is the sum of
 * weight × value over the enabled preferences, scaled to 0–100 by the enabled weights' sum.
 * Values depend only on the guide and the team (never on other candidates), so a plan's total
 * score is a sum over its pairs.
 */
export const SOFT_PREFERENCES = [
  'fairness',
  'rating',
  'continuity',
  'language',
  'homeCity',
] as const;
export type SoftPreference = (typeof SOFT_PREFERENCES)[number];

/** How far back the fairness preference counts worked days. */
export const FAIRNESS_WINDOW_DAYS = 30;

/** Language value per proficiency of the team's language (native > fluent > working). */
export const PROFICIENCY_VALUE = { native: 1, fluent: 2 / 3, working: 1 / 3, basic: 0 } as const;

/** A guide with no feedback yet counts as this average rating (of 5). */
export const NEUTRAL_RATING = 3;

export const SOFT_PREFERENCE_TEXT: Record<
  SoftPreference,
  { title: Localized; description: Localized; defaultWeight: number }
> = {
  fairness: {
    title: m('工作量均衡', 'Workload fairness'),
    description: m(
      `近 ${FAIRNESS_WINDOW_DAYS} 天带团天数越少越优先（0 天得满分，${FAIRNESS_WINDOW_DAYS} 天及以上不得分）。`,
      `Fewer days worked in the last ${FAIRNESS_WINDOW_DAYS} days ranks higher (0 days: full marks; ${FAIRNESS_WINDOW_DAYS} or more: none).`,
    ),
    defaultWeight: 30,
  },
  rating: {
    title: m('平均评分', 'Average rating'),
    description: m(
      `团队反馈的平均分（1–5 分）越高越优先；尚无评分按 ${NEUTRAL_RATING} 分计。`,
      `A higher average feedback score (1–5) ranks higher; a guide without feedback counts as ${NEUTRAL_RATING}.`,
    ),
    defaultWeight: 25,
  },
  continuity: {
    title: m('带团连续性', 'Continuity'),
    description: m(
      '已在该团其他日期担任地陪的导游优先。',
      'A guide who already leads this team on other days ranks higher.',
    ),
    defaultWeight: 20,
  },
  language: {
    title: m('语言熟练度', 'Language proficiency'),
    description: m(
      '团队语言为母语者优先，其次流利、工作语言。',
      "A native speaker of the team's language ranks higher, then fluent, then working.",
    ),
    defaultWeight: 15,
  },
  homeCity: {
    title: m('常驻城市', 'Home city'),
    description: m(
      '常驻城市与首个景点所在城市相同的导游优先。',
      "A guide whose home city is the first spot's city ranks higher.",
    ),
    defaultWeight: 10,
  },
};

export const SOFT_WEIGHT_MAX = 100;

/** The system-config keys of one preference (typed and validated in system-config.ts). */
export const softEnabledKey = <P extends SoftPreference>(p: P) =>
  `allocation.soft.${p}.enabled` as const;
export const softWeightKey = <P extends SoftPreference>(p: P) =>
  `allocation.soft.${p}.weight` as const;

/** One preference's part of a guide's score. */
export const scorePart = z.object({
  preference: z.enum(SOFT_PREFERENCES),
  weight: z.number(),
  /** The guide's value on this preference, 0–1. */
  value: z.number(),
  /** Points it adds to the 0–100 score. */
  contribution: z.number(),
  /** The fact measured: days worked, average rating, proficiency, home city … */
  fact: z.union([z.string(), z.number(), z.null()]),
});
export type ScorePart = z.infer<typeof scorePart>;

// Rules (the rules tab) -----------------------------------------------------------------------

export const softRule = z.object({
  preference: z.enum(SOFT_PREFERENCES),
  enabled: z.boolean(),
  weight: z.number(),
  /** The config versions, for the PUT's optimistic check. */
  enabledVersion: z.number(),
  weightVersion: z.number(),
});
export const allocationRules = z.object({
  soft: z.array(softRule),
  /** Hard rules are always on: listed for the locked cards. */
  hard: z.array(
    z.object({ rule: z.string(), message: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }) }),
  ),
});
export type AllocationRules = z.infer<typeof allocationRules>;

/** PUT /api/allocation/rules (system:config:write): through the audited system config. */
export const allocationRulesBody = z.strictObject({
  soft: z
    .array(
      z.strictObject({
        preference: z.enum(SOFT_PREFERENCES),
        enabled: z.boolean(),
        weight: z.number().int().min(0).max(SOFT_WEIGHT_MAX),
        enabledVersion: z.number().int().min(0),
        weightVersion: z.number().int().min(0),
      }),
    )
    .min(1)
    .max(SOFT_PREFERENCES.length),
});
export type AllocationRulesBody = z.infer<typeof allocationRulesBody>;

// Waiting teams (left column, board strip) ----------------------------------------------------

/** A team starting within this many hours is urgent. */
export const URGENT_HOURS = 48;
/** The longest range a plan, the waiting list or the board covers. */
export const ALLOCATION_RANGE_MAX_DAYS = 62;

const rangeQuery = {
  from: z.iso.date(),
  to: z.iso.date(),
};

/** GET /api/allocation/teams (team:read): pending teams starting in [from, to]. */
export const waitingTeamsQuery = z.strictObject({
  ...rangeQuery,
  ...pageQueryFields({ size: 50, max: 500 }),
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
});
export type WaitingTeamsQuery = z.infer<typeof waitingTeamsQuery>;

export const waitingTeam = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(TEAM_STATUSES),
  startDate: calendarDay,
  endDate: calendarDay,
  /** ISO instant of the first day's start (operation time zone). */
  startsAt: z.string(),
  /** Hours until it starts (negative once started); urgent when ≤ URGENT_HOURS. */
  startsInHours: z.number(),
  urgent: z.boolean(),
  pax: z.number(),
  language: z.string(),
  vip: z.boolean(),
  /** Itinerary spot names in visiting order. */
  spots: z.array(z.string()),
  version: z.number(),
});
export type WaitingTeam = z.infer<typeof waitingTeam>;

// Large groups: several local guides share a team (issue 29 item 1) -------------------------

/**
 * THE coverage rule, in one place (server rules, the plan's model, the tests' checker and the
 * candidates page all call these):
 * - a guide's capacity on a team is its maximum group size, or the spots' lowest max pax per
 *   guide over the days it takes when that is lower;
 * - a team's day is covered when the capacities of its local guides on that day add up to its
 *   pax; the team is `allocated` when every day is covered;
 * - a team is a *large group* when its pax exceed the largest capacity any active guide has on
 *   it: no one guide can lead it, so every guide that keeps the other rules may take a share
 *   (GROUP_TOO_LARGE does not apply to it); otherwise one guide must hold the pax left on his
 *   own, as before;
 * - a team needs ⌈pax still to cover / capacity⌉ more guides (with the largest capacity: the
 *   fewest that can do it).
 */
export function guideCapacity(maxGroupSize: number, spotMaxPaxPerGuide: number | null): number {
  return spotMaxPaxPerGuide !== null && spotMaxPaxPerGuide < maxGroupSize
    ? spotMaxPaxPerGuide
    : maxGroupSize;
}

/** More local guides the team needs for `pax` still to cover, each leading up to `capacity`. */
export function guidesNeeded(pax: number, capacity: number): number {
  if (pax <= 0) return 0;
  return capacity > 0 ? Math.ceil(pax / capacity) : Infinity;
}

/** Pax still to cover once guides of these capacities lead the team (0 when covered). */
export const paxUncovered = (pax: number, capacities: readonly number[]): number =>
  Math.max(
    0,
    capacities.reduce((left, c) => left - c, pax),
  );

/** Whether a team of `pax` takes several guides: more than the largest capacity on it. */
export const isLargeGroup = (pax: number, largestCapacity: number): boolean =>
  pax > largestCapacity;

/**
 * Whether one guide of `capacity` may take a team of `teamPax` whose local guides leave
 * `paxLeft` uncovered: alone when it holds them, as a share of a large group whatever its
 * capacity (GROUP_TOO_LARGE otherwise).
 */
export const mayLead = (
  paxLeft: number,
  capacity: number,
  teamPax: number,
  largestCapacity: number,
): boolean => paxLeft <= capacity || isLargeGroup(teamPax, largestCapacity);

// Candidates of one team ----------------------------------------------------------------------

/** GET /api/allocation/teams/:id/candidates (team:allocate). */
export const candidatesQuery = z.strictObject({
  ...pageQueryFields({ size: 20, max: 100 }),
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
  eligibleOnly: z.enum(['true', 'false']).optional(),
});
export type CandidatesQuery = z.infer<typeof candidatesQuery>;

/**
 * A guide against the team: eligible with its score (0–100) and breakdown, or excluded with
 * every hard rule it breaks (`breaches`, from the team's rule module). Eligible guides come
 * first by score (highest first), then excluded ones by name.
 */
export const candidate = guideCheckItem.extend({
  /** The pax the guide can lead on this team (guideCapacity). */
  capacity: z.number(),
  score: z.number().nullable(),
  breakdown: z.array(scorePart),
});
export type Candidate = z.infer<typeof candidate>;

export const candidatesPage = z.object({
  list: z.array(candidate),
  total: z.number(),
  /** How many of all guides are eligible (whatever the filters). */
  eligibleTotal: z.number(),
  /**
   * The days the guides were checked for, and an assignment from this list books: the team's
   * first run of days without a local guide (its whole period when none or all have one). A
   * guide already leading the team's other days is eligible there, with its continuity.
   */
  window: z.object({ from: calendarDay, to: calendarDay }),
  /** How far the team's local guides cover its pax on `window` (the coverage rule). */
  coverage: z.object({
    pax: z.number(),
    /** Pax no local guide holds yet on the window's worst day. */
    paxLeft: z.number(),
    /** The largest capacity an active guide has on the team. */
    largestCapacity: z.number(),
    /** More guides needed at least (guidesNeeded with the largest capacity). */
    stillNeeded: z.number(),
    /** No one guide can lead what is left: every guide may take a share. */
    largeGroup: z.boolean(),
  }),
});
export type CandidatesPage = z.infer<typeof candidatesPage>;

// Batch plan ----------------------------------------------------------------------------------

export const planIdParams = z.strictObject({ id: idParam });

/** POST /api/allocation/plans (team:allocate). */
export const planCreateBody = z.strictObject({
  ...rangeQuery,
  /** Only these waiting teams of the range (default: all of them). */
  teamIds: z.array(idSchema).min(1).max(5000).optional(),
});
export type PlanCreateBody = z.infer<typeof planCreateBody>;

/**
 * What covering a team is worth in the plan's objective, beside its 0–100 score: covering one
 * more team outweighs the score of ten, so the plan covers as many teams as it can first.
 */
export const PLAN_COVER_VALUE = 1000;

export const PLAN_STATUSES = ['draft', 'committed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Why a team got no guide in the plan. */
export const UNCOVERED_REASONS = ['NO_ELIGIBLE_GUIDE', 'ALL_TAKEN'] as const;
export type UncoveredReason = (typeof UNCOVERED_REASONS)[number];
export const UNCOVERED_TEXT: Record<UncoveredReason, Localized> = {
  NO_ELIGIBLE_GUIDE: m('没有符合硬性规则的导游', 'No guide meets the hard rules'),
  ALL_TAKEN: m(
    '符合条件的导游都已分配给时间重叠的其他团',
    'Every eligible guide is planned for an overlapping team',
  ),
};

export const planGuide = z.object({
  guideId: z.number(),
  code: z.string(),
  name: z.string(),
  level: z.string(),
  score: z.number(),
});

export const planItem = z.object({
  teamId: z.number(),
  teamCode: z.string(),
  teamName: z.string(),
  startDate: calendarDay,
  endDate: calendarDay,
  /**
   * The days planned and booked when part of the team already has a local guide: its first run
   * of days without one (as the candidates' `window`). Absent or null: the whole period.
   */
  window: z.object({ from: calendarDay, to: calendarDay }).nullable().optional(),
  pax: z.number(),
  language: z.string(),
  vip: z.boolean(),
  /** The chosen guide (a large group: the first of its guides), or null when uncovered. */
  guide: planGuide.nullable(),
  /**
   * A large group's guides (issue 29 item 1), each with the pax it leads at most: their
   * capacities cover the pax left on the planned days. Absent for a team one guide leads.
   */
  guides: z.array(planGuide.extend({ capacity: z.number() })).optional(),
  /** The pax the plan covers on the planned days (what the team's local guides left). */
  paxLeft: z.number().optional(),
  breakdown: z.array(scorePart),
  /** The next best eligible guides (up to 3), by score. */
  alternatives: z.array(planGuide),
  uncovered: z
    .object({
      reason: z.enum(UNCOVERED_REASONS),
      /** The closest excluded guides (fewest breaches) with every rule they break. */
      closest: z.array(
        z.object({
          guideId: z.number(),
          code: z.string(),
          name: z.string(),
          breaches: z.array(ruleBreach),
        }),
      ),
    })
    .nullable(),
});
export type PlanItem = z.infer<typeof planItem>;

export const planSummary = z.object({
  id: z.number(),
  status: z.enum(PLAN_STATUSES),
  from: calendarDay,
  to: calendarDay,
  createdAt: z.string(),
  createdBy: z.string(),
  teamsConsidered: z.number(),
  teamsCovered: z.number(),
  /** Sum of the chosen pairs' scores (0–100 each). */
  totalScore: z.number(),
  /** The plan's objective: Σ over chosen pairs of PLAN_COVER_VALUE + score. */
  objective: z.number(),
  /**
   * The LP relaxation's optimum of the same objective: no plan can do better. `quality` is
   * objective / objectiveBound (1 = provably optimal).
   */
  objectiveBound: z.number(),
  quality: z.number(),
  /** Teams the LP bound says could be covered at most (⌊Σ x⌋ of the relaxation). */
  coverBound: z.number(),
  solveMs: z.number(),
  /** How it was solved: exact MIP per component, LP rounding with repair … */
  method: z.string(),
  /** Milliseconds the plan spent in each phase (reading, building, solving, checking). */
  phaseMs: z.record(z.string(), z.number()).optional(),
});
export type PlanSummary = z.infer<typeof planSummary>;

export const planDetail = planSummary.extend({ items: z.array(planItem) });
export type PlanDetail = z.infer<typeof planDetail>;

/** A plan's phases in turn (issue 26 item 16): reading data, building the model, solving, checking. */
export const PLAN_PHASES = ['reading', 'building', 'solving', 'checking'] as const;
export type PlanPhase = (typeof PLAN_PHASES)[number];
export const PLAN_PHASE_TEXT: Record<PlanPhase, Localized> = {
  reading: m('读取团队与导游', 'Reading teams and guides'),
  building: m('构建模型', 'Building the model'),
  solving: m('求解', 'Solving'),
  checking: m('核对并保存', 'Checking and storing'),
};

/** GET /api/allocation/plans/progress: the caller's plan under way (null when none). */
export const planProgress = z.object({
  phase: z.enum(PLAN_PHASES),
  startedAt: z.string(),
  elapsedMs: z.number(),
  /** Seconds left of the plan's time budget (solving: its time limit and what follows). */
  secondsLeft: z.number(),
  percent: z.number(),
});
export type PlanProgress = z.infer<typeof planProgress>;

/** POST /api/allocation/plans/:id/commit: all covered teams, or only these. */
export const planCommitBody = z.strictObject({
  teamIds: z.array(idSchema).min(1).max(5000).optional(),
});
export type PlanCommitBody = z.infer<typeof planCommitBody>;

export const PLAN_CHANGE_KINDS = [
  'TEAM_CHANGED',
  'TEAM_NOT_WAITING',
  'GUIDE_CHANGED',
  'GUIDE_BOOKED',
  'RULES_CHANGED',
] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

/** One thing that changed since the plan (the PLAN_STALE 409's `data.changes`). */
export const planChange = z.object({
  kind: z.enum(PLAN_CHANGE_KINDS),
  teamId: z.number().nullable(),
  teamCode: z.string().nullable(),
  guideId: z.number().nullable(),
  message: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
});
export type PlanChange = z.infer<typeof planChange>;

export const planCommitResult = z.object({
  planId: z.number(),
  committed: z.array(
    z.object({ teamId: z.number(), guideId: z.number(), assignmentId: z.number() }),
  ),
});
export type PlanCommitResult = z.infer<typeof planCommitResult>;

/** Plans older than this are purged by the job runner. */
export const PLAN_TTL_HOURS = 24;

// Dispatch board ------------------------------------------------------------------------------

/** GET /api/allocation/board (team:read): guides × days over [from, to]. */
export const boardQuery = z.strictObject({
  ...rangeQuery,
  ...pageQueryFields({ size: 500, max: 500 }),
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
});
export type BoardQuery = z.infer<typeof boardQuery>;

export const boardBar = z.object({
  kind: z.enum(['team', 'leave']),
  /** The team (kind team) or the unavailability row (kind leave). */
  id: z.number(),
  /** Team code, or the leave type. */
  label: z.string(),
  from: calendarDay,
  to: calendarDay,
  /** The team's name, pax and status, so a bar says more than its code ('' / 0 / null: leave). */
  name: z.string(),
  pax: z.number(),
  status: z.enum(TEAM_STATUSES).nullable(),
});
export type BoardBar = z.infer<typeof boardBar>;

export const boardGuide = z.object({
  guideId: z.number(),
  code: z.string(),
  name: z.string(),
  level: z.string(),
  status: z.string(),
  /** Days with an assignment inside the range. */
  workloadDays: z.number(),
  bars: z.array(boardBar),
});
export type BoardGuide = z.infer<typeof boardGuide>;

export const board = z.object({
  from: calendarDay,
  to: calendarDay,
  guides: z.array(boardGuide),
  total: z.number(),
  /** The range's waiting teams (the strip on top), urgent ones flagged. */
  waiting: z.array(waitingTeam),
});
export type Board = z.infer<typeof board>;
