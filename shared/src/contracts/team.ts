// Tour groups ("teams"; product.md, "Team" and "Allocation rules"; issue #13): the record, its
// itinerary over scenic spots, its guide assignments and feedback, and the lifecycle. The
// transition table below is the one place the lifecycle is written: the server enforces it,
// the pages show the actions it allows.
import { z } from 'zod';
import type { Localized } from './locale';
import { ERRORS, formatMessage } from './errors';
import { localDate } from '../time';
import {
  calendarDay,
  calendarDayInput,
  registerValidationMessages,
  textSchema,
  multilineTextSchema,
  idParam,
  idSchema,
  pageQueryFields,
  sortOrderField,
  withoutDefaults,
} from './validation';
import { SPREADSHEET_FORMATS } from './spreadsheet';
import { bi, sortFieldsOf, type FieldSpecs } from './fields';

// Lifecycle ------------------------------------------------------------------------------

export const TEAM_STATUSES = [
  'draft',
  'pending',
  'allocated',
  'ongoing',
  'completed',
  'cancelled',
] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

/**
 * Every allowed move (from → to). Anything else is 409 ILLEGAL_TRANSITION.
 * - draft → pending needs a complete itinerary (every day of the period has an item);
 * - pending → allocated needs an active local guide for the whole period (made by an
 *   assignment, never by hand without one);
 * - allocated → pending happens when the last active local guide is removed;
 * - allocated → ongoing at the start date (the job, or by hand);
 * - ongoing → completed after the end date (the job, or by hand);
 * - cancelled (with a reason) from any state before ongoing.
 */
export const TEAM_TRANSITIONS: Record<TeamStatus, readonly TeamStatus[]> = {
  draft: ['pending', 'cancelled'],
  pending: ['draft', 'allocated', 'cancelled'],
  allocated: ['pending', 'ongoing', 'cancelled'],
  ongoing: ['completed'],
  completed: [],
  cancelled: [],
};

export const canTransition = (from: TeamStatus, to: TeamStatus): boolean =>
  TEAM_TRANSITIONS[from].includes(to);

/** Moves a person may ask for directly (the others follow from assignments). */
export const MANUAL_TRANSITIONS: Record<TeamStatus, readonly TeamStatus[]> = {
  draft: ['pending', 'cancelled'],
  pending: ['draft', 'cancelled'],
  allocated: ['ongoing', 'cancelled'],
  ongoing: ['completed'],
  completed: [],
  cancelled: [],
};

/** Transitions that need a reason. */
export const TRANSITIONS_NEEDING_REASON: readonly TeamStatus[] = ['cancelled'];

/** States in which the team's basic info and itinerary may still be edited. */
export const TEAM_EDITABLE_STATUSES: readonly TeamStatus[] = ['draft', 'pending', 'allocated'];

/**
 * States in which guides may be put on or taken off the team: while it waits for allocation and
 * once allocated (taking off its last local guide puts it back to pending; product.md, "Team").
 * Not a draft: it is not yet submitted for allocation and its itinerary, which the spot
 * certifications follow, may still be incomplete. Not once under way: nothing leads an
 * ongoing team back to pending, so a guide there is only replaced (below) and the tour stays
 * covered.
 */
export const TEAM_ASSIGNABLE_STATUSES: readonly TeamStatus[] = ['pending', 'allocated'];

/** States in which an active guide may be replaced: an ongoing tour too (a stand-in from today). */
export const TEAM_REPLACEABLE_STATUSES: readonly TeamStatus[] = [
  ...TEAM_ASSIGNABLE_STATUSES,
  'ongoing',
];

/**
 * Moves that wait for a day of the team's period (product.md, "Allocation rules", last
 * paragraph): a team starts on or after its first day and completes on or after its last, by
 * the operation's local date (shared/src/time.ts). Each names its error code. The server's
 * `moveTeam` refuses by it whoever asks (a person or the start/finish job); the detail page
 * disables the button with the same reason.
 */
