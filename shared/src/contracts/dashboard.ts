// The dashboard section (issue #16 §2 workplace, §4 analyses): what `GET /api/dashboard/workplace`
// answers in one call, the user's recently visited pages, the quick operations and the analyses'
// queries, rows and column titles (one copy: the pages' tables and the xlsx exports read them).
import { z } from 'zod';
import type { Localized } from './locale';
import type { Permission } from './permissions';
import { SECTION_NAMES } from './menu';
import { GUIDE_LEVELS } from './guide';
import type { TeamStatus, TeamView } from './team';
import { addDays } from '../time';
import { calendarDay } from './validation';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

// Recently visited ---------------------------------------------------------------------------

/** Pages kept per user (the newest first; a page visited again moves to the top). */
export const RECENT_PAGES_MAX = 10;
const PATH_MAX = 200;

/** A section page's key: `<section>/<page>` (the pages a section declares change at runtime). */
const ROUTE_KEY = new RegExp(`^(${SECTION_NAMES.join('|')})/[a-z0-9-]+(/[a-z0-9-]+)*$`);

/** `POST /api/user/recent`: the shell records a section page the user opened. */
export const recentVisitBody = z.strictObject({
  /** A route key of the section metadata (contracts/menu.ts), e.g. `team/detail`. */
  key: z
    .string()
    .max(64)
    .refine((k) => ROUTE_KEY.test(k), 'unknownRoute'),
  /** The path as opened, e.g. `/team/detail/12` (no query, no host). */
  path: z
    .string()
    .max(PATH_MAX)
    .regex(/^\/[A-Za-z0-9/_.-]*$/, 'pathFormat'),
});
export type RecentVisitBody = z.infer<typeof recentVisitBody>;

export const recentPage = z.object({
  key: z.string(),
  path: z.string(),
  /** ISO instant of the last visit. */
  at: z.string(),
});
export type RecentPage = z.infer<typeof recentPage>;

// Quick operations ---------------------------------------------------------------------------

/** Shortcuts of the workplace; each shows only to a role holding its permission. */
export const QUICK_OPERATIONS = [
  {
    key: 'newTeam',
    path: '/team/new',
    permission: 'team:write',
    title: bi('新建团队', 'New team'),
  },
  {
    key: 'planAllocation',
    path: '/guide/allocation',
    permission: 'team:allocate',
    title: bi('分配计划', 'Plan allocation'),
  },
  {
    key: 'addGuide',
    path: '/guide/list',
    permission: 'guide:write',
    title: bi('新增导游', 'Add guide'),
  },
  {
    key: 'scenicMaintenance',
    path: '/scenic/maintenance',
    permission: 'scenic:maintain',
    title: bi('景点维护', 'Scenic maintenance'),
  },
  {
    key: 'waitingTeams',
    path: '/team/waiting',
    permission: 'team:read',
    title: bi('待分配团队', 'Waiting teams'),
  },
  {
    key: 'operationLog',
    path: '/system/operation-log',
    permission: 'system:audit:read',
    title: bi('操作日志', 'Operation log'),
  },
] as const satisfies readonly {
  key: string;
  path: string;
  permission: Permission;
  title: Localized;
}[];
export type QuickOperationKey = (typeof QUICK_OPERATIONS)[number]['key'];

// Workplace ----------------------------------------------------------------------------------

/** "Starting soon" among the waiting teams: start date within this many days of today. */
export const WAITING_SOON_DAYS = 2;
/** Popular spots listed (seed §2 popular content: rank, title, visitors, increase). */
export const POPULAR_SPOTS_MAX = 10;
export const ANNOUNCEMENTS_MAX = 5;

export const TEAM_MARKETS = ['domestic', 'inbound', 'outbound'] as const;

/** The workplace's team figures: each is the total of a team list, and its card links there. */
export const WORKPLACE_TEAM_FIGURES = ['ongoing', 'waiting', 'waitingSoon', 'drafts'] as const;
export type WorkplaceTeamFigure = (typeof WORKPLACE_TEAM_FIGURES)[number];

/** A team list page (`/team/<view>`) under a filter of its search table. */
export interface TeamListLink {
  view: TeamView;
  filter: { status: TeamStatus; to?: string };
}

