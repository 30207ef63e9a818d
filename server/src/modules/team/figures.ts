// The guide figures the guide list and profile show (product.md, "Guide": teams led, days
// worked in the last 30 days, average rating; issue #13 point 9), from the team tables. The
// guide module asks through its port (`GuideFiguresSource`, wired in services.ts) for the
// guides of one page at once: one statement, set-based over the ids asked.
import { sql } from 'drizzle-orm';
import { addDays, type GuideFigures } from '@console/shared';
import type { GuideFiguresSource } from '../guide/ports';

/** The window of "days worked": today and the 30 days before it. */
export const DAYS_WORKED_WINDOW = 30;

interface FiguresRow {
  guide_id: number;
  teams_led: number;
  days_worked: number;
  average_rating: number | string | null;
}

/**
 * - teams led: distinct teams the guide has an active assignment on that are ongoing or
 *   completed (a tour that actually ran);
 * - days worked: calendar days in [today − 30, today] covered by any active assignment of a
 *   team that is not cancelled (overlapping assignments count a day once);
 * - average rating: mean feedback score, one decimal, null without feedback.
 */
export const guideFiguresFromTeams: GuideFiguresSource = async (db, guideIds, today) => {
  const out = new Map<number, GuideFigures>(
    guideIds.map((id) => [id, { teamsLed: 0, daysWorked30: 0, averageRating: null }]),
  );
  if (guideIds.length === 0) return out;
  const since = addDays(today, -DAYS_WORKED_WINDOW);
  const ids = sql.join(
    guideIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with asked(guide_id) as (select unnest(array[${ids}]::int[])),
    led as (
      select a.guide_id, count(distinct a.team_id)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      where a.guide_id in (${ids}) and a.status = 'active'
        and t.status in ('ongoing', 'completed')
      group by a.guide_id
    ),
    worked as (
      select a.guide_id, count(distinct d.day)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      cross join lateral generate_series(
        greatest(a.from_date, ${since}::date), least(a.to_date, ${today}::date), interval '1 day'
      ) as d(day)
      where a.guide_id in (${ids}) and a.status = 'active' and t.status <> 'cancelled'
        and a.from_date <= ${today}::date and a.to_date >= ${since}::date
      group by a.guide_id
    ),
    rated as (
      select guide_id, round(avg(score)::numeric, 1) as avg
      from team_feedback where guide_id in (${ids})
      group by guide_id
    )
    select asked.guide_id, coalesce(led.n, 0) as teams_led, coalesce(worked.n, 0) as days_worked,
      rated.avg as average_rating
    from asked
    left join led on led.guide_id = asked.guide_id
    left join worked on worked.guide_id = asked.guide_id
    left join rated on rated.guide_id = asked.guide_id
  `)) as unknown as { rows: FiguresRow[] };
  for (const r of result.rows) {
    out.set(r.guide_id, {
      teamsLed: r.teams_led,
      daysWorked30: r.days_worked,
      averageRating: r.average_rating === null ? null : Number(r.average_rating),
    });
  }
  return out;
};