export const TEAM_CALENDAR_RULES = {
  ongoing: { rule: 'TEAM_STARTS_LATER', day: 'startDate', fact: 'start' },
  completed: { rule: 'TEAM_ENDS_LATER', day: 'endDate', fact: 'end' },
} as const;
export type TeamCalendarRule =
  (typeof TEAM_CALENDAR_RULES)[keyof typeof TEAM_CALENDAR_RULES]['rule'];

/** A move asked for before its day: the rule, its facts and its message in both languages. */
export interface TeamCalendarBreach {
  rule: TeamCalendarRule;
  /** The first local day the move is allowed on. */
  day: string;
  /** The local day it was asked on. */
  today: string;
  /** The message's placeholders ({start} or {end}, {today}). */
  facts: Record<string, string>;
  message: Localized;
}

/** Why the team may not move to `to` at `now` (operation's local date), or null when it may. */
export function teamCalendarBreach(
  team: { startDate: string; endDate: string },
  to: TeamStatus,
  now: Date,
): TeamCalendarBreach | null {
  if (to !== 'ongoing' && to !== 'completed') return null;
  const { rule, day: field, fact } = TEAM_CALENDAR_RULES[to];
  const day = team[field];
  const today = localDate(now);
  if (today >= day) return null;
  const facts = { [fact]: day, today };
  const msg = ERRORS[rule].msg;
  return {
    rule,
    day,
    today,
    facts,
    message: {
      'zh-CN': formatMessage(msg['zh-CN'], facts),
      'en-US': formatMessage(msg['en-US'], facts),
    },
  };
}

/** States whose teams count against spot capacity and guide availability. */
export const TEAM_ACTIVE_STATUSES: readonly TeamStatus[] = [
  'draft',
  'pending',
  'allocated',
  'ongoing',
  'completed',
];

/** The three list pages and the states each shows (product.md, "Team"). */
export const TEAM_VIEWS = {
  waiting: ['draft', 'pending'],
  ongoing: ['allocated', 'ongoing'],
  history: ['completed', 'cancelled'],
} as const satisfies Record<string, readonly TeamStatus[]>;
export type TeamView = keyof typeof TEAM_VIEWS;

/** The status steps of the detail page, in order (cancelled is shown apart). */
export const TEAM_STEPS: readonly TeamStatus[] = [
  'draft',
  'pending',
  'allocated',
  'ongoing',
  'completed',
];

// Assignments ----------------------------------------------------------------------------

export const ASSIGNMENT_ROLES = ['local_guide', 'narrator', 'assistant'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];

