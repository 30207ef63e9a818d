// The guide figures the guide list and profile show (product.md, "Guide": teams led, days
// worked in the last 30 days, average rating; issue #13 point 9), from the team tables. The
// guide module asks through its port (`GuideFiguresSource`, wired in services.ts) for the
// guides of one page at once: one statement, set-based over the ids asked.
import { sql } from 'drizzle-orm';
import { addDays, type GuideFigures } from '@console/shared';
import type { GuideFiguresSource } from '../guide/ports';
import { preparedByShape } from '../../db/prepared';

/** The window of "days worked": today and the 30 days before it. */
export const DAYS_WORKED_WINDOW = 30;

interface FiguresRow {
  guide_id: number;
  teams_led: number;
  days_worked: number;
  average_rating: number | string | null;
}

const ids = sql.placeholder('ids');
const since = sql.placeholder('since');
const today = sql.placeholder('today');

/**
 * - teams led: distinct teams the guide has an active assignment on that are ongoing or
 *   completed (a tour that actually ran);
 * - days worked: calendar days in [today − 30, today] covered by any active assignment of a
 *   team that is not cancelled (overlapping assignments count a day once);
 * - average rating: mean feedback score, one decimal, null without feedback.
 * Over `ids`, one array parameter: the text never changes, so it is kept prepared instead of
 * being built for every page of the guide list.
 */
const FIGURES = sql`
    with asked(guide_id) as (select unnest(${ids}::int[])),
    led as (
      select a.guide_id, count(distinct a.team_id)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      where a.guide_id = any(${ids}::int[]) and a.status = 'active'
        and t.status in ('ongoing', 'completed')
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
      select guide_id, round(avg(score)::numeric, 1) as avg
      from team_feedback where guide_id = any(${ids}::int[])
      group by guide_id
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
