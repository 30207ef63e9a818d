// The dashboard's reads (issue #16 §2, §4). The dashboard is a read-only reporting module: it
// owns no table and reads across the team, guide and scenic tables in set-based statements —
// the workplace answers in one statement (p99 ≤ 50 ms at the bench volumes), which going
// through three services one by one could not. Nothing here writes.
import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYSIS_SERIES_MAX,
  OPERATION_TIME_ZONE,
  POPULAR_SPOTS_MAX,
  type AnalysisBucket,
  type AnalysisDimension,
  type AnalysisRows,
} from '@console/shared';
import type { DbOrTx } from '../../db/types';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Team states that count as business (a draft is not yet an order; cancelled never ran). */
const LIVE_TEAM = sql`status not in ('draft', 'cancelled')`;
const TZ = sql.raw(`'${OPERATION_TIME_ZONE}'`);

export interface WorkplaceWindow {
  today: string;
  dayStart: Date;
  dayEnd: Date;
  weekStart: Date;
  lastWeekStart: Date;
  /** The same instant of last week as `now`: last week is compared over the same span. */
  lastWeekEnd: Date;
  monthFirst: string;
  monthLast: string;
}

/** The figures of the workplace not counted through a list (the team figures are: service.ts). */
export interface WorkplaceFigures {
  on_duty: number;
  free: number;
  visitors: number;
  capacity: number;
  popular: { spot_id: number; name: string; visitors: number; last_week: number }[] | null;
  markets: { market: string; teams: number; pax: number }[] | null;
}

/** The guide, visitor and capacity figures, popular spots and market share: one statement. */
export async function workplaceFigures(db: DbOrTx, w: WorkplaceWindow): Promise<WorkplaceFigures> {
  const [row] = await rows<WorkplaceFigures>(
    db,
    sql`
    with
    duty as (
      select distinct a.guide_id from team_assignments a join teams t on t.id = a.team_id
      where a.status = 'active' and a.from_date <= ${w.today}::date
        and a.to_date >= ${w.today}::date and t.status <> 'cancelled'
    ),
    away as (
      select distinct guide_id from guide_unavailability
      where start_date <= ${w.today}::date and end_date >= ${w.today}::date
    ),
    guide_counts as (
      select (select count(*) from duty)::int as on_duty,
        count(*) filter (where g.id not in (select guide_id from duty)
          and g.id not in (select guide_id from away))::int as free
      from guides g where g.status = 'active'
    ),
    visitors as (
      select coalesce(sum(entries), 0)::int as n from scenic_flow_hourly
      where hour >= ${w.dayStart} and hour < ${w.dayEnd}
    ),
    capacity as (
      select coalesce(sum(least(s.daily_capacity, coalesce(m.capacity, s.daily_capacity))), 0)::int
        as n
      from scenic_spots s left join (
        select spot_id, min(capacity) as capacity from scenic_maintenance_windows
        where start_at < ${w.dayEnd} and end_at > ${w.dayStart} group by spot_id
      ) m on m.spot_id = s.id
    ),
    this_week as (
      select spot_id, sum(entries)::int as v from scenic_flow_hourly
      where hour >= ${w.weekStart} and hour < ${w.dayEnd}
      group by spot_id having sum(entries) > 0
      order by v desc, spot_id limit ${POPULAR_SPOTS_MAX}
    ),
    last_week as (
      select spot_id, sum(entries)::int as v from scenic_flow_hourly
      where spot_id in (select spot_id from this_week)
        and hour >= ${w.lastWeekStart} and hour < ${w.lastWeekEnd}
      group by spot_id
    ),
    popular as (
      select json_agg(json_build_object('spot_id', tw.spot_id, 'name', s.name,
        'visitors', tw.v, 'last_week', coalesce(lw.v, 0)) order by tw.v desc, tw.spot_id) as list
      from this_week tw join scenic_spots s on s.id = tw.spot_id
      left join last_week lw on lw.spot_id = tw.spot_id
    ),
    markets as (
      select json_agg(json_build_object('market', market, 'teams', teams, 'pax', pax)
        order by market) as list
      from (
        select market, count(*)::int as teams, sum(pax)::int as pax from teams
        where start_date <= ${w.monthLast}::date and end_date >= ${w.monthFirst}::date
          and ${LIVE_TEAM}
        group by market
      ) m
    )
    select gc.on_duty, gc.free,
      v.n as visitors, c.n as capacity, p.list as popular, mk.list as markets
    from guide_counts gc, visitors v, capacity c, popular p, markets mk`,
  );
  return row;
}

// Analyses ------------------------------------------------------------------------------------

export interface InstantRange {
  from: Date;
  to: Date;
}