export const ASSIGNMENT_STATUSES = ['active', 'replaced', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/**
 * The hard allocation rules (product.md, "Allocation rules"), each with its stable code. The
 * assignment path refuses with the first it finds; the allocation screen lists every one a
 * guide breaks.
 */
export const ALLOCATION_RULES = [
  'GUIDE_NOT_ACTIVE',
  'LICENCE_EXPIRES',
  'GUIDE_BUSY',
  'GUIDE_UNAVAILABLE',
  'LANGUAGE_MISSING',
  'LEVEL_TOO_LOW',
  'SPOT_CERTIFICATION',
  'GROUP_TOO_LARGE',
] as const;
export type AllocationRule = (typeof ALLOCATION_RULES)[number];

/** One broken rule with its facts (dates, codes, levels …) for the message. */
export interface RuleBreach {
  rule: AllocationRule;
  /** Facts interpolated into the rule's message ({team}, {from}, {to}, {level} …). */
  facts: Record<string, string | number>;
  /** The rule's message with its facts, in both languages. */
  message: Localized;
}

/** Texts of the hard rules with the facts each names (the error catalogue holds them). */
export const ALLOCATION_RULE_MESSAGES = Object.fromEntries(
  ALLOCATION_RULES.map((rule) => [rule, ERRORS[rule].msg]),
) as Record<AllocationRule, Localized>;

// Limits and messages ---------------------------------------------------------------------

export const TEAM_LIMITS = {
  /** Seed §5: names at most 20 characters, notes at most 200. */
  nameMax: 20,
  notesMax: 200,
  codeMax: 64,
  agencyRefMax: 32,
  contactNameMax: 32,
  phonePattern: /^1[3-9]\d{9}$/,
  pickupPointMax: 100,
  reasonMax: 200,
  /** Per kind of traveller (adults, children, seniors). */
  paxMax: 999,
  /** Longest tour in days. */
  periodMaxDays: 30,
  itineraryItemsMax: 200,
  itineraryNotesMax: 200,
  feedbackCommentMax: 500,
  keywordMax: 64,
  /** A team starting within this many hours still pending makes a todo. */
  urgentHours: 48,
} as const;

/** HH:mm, 00:00 – 23:59. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Dictionaries the team's choices come from (seeded property categories). */
export const TEAM_AGENCY_CATEGORY = 'agency';
export const TEAM_MARKET_CATEGORY = 'market';
export const TEAM_LANGUAGE_CATEGORY = 'guide_language';

export const TEAM_VALIDATION_MESSAGES = {
  required: { 'zh-CN': '必填项', 'en-US': 'Required' },
  tooLong: { 'zh-CN': '内容过长', 'en-US': 'Too long' },
  teamName: { 'zh-CN': '团名最多 20 个字符', 'en-US': 'At most 20 characters' },
  notes: { 'zh-CN': '备注最多 200 个字符', 'en-US': 'At most 200 characters' },
  date: { 'zh-CN': '日期格式应为 YYYY-MM-DD', 'en-US': 'Use a YYYY-MM-DD date' },
  timeFormat: { 'zh-CN': '时间格式应为 HH:mm', 'en-US': 'Use the HH:mm format' },
  phone: {
    'zh-CN': '请输入 11 位中国大陆手机号',
    'en-US': 'Enter an 11-digit mainland China mobile number',
  },
  pax: { 'zh-CN': '人数为 0～999 的整数', 'en-US': 'A whole number from 0 to 999' },
  paxTotal: { 'zh-CN': '团队至少 1 人', 'en-US': 'The team needs at least one person' },
  endBeforeStart: {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end cannot be before the start',
  },
  periodTooLong: {
    'zh-CN': `行程最长 ${TEAM_LIMITS.periodMaxDays} 天`,
    'en-US': `A tour lasts at most ${TEAM_LIMITS.periodMaxDays} days`,
  },
  dayOutsidePeriod: {
    'zh-CN': '日期不在团期内',
    'en-US': 'The day is outside the team period',
  },
  endBeforeStartTime: {
    'zh-CN': '结束时间应晚于开始时间',
    'en-US': 'The end time must be after the start time',
  },
  tooMany: { 'zh-CN': '项目过多', 'en-US': 'Too many items' },
  cancelReasonRequired: { 'zh-CN': '取消需要填写原因', 'en-US': 'Cancelling needs a reason' },
  score: { 'zh-CN': '评分为 1～5 的整数', 'en-US': 'A whole score from 1 to 5' },
  unknownDictionaryValue: { 'zh-CN': '不在字典中的取值', 'en-US': 'Not a value of the dictionary' },
} as const satisfies Record<string, Localized>;
export type TeamValidationCode = keyof typeof TEAM_VALIDATION_MESSAGES;
registerValidationMessages(TEAM_VALIDATION_MESSAGES);

const isoDate = calendarDayInput;
const timeOfDay = textSchema().trim().regex(TIME_OF_DAY_PATTERN, 'timeFormat');
const text = (max: number, code: TeamValidationCode = 'tooLong') =>
  textSchema().trim().max(max, code);
const mobile = textSchema().trim().regex(TEAM_LIMITS.phonePattern, 'phone');
const pax = z.number('required').int('pax').min(0, 'pax').max(TEAM_LIMITS.paxMax, 'pax');
const dictionaryValue = textSchema().trim().min(1, 'required').max(64, 'tooLong');

/** Days from `start` to `end` inclusive (both YYYY-MM-DD). */
export function periodDays(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The dates of a period, in order. */
export function periodDates(start: string, end: string): string[] {
  const n = periodDays(start, end);
  const first = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: Math.max(0, n) }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  );
}

