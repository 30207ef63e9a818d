// Copies, itinerary templates and the guide's work order (issue 29 items 2 and 3; product.md,
// "Allocation rules", last paragraph: "Dispatchers copy teams, keep itinerary templates, and
// print each guide's work order").
import { z } from 'zod';
import type { Localized } from './locale';
import { ERRORS, formatMessage } from './errors';
import { addDays, localDate } from '../time';
import {
  calendarDay,
  idParam,
  idSchema,
  pageQueryFields,
  registerValidationMessages,
  textSchema,
} from './validation';
import { ASSIGNMENT_ROLES, TEAM_LIMITS, TEAM_STATUSES, TIME_OF_DAY_PATTERN } from './team';

export const TEAM_TEMPLATE_LIMITS = {
  nameMax: 40,
  /** The farthest a copy moves a team's dates, either way. */
  copyOffsetMaxDays: 730,
} as const;

export const TEAM_TEMPLATE_VALIDATION_MESSAGES = {
  copyOffset: {
    'zh-CN': `日期最多前后移动 ${TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays} 天`,
    'en-US': `Move the dates by at most ${TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays} days either way`,
  },
} as const satisfies Record<string, Localized>;
registerValidationMessages(TEAM_TEMPLATE_VALIDATION_MESSAGES);

// Copy -----------------------------------------------------------------------------------------

/**
 * POST /api/teams/:id/copy: a new draft team with a new code, its dates (and itinerary) moved by
 * `offsetDays`, no guides. `confirmCapacityWarning` as for an itinerary save.
 */
export const teamCopyBody = z.strictObject({
  offsetDays: z
    .number('required')
    .int('required')
    .min(-TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays, 'copyOffset')
    .max(TEAM_TEMPLATE_LIMITS.copyOffsetMaxDays, 'copyOffset'),
  confirmCapacityWarning: z.boolean().default(false),
});
export type TeamCopyBody = z.infer<typeof teamCopyBody>;

/** A copy that the calendar refuses: its rule, facts and message in both languages. */
export interface TeamCopyBreach {
  rule: 'TEAM_COPY_STARTS_BEFORE_TODAY';
  /** The copy's first day, and the local day it was asked on. */
  facts: { start: string; today: string };
  message: Localized;
}

/**
 * Why a copy of `team` moved by `offsetDays` may not be made at `now`, or null when it may. A copy
 * plans a tour to come, so it starts on or after today by the operation's local date (the same
 * calendar the lifecycle's moves follow: `teamCalendarBreach`). The server refuses by it; the
 * copy dialog disables its button with the same message.
 */
export function teamCopyBreach(
  team: { startDate: string },
  offsetDays: number,
  now: Date,
): TeamCopyBreach | null {
  const start = addDays(team.startDate, offsetDays);
  const today = localDate(now);
  if (start >= today) return null;
  const facts = { start, today };
  const msg = ERRORS.TEAM_COPY_STARTS_BEFORE_TODAY.msg;
  return {
    rule: 'TEAM_COPY_STARTS_BEFORE_TODAY',
    facts,
    message: {
      'zh-CN': formatMessage(msg['zh-CN'], facts),
      'en-US': formatMessage(msg['en-US'], facts),
    },
  };
}

// Templates ------------------------------------------------------------------------------------

/** One visit of a template: the day of the tour (0 = first), the spot and the times. */
export const teamTemplateItem = z.object({
  day: z
    .number()
    .int()
    .min(0)
    .max(TEAM_LIMITS.periodMaxDays - 1),
  spotId: z.number(),
  plannedStart: z.string().regex(TIME_OF_DAY_PATTERN),
  plannedEnd: z.string().regex(TIME_OF_DAY_PATTERN),
  notes: z.string(),
});
export type TeamTemplateItem = z.infer<typeof teamTemplateItem>;

