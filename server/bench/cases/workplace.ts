import { sql } from 'drizzle-orm';
import { isoToday } from '@console/shared';
import { defineCase } from '../framework';
import guideList from './guide-list';
import scenicList from './scenic-list';
import scenicLoad from './scenic-load';
import teamList from './team-list';

// Issue #16 §2: the workplace in one call at the bench volumes of the guide, scenic and team
// issues (100 000 guides, 10 000 spots, 5M flow readings — 500k on PGlite —, 100 000 teams),
// with a guide on duty for each of 5 000 teams running today. Target: p99 ≤ 50 ms on
// PostgreSQL at 20 connections. The other cases' seeds are idempotent, so this case seeds
// whatever of them has not run yet.
const ON_DUTY = 5_000;
const CODE = 'BENCH-DUTY';

export default defineCase({
  kind: 'load',
  name: 'GET /api/dashboard/workplace (100k guides, 10k spots, flow, 100k teams)',
  async seed(ctx) {
    for (const c of [guideList, scenicList, scenicLoad, teamList]) await c.seed?.(ctx);
    const { db } = ctx;
    const done = (await db.execute(
      sql`select 1 from teams where code = ${`${CODE}-1`}`,
    )) as unknown as { rows: unknown[] };
    if (done.rows.length > 0) return;
    const today = isoToday();
    // Teams running today, each with one guide booked over it (distinct guides, so the
    // exclusion constraint holds).
    await db.execute(sql`
      with made as (
        insert into teams (code, name, agency, market, pax_adults, language, lead_contact_name,
          lead_contact_phone, start_date, end_date, status)
        select ${CODE} || '-' || i, '在团' || i, 'cits',
          (array['domestic','inbound','outbound'])[1 + i % 3], 20, 'zh', '李四', '13800000000',
          ${today}::date - (i % 3), ${today}::date + (i % 4), 'ongoing'
        from generate_series(1, ${ON_DUTY}) as i
        returning id, start_date, end_date
      ),
      pool as (
        select id as guide_id, row_number() over (order by id) as n from guides
        where status = 'active' and not exists (
          select 1 from team_assignments a where a.guide_id = guides.id and a.status = 'active')
        order by id limit ${ON_DUTY}
      ),
      teams_n as (select *, row_number() over (order by id) as n from made)
      insert into team_assignments (team_id, guide_id, role, from_date, to_date, starts_at,
        ends_at, busy)
      select t.id, p.guide_id, 'local_guide', t.start_date, t.end_date,
        t.start_date::timestamp at time zone 'Asia/Shanghai',
        (t.end_date + 1)::timestamp at time zone 'Asia/Shanghai',
        tstzrange(t.start_date::timestamp at time zone 'Asia/Shanghai',
          (t.end_date + 1)::timestamp at time zone 'Asia/Shanghai')
      from teams_n t join pool p on p.n = t.n`);
    for (const table of ['teams', 'team_assignments', 'scenic_flow_hourly'])
      await db.execute(sql.raw(`analyze ${table}`));
  },
  request: { path: '/api/dashboard/workplace', as: 'operator' },
});