// Team record ----------------------------------------------------------------------------

/** Fields a person edits (create and update share them). */
export const teamFields = {
  name: text(TEAM_LIMITS.nameMax, 'teamName').min(1, 'required'),
  agency: dictionaryValue,
  agencyRef: text(TEAM_LIMITS.agencyRefMax).default(''),
  market: dictionaryValue,
  paxAdults: pax,
  paxChildren: pax.default(0),
  paxSeniors: pax.default(0),
  /** A value of the guide_language dictionary. */
  language: dictionaryValue,
  vip: z.boolean().default(false),
  leadContactName: text(TEAM_LIMITS.contactNameMax).min(1, 'required'),
  leadContactPhone: mobile,
  escortName: text(TEAM_LIMITS.contactNameMax).default(''),
  escortPhone: z.union([z.literal(''), mobile]).default(''),
  startDate: isoDate,
  endDate: isoDate,
  pickupPoint: text(TEAM_LIMITS.pickupPointMax).default(''),
  pickupTime: z.union([z.literal(''), timeOfDay]).default(''),
  notes: multilineTextSchema().trim().max(TEAM_LIMITS.notesMax, 'notes').default(''),
};

/**
 * What the views need of each field (contracts/fields.ts; issue 27): the create step form and
 * the edit drawer, the list columns and filters, the detail cards, the export sheet, the
 * locale labels and the server's write list are read from here, in this order. Groups: basic,
 * pax, period (with the pickup), contacts, notes (form sections and detail cards). Composite
 * displays are slots of their views: the pax total with its split (on paxAdults), the period
 * (on startDate), the pickup point and time (on pickupPoint), a contact with its phone.
 */