/**
 * The list each team figure of the workplace is the total of (issue 25 defect 7: 待分配团队
 * said 13 and the list it led to showed 19, its 6 drafts too). One definition for three
 * readers: the server counts each figure through the team list itself, the card links to that
 * list with this filter, and the tests follow the link. 待分配 is the status `pending` (a team
 * a dispatcher can give a guide; a draft cannot be allocated yet), so the waiting page's drafts
 * are a figure of their own beside it: waiting + drafts is the waiting page's total.
 */
export function workplaceTeamLinks(today: string): Record<WorkplaceTeamFigure, TeamListLink> {
  return {
    ongoing: { view: 'ongoing', filter: { status: 'ongoing' } },
    waiting: { view: 'waiting', filter: { status: 'pending' } },
    waitingSoon: {
      view: 'waiting',
      filter: { status: 'pending', to: addDays(today, WAITING_SOON_DAYS) },
    },
    drafts: { view: 'waiting', filter: { status: 'draft' } },
  };
}

/** The page address of a team list link (the search table reads its filter from the URL). */
export function teamListHref(link: TeamListLink): string {
  return `/team/${link.view}?${new URLSearchParams(link.filter).toString()}`;
}

export const workplaceSchema = z.object({
  /** The operation's local day the figures are for. */
  today: calendarDay,
  /** Each the total of its list (workplaceTeamLinks). */
  teams: z.object({
    /** Teams ongoing (the ongoing page, status ongoing). */
    ongoing: z.number(),
    /** Teams waiting for a guide (the waiting page, status pending). */
    waiting: z.number(),
    /** Waiting teams starting within WAITING_SOON_DAYS (or overdue). */
    waitingSoon: z.number(),
    /** Drafts, not yet submitted for allocation (the waiting page, status draft). */
    drafts: z.number(),
  }),
  guides: z.object({
    /** Guides with an active assignment covering today. */
    onDuty: z.number(),
    /** Active guides neither on duty nor unavailable today. */
    free: z.number(),
  }),
  visitors: z.object({
    /** Entries counted by the gates today, all spots. */
    today: z.number(),
    /** Today's daily capacity of all spots (maintenance windows lower it). */
    capacity: z.number(),
  }),
  announcements: z.array(
    z.object({ id: z.number(), title: z.string(), time: z.string(), read: z.boolean() }),
  ),
  recent: z.array(recentPage),
  quickOperations: z.array(z.string()),
  popularSpots: z.array(
    z.object({
      rank: z.number(),
      spotId: z.number(),
      name: z.string(),
      /** Entries this week (Monday to today). */
      visitors: z.number(),
      /** Entries over the same days of last week. */
      lastWeek: z.number(),
      /** Change in percent against last week; null when last week had none. */
      increase: z.number().nullable(),
    }),
  ),
  /** Teams not cancelled that start this month or later, by market (seed content-type share). */
  marketShare: z.array(z.object({ market: z.string(), teams: z.number(), pax: z.number() })),
});
export type Workplace = z.infer<typeof workplaceSchema>;

// Analyses -----------------------------------------------------------------------------------

/** The longest range one analysis reads. */
export const ANALYSIS_RANGE_MAX_DAYS = 366;
export const ANALYSIS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalysisBucket = (typeof ANALYSIS_BUCKETS)[number];
/** Series (spots, agencies, rows of a matrix) one chart draws at most: the largest first. */
export const ANALYSIS_SERIES_MAX = 12;

const isoDay = z.iso.date('date');

