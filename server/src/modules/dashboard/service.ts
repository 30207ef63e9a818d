// The dashboard (issue #16 §2 workplace, §4 analyses): the operation's real figures, read in
// set-based statements (queries.ts); the team figures are the totals of the team lists they
// link to, asked of the team service with the link's filter (workplaceTeamLinks: one
// definition, issue 25 defect 7); the user's announcements and recent pages come from the
// message and profile services. The clock is injected so tests can move "today".
import {
  addDays,
  ANNOUNCEMENTS_MAX,
  GUIDE_LEVELS,
  hasPermission,
  isoToday,
  QUICK_OPERATIONS,
  scenicStartOfDay,
  TEAM_MARKETS,
  WORKPLACE_TEAM_FIGURES,
  workplaceTeamLinks,
  type AnalysisBucket,
  type AnalysisDimension,
  type AnalysisRangeQuery,
  type AnalysisRows,
  type Clock,
  type Locale,
  type Page,
  type TeamListQuery,
  type Workplace,
  type WorkplaceTeamFigure,
} from '@console/shared';
import type { Db } from '../../db/types';
import type { EventBus } from '../../events/bus';
import type { MessageService } from '../messages/service';
import type { ProfileService } from '../profile/service';
import { FiguresCache } from './figures-cache';
import * as q from './queries';

const DAY_MS = 86_400_000;

/** Monday of the ISO week of a local day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The instants [from, to) of a range of local days. */
function instants(range: AnalysisRangeQuery): q.InstantRange {
  return { from: scenicStartOfDay(range.from), to: scenicStartOfDay(addDays(range.to, 1)) };
}

/** The local days and instants the workplace's figures are counted over, at `now`. */
function workplaceWindow(now: Date): q.WorkplaceWindow {
  const today = isoToday(now);
  const weekStart = mondayOf(today);
  const monthFirst = `${today.slice(0, 8)}01`;
  const nextMonth = new Date(`${monthFirst}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  return {
    today,
    dayStart: scenicStartOfDay(today),
    dayEnd: scenicStartOfDay(addDays(today, 1)),
    weekStart: scenicStartOfDay(weekStart),
    lastWeekStart: scenicStartOfDay(addDays(weekStart, -7)),
    lastWeekEnd: new Date(now.getTime() - 7 * DAY_MS),
    monthFirst,
    monthLast: addDays(nextMonth.toISOString().slice(0, 10), -1),
  };
}

/** The team lists (the team module's service): a figure is one's total. */
export type TeamLists = { list(query: TeamListQuery): Promise<Page<unknown>> };

type SharedFigures = q.WorkplaceFigures & {
  today: string;
  teams: Record<WorkplaceTeamFigure, number>;
};

export class DashboardService {
  /** The figures every user's workplace shows, shared between requests (figures-cache.ts). */
  private readonly figures: FiguresCache<SharedFigures>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly messages: MessageService,
    private readonly profile: ProfileService,
    events: EventBus,
    private readonly teamLists: TeamLists,
  ) {
    this.figures = new FiguresCache(clock, async () => {
      const window = workplaceWindow(this.clock.now());
      const [figures, teams] = await Promise.all([
        q.workplaceFigures(this.db, window),
        this.teamFigures(window.today),
      ]);
      return { ...figures, teams, today: window.today };
    });
    events.subscribe((event) => this.figures.onEvent(event));
  }

  async workplace(
    user: { userId: number; permissions: readonly string[] },
    locale: Locale,
  ): Promise<Workplace> {
    const today = isoToday(this.clock.now());
    const [figures, notices, recent] = await Promise.all([
      this.figures.get(today),
      this.messages.latest(user.userId, 'notice', ANNOUNCEMENTS_MAX, locale),
      this.profile.recentPages(user.userId),
    ]);
    const markets = new Map((figures.markets ?? []).map((m) => [m.market, m]));
    for (const market of TEAM_MARKETS)
      if (!markets.has(market)) markets.set(market, { market, teams: 0, pax: 0 });
    return {
      today: figures.today,
      teams: figures.teams,
      guides: { onDuty: figures.on_duty, free: figures.free },
      visitors: { today: figures.visitors, capacity: figures.capacity },
      announcements: notices.map((n) => ({
        id: n.id,
        title: n.title,
        time: n.time,
        read: n.status === 1,
      })),
      recent,
      quickOperations: QUICK_OPERATIONS.filter((o) =>
        hasPermission(user.permissions, o.permission),
      ).map((o) => o.key),
      popularSpots: (figures.popular ?? []).map((p, i) => ({
        rank: i + 1,
        spotId: p.spot_id,
        name: p.name,
        visitors: p.visitors,
        lastWeek: p.last_week,
        increase:
          p.last_week === 0
            ? null
            : Math.round(((p.visitors - p.last_week) / p.last_week) * 1000) / 10,
      })),
      marketShare: [...markets.values()],
    };
  }

  /** Each team figure: the total of the list its card links to, under the link's filter. */
  private async teamFigures(today: string): Promise<Record<WorkplaceTeamFigure, number>> {
    const links = workplaceTeamLinks(today);
    const totals = await Promise.all(
      WORKPLACE_TEAM_FIGURES.map(async (figure) => {
        const { view, filter } = links[figure];
        const page = await this.teamLists.list({ current: 1, pageSize: 1, view, ...filter });
        return [figure, page.total] as const;
      }),
    );
    return Object.fromEntries(totals) as Record<WorkplaceTeamFigure, number>;
  }

  // Analyses ----------------------------------------------------------------------------------

  visitors(
    range: AnalysisRangeQuery & { bucket: AnalysisBucket },
  ): Promise<AnalysisRows<'visitors'>> {
    return q.visitorsPerSpot(this.db, instants(range), range.bucket);
  }

  peakHours(range: AnalysisRangeQuery): Promise<AnalysisRows<'peakHours'>> {
    return q.peakHours(this.db, instants(range));
  }

  async agencies(range: AnalysisRangeQuery): Promise<AnalysisRows<'agencies'>> {
    const list = await q.teamsBy(this.db, 'agency', range.from, range.to);
    return list.map((r) => ({ agency: r.key, teams: r.teams, pax: r.pax }));
  }

  async markets(range: AnalysisRangeQuery): Promise<AnalysisRows<'markets'>> {
    const list = await q.teamsBy(this.db, 'market', range.from, range.to);
    return list.map((r) => ({ market: r.key, teams: r.teams, pax: r.pax }));
  }

  /** Every level, in level order, zeros where no guide has it. */
  async guides(range: AnalysisRangeQuery): Promise<AnalysisRows<'guides'>> {
    const byLevel = new Map(
      (await q.guidePerformance(this.db, range.from, range.to)).map((r) => [r.level, r]),
    );
    return GUIDE_LEVELS.map((level) => {
      const r = byLevel.get(level);
      return {
        level,
        guides: r?.guides ?? 0,
        teamsLed: r?.teams_led ?? 0,
        daysWorked: r?.days_worked ?? 0,
        averageRating:
          r?.average_rating === null || r?.average_rating === undefined
            ? null
            : Number(r.average_rating),
      };
    });
  }

  matrix(
    range: AnalysisRangeQuery & { dimension: AnalysisDimension },
  ): Promise<AnalysisRows<'matrix'>> {
    return q.matrix(this.db, range.dimension, range.from, range.to);
  }
}