export const TEAM_FIELD_SPECS = {
  name: {
    label: bi('团名', 'Team name'),
    widget: { kind: 'text', max: TEAM_LIMITS.nameMax },
    group: 'basic',
    column: { width: 170, sortable: true, fixedVisible: true },
    sheet: { width: 20 },
  },
  agency: {
    label: bi('组团社', 'Agency'),
    widget: { kind: 'dictionary', category: TEAM_AGENCY_CATEGORY },
    group: 'basic',
    column: { width: 160 },
    sheet: { width: 14 },
  },
  agencyRef: {
    label: bi('组团社团号', 'Agency reference'),
    widget: { kind: 'text', max: TEAM_LIMITS.agencyRefMax },
    group: 'basic',
    blank: '',
    column: { width: 140, hidden: true },
    sheet: { width: 16 },
  },
  market: {
    label: bi('客源市场', 'Market'),
    widget: { kind: 'dictionary', category: TEAM_MARKET_CATEGORY },
    group: 'basic',
    column: { width: 100 },
  },
  language: {
    label: bi('语种', 'Language'),
    widget: { kind: 'dictionary', category: TEAM_LANGUAGE_CATEGORY },
    group: 'basic',
    column: { width: 100 },
  },
  vip: {
    label: bi('VIP', 'VIP'),
    widget: { kind: 'switch' },
    group: 'basic',
    blank: false,
    sheet: { width: 8 },
  },
  paxAdults: {
    label: bi('成人', 'Adults'),
    widget: { kind: 'integer' },
    group: 'pax',
    span: 8,
    blank: 1,
    sheet: { width: 8 },
    card: 'slot',
  },
  paxChildren: {
    label: bi('儿童', 'Children'),
    widget: { kind: 'integer' },
    group: 'pax',
    span: 8,
    blank: 0,
    sheet: { width: 8 },
    card: false,
  },
  paxSeniors: {
    label: bi('老人', 'Seniors'),
    widget: { kind: 'integer' },
    group: 'pax',
    span: 8,
    blank: 0,
    sheet: { width: 8 },
    card: false,
  },
  startDate: {
    label: bi('开始日期', 'Start date'),
    widget: { kind: 'date' },
    group: 'period',
    sheet: { width: 12 },
    card: 'slot',
  },
  endDate: {
    label: bi('结束日期', 'End date'),
    widget: { kind: 'date' },
    group: 'period',
    sheet: { width: 12 },
    card: false,
  },
  pickupPoint: {
    label: bi('接团地点', 'Pickup point'),
    widget: { kind: 'text', max: TEAM_LIMITS.pickupPointMax },
    group: 'period',
    blank: '',
    sheet: { width: 20 },
    card: 'slot',
  },
  pickupTime: {
    label: bi('接团时间', 'Pickup time'),
    // A cleared time is no time (''), the contract's blank.
    widget: { kind: 'time', cleared: '' },
    group: 'period',
    blank: '',
    sheet: { width: 10 },
    card: false,
  },
  leadContactName: {
    label: bi('联系人姓名', 'Contact name'),
    widget: { kind: 'text', max: TEAM_LIMITS.contactNameMax },
    group: 'contacts',
    card: 'slot',
  },
  leadContactPhone: {
    label: bi('联系人电话', 'Contact phone'),
    widget: { kind: 'text', max: 11 },
    group: 'contacts',
    sheet: { width: 14 },
    card: false,
  },
  escortName: {
    label: bi('全陪姓名', 'Escort name'),
    widget: { kind: 'text', max: TEAM_LIMITS.contactNameMax },
    group: 'contacts',
    blank: '',
    card: 'slot',
  },
  escortPhone: {
    label: bi('全陪电话', 'Escort phone'),
    widget: { kind: 'text', max: 11 },
    group: 'contacts',
    blank: '',
    sheet: { width: 14 },
    card: false,
  },
  notes: {
    label: bi('备注', 'Notes'),
    widget: { kind: 'text', max: TEAM_LIMITS.notesMax, rows: 2 },
    group: 'notes',
    span: 24,
    blank: '',
    sheet: { width: 30 },
  },
} as const satisfies FieldSpecs<typeof teamFields>;
export type TeamField = keyof typeof TEAM_FIELD_SPECS;
/** The editable fields in the specs' order (forms, sheet, the server's write list). */
export const TEAM_FIELD_KEYS = Object.keys(TEAM_FIELD_SPECS) as TeamField[];

interface TeamFieldValues {
  paxAdults: number;
  paxChildren: number;
  paxSeniors: number;
  startDate: string;
  endDate: string;
}

/** Cross-field rules: at least one person, end not before start, at most 30 days. */
export function checkTeam(v: TeamFieldValues, ctx: z.RefinementCtx) {
  if (v.paxAdults + v.paxChildren + v.paxSeniors < 1)
    ctx.addIssue({ code: 'custom', path: ['paxAdults'], message: 'paxTotal' });
  const dates = isoDate.safeParse(v.startDate).success && isoDate.safeParse(v.endDate).success;
  if (!dates) return;
  if (v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
  else if (periodDays(v.startDate, v.endDate) > TEAM_LIMITS.periodMaxDays)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'periodTooLong' });
}

export const teamCreateBody = z.strictObject(teamFields).superRefine(checkTeam);
export type TeamCreateBody = z.infer<typeof teamCreateBody>;
export type TeamInput = z.input<typeof teamCreateBody>;

/**
 * PUT /api/teams/:id: every editable field, as the edit form holds it (a field left out is 400,
 * never a blank; issue 25). A body equal to the record changes nothing, not even the version.
 */
export const teamUpdateBody = z
  .strictObject({ ...withoutDefaults(teamFields), version: idSchema })
  .superRefine(checkTeam);
export type TeamUpdateBody = z.infer<typeof teamUpdateBody>;

/** POST /api/teams/:id/transition: a manual move of the lifecycle. */
export const teamTransitionBody = z
  .strictObject({
    to: z.enum(TEAM_STATUSES, 'required'),
    reason: text(TEAM_LIMITS.reasonMax).default(''),
    version: idSchema,
  })
  .superRefine((v, ctx) => {
    if (TRANSITIONS_NEEDING_REASON.includes(v.to) && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'cancelReasonRequired' });
  });