/** POST /api/team-templates: the team's itinerary kept under `name` (unique). */
export const teamTemplateCreateBody = z.strictObject({
  teamId: idSchema,
  name: textSchema().trim().min(1, 'required').max(TEAM_TEMPLATE_LIMITS.nameMax, 'tooLong'),
});
export type TeamTemplateCreateBody = z.infer<typeof teamTemplateCreateBody>;

/** GET /api/team-templates: a page, newest first; `keyword`: the name or a spot's name contains. */
export const teamTemplateListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  keyword: textSchema().trim().max(TEAM_LIMITS.keywordMax).optional(),
});
export type TeamTemplateListQuery = z.infer<typeof teamTemplateListQuery>;

export const teamTemplateParams = z.strictObject({ id: idParam });
/** DELETE /api/team-templates/:id?version= */
export const teamTemplateRemoveQuery = z.strictObject({ version: idParam });

export const teamTemplateListItem = z.object({
  id: z.number(),
  name: z.string(),
  days: z.number(),
  itemCount: z.number(),
  /** The spots' names in itinerary order, each once. */
  spots: z.array(z.string()),
  sourceTeamId: z.number().nullable(),
  sourceTeamCode: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type TeamTemplateListItem = z.infer<typeof teamTemplateListItem>;

export const teamTemplateDetail = teamTemplateListItem.extend({
  items: z.array(teamTemplateItem.extend({ spotName: z.string(), spotCode: z.string() })),
});
export type TeamTemplateDetail = z.infer<typeof teamTemplateDetail>;

/** The itinerary rows a team starting on `startDate` takes from a template (days past `endDate` drop). */
export function templateItinerary(
  items: readonly TeamTemplateItem[],
  startDate: string,
  endDate: string,
) {
  return items
    .map((i) => ({
      date: addDays(startDate, i.day),
      spotId: i.spotId,
      plannedStart: i.plannedStart,
      plannedEnd: i.plannedEnd,
      notes: i.notes,
    }))
    .filter((i) => i.date <= endDate);
}

// Work order -----------------------------------------------------------------------------------

/** GET /api/teams/:id/work-order?guideId=: what the guide takes on the tour, to print. */
export const workOrderQuery = z.strictObject({ guideId: idParam });

export const workOrder = z.object({
  team: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    status: z.enum(TEAM_STATUSES),
    agency: z.string(),
    market: z.string(),
    language: z.string(),
    vip: z.boolean(),
    pax: z.number(),
    paxAdults: z.number(),
    paxChildren: z.number(),
    paxSeniors: z.number(),
    startDate: calendarDay,
    endDate: calendarDay,
    pickupPoint: z.string(),
    pickupTime: z.string(),
    leadContactName: z.string(),
    leadContactPhone: z.string(),
    escortName: z.string(),
    escortPhone: z.string(),
    notes: z.string(),
  }),
  /** The guide the order is for, with the covered days and role. */
  guide: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    phone: z.string(),
    role: z.enum(ASSIGNMENT_ROLES),
    from: calendarDay,
    to: calendarDay,
  }),
  /** The team's other active guides. */
  otherGuides: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      phone: z.string(),
      role: z.enum(ASSIGNMENT_ROLES),
      from: calendarDay,
      to: calendarDay,
    }),
  ),
  /** Day by day, each visit with the spot's address and opening hours (scenic data). */
  days: z.array(
    z.object({
      date: calendarDay,
      items: z.array(
        z.object({
          seq: z.number(),
          plannedStart: z.string(),
          plannedEnd: z.string(),
          notes: z.string(),
          spot: z.object({
            id: z.number(),
            code: z.string(),
            name: z.string(),
            province: z.string(),
            city: z.string(),
            address: z.string(),
            openTime: z.string(),
            closeTime: z.string(),
          }),
        }),
      ),
    }),
  ),
  /** When the order was made (ISO). */
  printedAt: z.string(),
});
export type WorkOrder = z.infer<typeof workOrder>;