const PERIOD_FORMAT: Record<AnalysisBucket, string> = {
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

/** Entries per period of the spots with the most entries in the range. */
export function visitorsPerSpot(db: DbOrTx, range: InstantRange, bucket: AnalysisBucket) {
  const unit = sql.raw(`'${bucket}'`);
  const format = sql.raw(`'${PERIOD_FORMAT[bucket]}'`);
  return rows<AnalysisRows<'visitors'>[number]>(
    db,
    sql`
    with top as (
      select spot_id, sum(entries) as v from scenic_flow_hourly
      where hour >= ${range.from} and hour < ${range.to}
      group by spot_id having sum(entries) > 0
      order by v desc, spot_id limit ${ANALYSIS_SERIES_MAX}
    )
    select to_char(date_trunc(${unit}, h.hour at time zone ${TZ}), ${format}) as period,
      s.name as spot, sum(h.entries)::int as visitors
    from scenic_flow_hourly h join top on top.spot_id = h.spot_id
      join scenic_spots s on s.id = h.spot_id
    where h.hour >= ${range.from} and h.hour < ${range.to}
    group by 1, s.id, s.name, top.v
    order by 1, top.v desc, s.id`,
  );
}

/** Entries by ISO weekday (1 Monday) and hour of the day, in the operation's time zone. */
export function peakHours(db: DbOrTx, range: InstantRange) {
  return rows<AnalysisRows<'peakHours'>[number]>(
    db,
    sql`
    select extract(isodow from hour at time zone ${TZ})::int as weekday,
      extract(hour from hour at time zone ${TZ})::int as hour,
      sum(entries)::int as visitors
    from scenic_flow_hourly
    where hour >= ${range.from} and hour < ${range.to}
    group by 1, 2 order by 1, 2`,
  );
}

/** Teams and pax by agency or market, of teams starting in the range. */
export function teamsBy(db: DbOrTx, column: 'agency' | 'market', from: string, to: string) {
  const col = sql.raw(column);
  return rows<{ key: string; teams: number; pax: number }>(
    db,
    sql`
    select ${col} as key, count(*)::int as teams, sum(pax)::int as pax from teams
    where start_date >= ${from}::date and start_date <= ${to}::date and ${LIVE_TEAM}
    group by ${col} order by teams desc, ${col}`,
  );
}

/**
 * Per guide level: guides, teams led (ongoing or completed, starting in range), days worked in
 * range (a day once however many assignments cover it) and the mean feedback score of teams
 * starting in range (over all scores, one decimal).
 */
export function guidePerformance(db: DbOrTx, from: string, to: string) {
  return rows<{
    level: string;
    guides: number;
    teams_led: number;
    days_worked: number;
    average_rating: string | number | null;
  }>(
    db,
    sql`
    with led as (
      select a.guide_id, count(distinct a.team_id)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      where a.status = 'active' and t.status in ('ongoing', 'completed')
        and t.start_date >= ${from}::date and t.start_date <= ${to}::date
      group by a.guide_id
    ),
    worked as (
      select a.guide_id, count(distinct d.day)::int as n
      from team_assignments a join teams t on t.id = a.team_id
      cross join lateral generate_series(
        greatest(a.from_date, ${from}::date), least(a.to_date, ${to}::date), interval '1 day'
      ) as d(day)
      where a.status = 'active' and t.status <> 'cancelled'
        and a.from_date <= ${to}::date and a.to_date >= ${from}::date
      group by a.guide_id
    ),
    rated as (
      select f.guide_id, sum(f.score)::int as s, count(*)::int as c
      from team_feedback f join teams t on t.id = f.team_id
      where t.start_date >= ${from}::date and t.start_date <= ${to}::date
      group by f.guide_id
    )
    select g.level, count(*)::int as guides, coalesce(sum(led.n), 0)::int as teams_led,
      coalesce(sum(worked.n), 0)::int as days_worked,
      round(sum(rated.s)::numeric / nullif(sum(rated.c), 0), 1) as average_rating
    from guides g
      left join led on led.guide_id = g.id
      left join worked on worked.guide_id = g.id
      left join rated on rated.guide_id = g.id
    group by g.level`,
  );
}

/**
 * Teams and pax per month of the largest items of a dimension. For spots: teams planning a
 * visit, their planned pax, and the spot's daily capacity over the month's days in range.
 */
export function matrix(db: DbOrTx, dimension: AnalysisDimension, from: string, to: string) {
  if (dimension === 'spot') {
    return rows<AnalysisRows<'matrix'>[number]>(
      db,
      sql`
      with visits as (
        select i.spot_id, date_trunc('month', i.date)::date as month,
          count(distinct i.team_id)::int as teams, sum(t.pax)::int as pax
        from team_itinerary_items i join teams t on t.id = i.team_id
        where i.date >= ${from}::date and i.date <= ${to}::date and t.${LIVE_TEAM}
        group by 1, 2
      ),
      top as (
        select spot_id from visits group by spot_id
        order by sum(pax) desc, spot_id limit ${ANALYSIS_SERIES_MAX}
      )
      select s.name as item, to_char(v.month, 'YYYY-MM') as month, v.teams, v.pax,
        (s.daily_capacity * (
          least((v.month + interval '1 month')::date - 1, ${to}::date)
          - greatest(v.month, ${from}::date) + 1))::int as capacity
      from visits v join top on top.spot_id = v.spot_id join scenic_spots s on s.id = v.spot_id
      order by s.name, v.month`,
    );
  }
  const col = sql.raw(dimension);
  return rows<AnalysisRows<'matrix'>[number]>(
    db,
    sql`
    with by_month as (
      select ${col} as item, date_trunc('month', start_date)::date as month,
        count(*)::int as teams, sum(pax)::int as pax
      from teams
      where start_date >= ${from}::date and start_date <= ${to}::date and ${LIVE_TEAM}
      group by 1, 2
    ),
    top as (
      select item from by_month group by item
      order by sum(teams) desc, item limit ${ANALYSIS_SERIES_MAX}
    )
    select b.item, to_char(b.month, 'YYYY-MM') as month, b.teams, b.pax, null::int as capacity
    from by_month b join top on top.item = b.item
    order by b.item, b.month`,
  );
}