export type TeamTransitionBody = z.infer<typeof teamTransitionBody>;

// Itinerary ------------------------------------------------------------------------------

export const itineraryItemInput = z
  .strictObject({
    /** The calendar day of the visit, inside the team's period. */
    date: isoDate,
    spotId: idSchema,
    plannedStart: timeOfDay,
    plannedEnd: timeOfDay,
    notes: text(TEAM_LIMITS.itineraryNotesMax).default(''),
  })
  .superRefine((v, ctx) => {
    if (
      TIME_OF_DAY_PATTERN.test(v.plannedStart) &&
      TIME_OF_DAY_PATTERN.test(v.plannedEnd) &&
      v.plannedEnd <= v.plannedStart
    )
      ctx.addIssue({ code: 'custom', path: ['plannedEnd'], message: 'endBeforeStartTime' });
  });
export type ItineraryItemInput = z.infer<typeof itineraryItemInput>;

/**
 * PUT /api/teams/:id/itinerary: the whole itinerary, in order (sequence within a day follows
 * the array order). `confirmCapacityWarning` acknowledges a spot-day at or over the warning
 * percent; at 100 % it is refused whatever the flag.
 */
export const itinerarySaveBody = z.strictObject({
  items: z.array(itineraryItemInput).max(TEAM_LIMITS.itineraryItemsMax, 'tooMany'),
  confirmCapacityWarning: z.boolean().default(false),
  version: idSchema,
});
export type ItinerarySaveBody = z.infer<typeof itinerarySaveBody>;

/** A spot-day at or over the warning percent (answered so the client can confirm). */
export interface CapacityWarning {
  spotId: number;
  spotName: string;
  date: string;
  /** Pax of every other non-cancelled team planned there that day plus this one. */
  planned: number;
  capacity: number;
  percent: number;
}

/** GET /api/teams/capacity?spotId&date&excludeTeamId: what is left at a spot on a day. */
export const spotDayCapacityQuery = z.strictObject({
  spotId: idParam,
  date: isoDate,
  excludeTeamId: idParam.optional(),
});
export interface SpotDayCapacity {
  spotId: number;
  date: string;
  capacity: number;
  planned: number;
  remaining: number;
  percent: number;
  /** The capacity comes from a maintenance window (0 = closed). */
  maintenance: boolean;
}

// Assignments and feedback ------------------------------------------------------------------

/** POST /api/teams/:id/assignments: put a guide on the team for a period within it. */
export const assignmentCreateBody = z
  .strictObject({
    guideId: idSchema,
    role: z.enum(ASSIGNMENT_ROLES, 'required'),
    from: isoDate,
    to: isoDate,
  })
  .superRefine((v, ctx) => {
    const dates = isoDate.safeParse(v.from).success && isoDate.safeParse(v.to).success;
    if (dates && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'endBeforeStart' });
  });
export type AssignmentCreateBody = z.infer<typeof assignmentCreateBody>;

/** POST /api/teams/:id/assignments/:assignmentId/replace: another guide takes over. */
export const assignmentReplaceBody = z.strictObject({
  guideId: idSchema,
  reason: text(TEAM_LIMITS.reasonMax).default(''),
  version: idSchema,
});
export type AssignmentReplaceBody = z.infer<typeof assignmentReplaceBody>;

/** DELETE /api/teams/:id/assignments/:assignmentId?version=&reason= */
export const assignmentRemoveQuery = z.strictObject({
  version: idParam,
  reason: text(TEAM_LIMITS.reasonMax).optional(),
});

