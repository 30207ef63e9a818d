// The guide figures the guide list and profile show (product.md, "Guide": teams led, days
// worked in the last 30 days, average rating; issue #13 point 9), from the team tables, and
// the profile's lists behind two of them (teams led, feedback; issue 25 defect 6: the figures
// said 1 team and 4.0 beside empty lists). A figure and its list read the same rule below
// (LED, FEEDBACK), so the figure is always the list's total. The guide module asks through its
// ports (`GuideFiguresSource`, `GuideRecordsSource`, wired in services.ts); the figures for
// the guides of one page at once: one statement, set-based over the ids asked.
import { sql } from 'drizzle-orm';
import {
  addDays,
  TEAMS_LED_STATUSES,
  type GuideFeedbackItem,
  type GuideFigures,
  type GuideTeamLed,
} from '@console/shared';
import type { GuideFiguresSource, GuideRecordsSource } from '../guide/ports';
import type { DbOrTx } from '../../db/types';
import { preparedByShape } from '../../db/prepared';

/** The window of "days worked": today and the 30 days before it. */
export const DAYS_WORKED_WINDOW = 30;

interface FiguresRow {
  guide_id: number;
  teams_led: number;
  days_worked: number;
  average_rating: number | string | null;
}

/**
 * Teams led: an active assignment `a` of the guide on a team `t` that ran (contract:
 * TEAMS_LED_STATUSES). The figure counts the distinct teams; the list shows them.
 */
const LED = sql.raw(
  `a.status = 'active' and t.status in (${TEAMS_LED_STATUSES.map((s) => `'${s}'`).join(', ')})`,
);
/**
 * Feedback `f` on the guide: every score given to them, whatever became of the assignment. The
 * average rating is its mean; the list shows each.
 */
const FEEDBACK = sql`team_feedback f join teams ft on ft.id = f.team_id`;

const ids = sql.placeholder('ids');
const since = sql.placeholder('since');
const today = sql.placeholder('today');

/**
 * - teams led: distinct teams the guide led (LED: an active assignment, a tour that ran);
 * - days worked: calendar days in [today − 30, today] covered by any active assignment of a
 *   team that is not cancelled (overlapping assignments count a day once);
 * - average rating: mean score of the guide's FEEDBACK, one decimal, null without any.
 * Over `ids`, one array parameter: the text never changes, so it is kept prepared instead of
 * being built for every page of the guide list.
 */
const FIGURES = sql`
    with asked(guide_id) as (select unnest(${ids}::int[])),
    led as (
      select a.guide_id, count(distinct a.team_id)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      where a.guide_id = any(${ids}::int[]) and ${LED}
      group by a.guide_id
    ),
    worked as (
      select a.guide_id, count(distinct d.day)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      cross join lateral generate_series(
        greatest(a.from_date, ${since}::date), least(a.to_date, ${today}::date), interval '1 day'
      ) as d(day)
      where a.guide_id = any(${ids}::int[]) and a.status = 'active' and t.status <> 'cancelled'
        and a.from_date <= ${today}::date and a.to_date >= ${since}::date
      group by a.guide_id
    ),
    rated as (
      select f.guide_id, round(avg(f.score)::numeric, 1) as avg
      from ${FEEDBACK} where f.guide_id = any(${ids}::int[])
      group by f.guide_id
    )
    select asked.guide_id, coalesce(led.n, 0) as teams_led, coalesce(worked.n, 0) as days_worked,
      rated.avg as average_rating
    from asked
    left join led on led.guide_id = asked.guide_id
    left join worked on worked.guide_id = asked.guide_id
    left join rated on rated.guide_id = asked.guide_id`;

const figuresQuery = preparedByShape<FiguresRow[]>('guide_figures');

export const guideFiguresFromTeams: GuideFiguresSource = async (db, guideIds, day) => {
  const out = new Map<number, GuideFigures>(
    guideIds.map((id) => [id, { teamsLed: 0, daysWorked30: 0, averageRating: null }]),
  );
  if (guideIds.length === 0) return out;
  const rows = await figuresQuery(db, 'page', (db, name) =>
    db
      .select({
        guide_id: sql<number>`f.guide_id`,
        teams_led: sql<number>`f.teams_led`,
        days_worked: sql<number>`f.days_worked`,
        average_rating: sql<FiguresRow['average_rating']>`f.average_rating`,
      })
      .from(sql`(${FIGURES}) as f`)
      .prepare(name),
  ).execute({ ids: guideIds, since: addDays(day, -DAYS_WORKED_WINDOW), today: day });
  for (const r of rows) {
    out.set(r.guide_id, {
      teamsLed: r.teams_led,
      daysWorked30: r.days_worked,
      averageRating: r.average_rating === null ? null : Number(r.average_rating),
    });
  }
  return out;
};

// The profile's lists ----------------------------------------------------------------------

interface PageRow<T> {
  total: number;
  list: T[] | null;
}

async function pageRow<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  const [row] = ((await db.execute(query)) as unknown as { rows: PageRow<T>[] }).rows;
  return { list: row.list ?? [], total: row.total };
}

export const guideRecordsFromTeams: GuideRecordsSource = {
  /** The teams the guide led, the latest first, each with the guide's roles and score. */
  teamsLed(db, guideId, { current, pageSize }) {
    return pageRow<GuideTeamLed>(
      db,
      sql`
      with led as (
        select t.id, t.code, t.name, t.status, t.start_date, t.end_date, t.pax,
          array_agg(distinct a.role order by a.role) as roles
        from team_assignments a join teams t on t.id = a.team_id
        where a.guide_id = ${guideId} and ${LED}
        group by t.id
      ),
      page as (
        select * from led order by start_date desc, id desc
        limit ${pageSize} offset ${(current - 1) * pageSize}
      )
      select (select count(*) from led)::int as total,
        (select json_agg(json_build_object('id', p.id, 'code', p.code, 'name', p.name,
            'status', p.status, 'startDate', p.start_date, 'endDate', p.end_date, 'pax', p.pax,
            'roles', p.roles, 'score', fb.score) order by p.start_date desc, p.id desc)
          from page p
          left join team_feedback fb on fb.team_id = p.id and fb.guide_id = ${guideId}) as list`,
    );
  },

  /** Every feedback on the guide, the newest first. */
  async feedback(db, guideId, { current, pageSize }) {
    const page = await pageRow<Omit<GuideFeedbackItem, 'createdAt'> & { createdAt: string }>(
      db,
      sql`
      with page as (
        select f.id, f.team_id, ft.code, ft.name, f.score, f.comment, f.created_at
        from ${FEEDBACK} where f.guide_id = ${guideId}
        order by f.created_at desc, f.id desc
        limit ${pageSize} offset ${(current - 1) * pageSize}
      )
      select (select count(*) from ${FEEDBACK} where f.guide_id = ${guideId})::int as total,
        (select json_agg(json_build_object('id', p.id, 'teamId', p.team_id, 'teamCode', p.code,
            'teamName', p.name, 'score', p.score, 'comment', p.comment,
            'createdAt', p.created_at) order by p.created_at desc, p.id desc)
          from page p) as list`,
    );
    // json_build_object writes a timestamptz in the session's offset: one ISO form for clients.
    for (const item of page.list) item.createdAt = new Date(item.createdAt).toISOString();
    return page;
  },
};