export const analysisRangeQuery = z
  .strictObject({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'rangeOrder' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYSIS_RANGE_MAX_DAYS, {
    path: ['to'],
    message: 'rangeTooLong',
  });
export type AnalysisRangeQuery = z.infer<typeof analysisRangeQuery>;

export const ANALYSIS_DIMENSIONS = ['agency', 'market', 'spot'] as const;
export type AnalysisDimension = (typeof ANALYSIS_DIMENSIONS)[number];

/**
 * Every analysis chart: who may read it, its query extras, and its row columns with their
 * titles (the page's data table and the xlsx export share them). `dictionary`: the column
 * holds a dictionary value shown as its label.
 */
export const ANALYSIS_CHARTS = {
  visitors: {
    permission: 'dashboard:read',
    title: bi('景点客流', 'Visitors per spot'),
    columns: {
      period: { title: bi('时间段', 'Period'), type: 'string' },
      spot: { title: bi('景点', 'Spot'), type: 'string' },
      visitors: { title: bi('入园人数', 'Visitors'), type: 'integer' },
    },
  },
  peakHours: {
    permission: 'dashboard:read',
    title: bi('高峰时段', 'Peak hours'),
    columns: {
      weekday: { title: bi('星期', 'Weekday'), type: 'integer' },
      hour: { title: bi('小时', 'Hour'), type: 'integer' },
      visitors: { title: bi('入园人数', 'Visitors'), type: 'integer' },
    },
  },
  agencies: {
    permission: 'dashboard:read',
    title: bi('团队来源（旅行社）', 'Team sources (agencies)'),
    columns: {
      agency: { title: bi('旅行社', 'Agency'), type: 'string', dictionary: 'agency' },
      teams: { title: bi('团队数', 'Teams'), type: 'integer' },
      pax: { title: bi('人数', 'Pax'), type: 'integer' },
    },
  },
  markets: {
    permission: 'dashboard:read',
    title: bi('客源市场', 'Markets'),
    columns: {
      market: { title: bi('市场', 'Market'), type: 'string', dictionary: 'market' },
      teams: { title: bi('团队数', 'Teams'), type: 'integer' },
      pax: { title: bi('人数', 'Pax'), type: 'integer' },
    },
  },
  guides: {
    permission: 'analysis:multi',
    title: bi('导游绩效', 'Guide performance'),
    columns: {
      level: { title: bi('等级', 'Level'), type: 'string' },
      guides: { title: bi('导游数', 'Guides'), type: 'integer' },
      teamsLed: { title: bi('带团数', 'Teams led'), type: 'integer' },
      daysWorked: { title: bi('出勤天数', 'Days worked'), type: 'integer' },
      averageRating: { title: bi('平均评分', 'Average rating'), type: 'number' },
    },
  },
  matrix: {
    permission: 'analysis:multi',
    title: bi('多维分析', 'Multi-dimensional analysis'),
    columns: {
      item: { title: bi('维度值', 'Item'), type: 'string' },
      month: { title: bi('月份', 'Month'), type: 'string' },
      teams: { title: bi('团队数', 'Teams'), type: 'integer' },
      pax: { title: bi('人数', 'Pax'), type: 'integer' },
      capacity: { title: bi('容量', 'Capacity'), type: 'integer' },
    },
  },
} as const satisfies Record<
  string,
  {
    permission: Permission;
    title: Localized;
    columns: Record<
      string,
      { title: Localized; type: 'string' | 'integer' | 'number'; dictionary?: string }
    >;
  }
>;
export type AnalysisChart = keyof typeof ANALYSIS_CHARTS;
export const ANALYSIS_CHART_KEYS = Object.keys(ANALYSIS_CHARTS) as AnalysisChart[];

export const analysisVisitorsQuery = analysisRangeQuery.and(
  z.object({ bucket: z.enum(ANALYSIS_BUCKETS).default('day') }),
);
export const analysisMatrixQuery = analysisRangeQuery.and(
  z.object({ dimension: z.enum(ANALYSIS_DIMENSIONS).default('agency') }),
);

const num = z.number();
export const analysisRows = {
  visitors: z.array(z.object({ period: z.string(), spot: z.string(), visitors: num })),
  /** weekday: 1 Monday … 7 Sunday (ISO), hour 0–23, in the operation's time zone. */
  peakHours: z.array(z.object({ weekday: num, hour: num, visitors: num })),
  agencies: z.array(z.object({ agency: z.string(), teams: num, pax: num })),
  markets: z.array(z.object({ market: z.string(), teams: num, pax: num })),
  guides: z.array(
    z.object({
      level: z.enum(GUIDE_LEVELS),
      guides: num,
      teamsLed: num,
      daysWorked: num,
      averageRating: num.nullable(),
    }),
  ),
  /** `capacity`: the spot's daily capacity over the month's days in range; null otherwise. */
  matrix: z.array(
    z.object({
      item: z.string(),
      month: z.string(),
      teams: num,
      pax: num,
      capacity: num.nullable(),
    }),
  ),
} satisfies Record<AnalysisChart, z.ZodType>;
export type AnalysisRows<C extends AnalysisChart> = z.infer<(typeof analysisRows)[C]>;

export const analysisExportQuery = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