export const feedbackBody = z.strictObject({
  guideId: idSchema,
  score: z.number('required').int('score').min(1, 'score').max(5, 'score'),
  comment: multilineTextSchema().trim().max(TEAM_LIMITS.feedbackCommentMax, 'tooLong').default(''),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const teamIdParams = z.strictObject({ id: idParam });
export const teamAssignmentParams = z.strictObject({ id: idParam, assignmentId: idParam });

// Lists ------------------------------------------------------------------------------------

/**
 * The list sorts by the fields whose column sorts and by: the generated code, the period's
 * dates (the period column is a composite, sorted by its start), the pax total (derived), the
 * status (moved by its transitions) and the times.
 */
export const TEAM_SORT_FIELDS = sortFieldsOf(TEAM_FIELD_SPECS, [
  'code',
  'startDate',
  'endDate',
  'pax',
  'status',
  'createdAt',
  'updatedAt',
] as const);
export type TeamSortField = (typeof TEAM_SORT_FIELDS)[number];

const teamFilterFields = {
  view: z.enum(['waiting', 'ongoing', 'history']).optional(),
  code: textSchema().trim().max(TEAM_LIMITS.codeMax).optional(),
  /** Name, code or agency reference contains. */
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
  agency: textSchema().trim().min(1).max(64).optional(),
  market: textSchema().trim().min(1).max(64).optional(),
  language: textSchema().trim().min(1).max(64).optional(),
  vip: z.enum(['true', 'false']).optional(),
  status: z.enum(TEAM_STATUSES).optional(),
  /** Teams whose period overlaps [from, to]. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sortField: z.enum(TEAM_SORT_FIELDS).optional(),
  sortOrder: sortOrderField(),
};

/** GET /api/teams query: filters, sort, page. */
export const teamListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  ...teamFilterFields,
});
export type TeamListQuery = z.infer<typeof teamListQuery>;
export type TeamFilter = Omit<TeamListQuery, 'current' | 'pageSize'>;

/** GET /api/teams/export: the list's filters plus the file format. */
export const teamExportQuery = z.strictObject({
  ...teamFilterFields,
  format: z.enum(SPREADSHEET_FORMATS).default('xlsx'),
});

// Response shapes ----------------------------------------------------------------------------

export const teamListItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  agency: z.string(),
  agencyRef: z.string(),
  market: z.string(),
  pax: z.number(),
  paxAdults: z.number(),
  paxChildren: z.number(),
  paxSeniors: z.number(),
  language: z.string(),
  vip: z.boolean(),
  startDate: calendarDay,
  endDate: calendarDay,
  status: z.enum(TEAM_STATUSES),
  /** Names of the active local guides, for the list. */
  guides: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(ASSIGNMENT_ROLES) })),
  updatedAt: z.string(),
  version: z.number(),
});
export type TeamListItem = z.infer<typeof teamListItem>;

export const itineraryItem = z.object({
  id: z.number(),
  date: calendarDay,
  seq: z.number(),
  spotId: z.number(),
  spotName: z.string(),
  spotCode: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  notes: z.string(),
});
export type ItineraryItem = z.infer<typeof itineraryItem>;

export const teamAssignment = z.object({
  id: z.number(),
  guideId: z.number(),
  guideName: z.string(),
  guideCode: z.string(),
  role: z.enum(ASSIGNMENT_ROLES),
  from: calendarDay,
  to: calendarDay,
  status: z.enum(ASSIGNMENT_STATUSES),
  score: z.number().nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string(),
  endedBy: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string(),
  version: z.number(),
});
export type TeamAssignment = z.infer<typeof teamAssignment>;

export const teamFeedback = z.object({
  guideId: z.number(),
  guideName: z.string(),
  score: z.number(),
  comment: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamFeedback = z.infer<typeof teamFeedback>;

export const teamStatusChange = z.object({
  from: z.enum(TEAM_STATUSES).nullable(),
  to: z.enum(TEAM_STATUSES),
  /** null: the system (the start/finish job). */
  actor: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});
export type TeamStatusChange = z.infer<typeof teamStatusChange>;

export const teamDetail = teamListItem.extend({
  leadContactName: z.string(),
  leadContactPhone: z.string(),
  escortName: z.string(),
  escortPhone: z.string(),
  pickupPoint: z.string(),
  pickupTime: z.string(),
  notes: z.string(),
  statusReason: z.string(),
  itinerary: z.array(itineraryItem),
  assignments: z.array(teamAssignment),
  feedback: z.array(teamFeedback),
  history: z.array(teamStatusChange),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Team = z.infer<typeof teamDetail>;

// Team code ----------------------------------------------------------------------------------

/**
 * The team code from `team.codePattern` (default `T{yyyyMMdd}{seq:3}`): `{yyyyMMdd}`,
 * `{yyMMdd}`, `{yyyy}`, `{MM}`, `{dd}` take the date (YYYY-MM-DD, the creation day where the
 * operation runs), `{seq:N}` the day's sequence number padded to N digits.
 */
export function teamCodeFrom(pattern: string, date: string, seq: number): string {
  const [yyyy, mm, dd] = date.split('-');
  return pattern
    .replace(/\{yyyyMMdd\}/g, `${yyyy}${mm}${dd}`)
    .replace(/\{yyMMdd\}/g, `${yyyy.slice(2)}${mm}${dd}`)
    .replace(/\{yyyy\}/g, yyyy)
    .replace(/\{MM\}/g, mm)
    .replace(/\{dd\}/g, dd)
    .replace(/\{seq(?::(\d))?\}/g, (_, width?: string) =>
      String(seq).padStart(Number(width ?? 1), '0'),
    );
}

// Operation log and answers added by the team core -------------------------------------------

/** GET /api/teams/:id/operation-log: a page of the team's audit rows, newest first. */
export const teamLogQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
});

export const teamLogEntry = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  action: z.string(),
  result: z.number(),
  /** Field changes as the audit row holds them ({field: {before, after}}). */
  diff: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  /** The entry as a sentence in the caller's language ("Cancelled the team"). */
  sentence: z.string(),
});
export type TeamLogEntry = z.infer<typeof teamLogEntry>;

/** PUT /api/teams/:id/itinerary answers the team and the warnings the client confirmed. */
export interface ItinerarySaveResult {
  team: Team;
  warnings: CapacityWarning[];
}

/** The response shape of a CapacityWarning (percent may exceed 100 only when refused). */
export const capacityWarningShape = z.object({
  spotId: z.number(),
  spotName: z.string(),
  date: calendarDay,
  planned: z.number(),
  capacity: z.number(),
  percent: z.number(),
});

// Guide check and assignment answers (the assign endpoints; issue #13 points 6–9) -------------

/** GET /api/teams/:id/guide-check: every guide against the hard rules, eligible first. */
export const guideCheckQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  /** Name contains, or code starts with. */
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
  eligibleOnly: z.enum(['true', 'false']).optional(),
  /** Only this guide (why can or cannot this guide take the team?). */
  guideId: idParam.optional(),
  /** The covered days to check (default: the team's whole period). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type GuideCheckQuery = z.infer<typeof guideCheckQuery>;

export const ruleBreach = z.object({
  rule: z.enum(ALLOCATION_RULES),
  facts: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
});

export const guideCheckItem = z.object({
  guideId: z.number(),
  code: z.string(),
  name: z.string(),
  level: z.string(),
  status: z.string(),
  homeCity: z.string(),
  maxGroupSize: z.number(),
  languages: z.array(z.string()),
  eligible: z.boolean(),
  /** Every rule the guide breaks, in ALLOCATION_RULES order (empty when eligible). */
  breaches: z.array(ruleBreach),
});
export type GuideCheckItem = z.infer<typeof guideCheckItem>;

/** What an assignment write answers: the team's new status and version, and the row. */
export const assignmentResult = z.object({
  teamId: z.number(),
  status: z.enum(TEAM_STATUSES),
  version: z.number(),
  assignment: teamAssignment,
});
export type AssignmentResult = z.infer<typeof assignmentResult>;

export const feedbackResult = z.object({
  teamId: z.number(),
  status: z.enum(TEAM_STATUSES),
  version: z.number(),
  feedback: teamFeedback,
});
export type FeedbackResult = z.infer<typeof feedbackResult>;
