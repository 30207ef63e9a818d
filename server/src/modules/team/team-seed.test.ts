// The demo teams (issue #13 point 12) as the test template seeds them: every state, periods
// over the past and next 60 days, complete itineraries past draft within capacity, and guides
// on allocated, ongoing and completed teams that satisfy the hard rules.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, isoToday, TEAM_STATUSES } from '@console/shared';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {});
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.services.db.execute(query)) as unknown as { rows: T[] }).rows;

it('spreads about 60 teams over every state and ±60 days', async () => {
  const teams = await rows<{ status: string; start_date: string; end_date: string }>(
    sql`select status, start_date::text, end_date::text from teams where code not like 'BT%'`,
  );
  expect(teams.length).toBeGreaterThanOrEqual(55);
  expect(new Set(teams.map((r) => r.status))).toEqual(new Set(TEAM_STATUSES));
  const seeded = isoToday(); // the template is seeded on the day of the run
  for (const r of teams) {
    expect(r.start_date >= addDays(seeded, -62)).toBe(true);
    expect(r.start_date <= addDays(seeded, 62)).toBe(true);
  }
});

it('past draft, every day of a team is planned, and no spot-day is over capacity', async () => {
  const gaps = await rows<{ id: number }>(sql`
    select t.id from teams t, generate_series(t.start_date, t.end_date, interval '1 day') d
    where t.status <> 'draft'
      and not exists (select 1 from team_itinerary_items i where i.team_id = t.id and i.date = d::date)`);
  expect(gaps).toEqual([]);
  const over = await rows<{ spot_id: number }>(sql`
    select v.spot_id from (
      select distinct i.team_id, i.spot_id, i.date, t.pax from team_itinerary_items i
      join teams t on t.id = i.team_id where t.status <> 'cancelled') v
    join scenic_spots s on s.id = v.spot_id
    group by v.spot_id, v.date, s.daily_capacity having sum(v.pax) > s.daily_capacity`);
  expect(over).toEqual([]);
});

it('allocated, ongoing and completed teams have a local guide who meets every hard rule', async () => {
  const teams = await rows<{ id: number; n: number }>(sql`
    select t.id, count(a.id)::int as n from teams t
    left join team_assignments a on a.team_id = t.id and a.status = 'active'
      and a.role = 'local_guide' and a.from_date <= t.start_date and a.to_date >= t.end_date
    where t.status in ('allocated', 'ongoing', 'completed') group by t.id`);
  expect(teams.length).toBeGreaterThan(10);
  expect(teams.filter((r) => r.n !== 1)).toEqual([]);
  const breaches = await rows<{ id: number; why: string }>(sql`
    select a.id, case
      when g.status <> 'active' then 'GUIDE_NOT_ACTIVE'
      when g.licence_expiry < t.end_date then 'LICENCE_EXPIRES'
      when not exists (select 1 from guide_languages l where l.guide_id = g.id and l.language = t.language) then 'LANGUAGE_MISSING'
      when (t.vip or t.language <> 'zh') and g.level_rank < 2 then 'LEVEL_TOO_LOW'
      when t.pax > g.max_group_size then 'GROUP_TOO_LARGE'
      when exists (select 1 from team_itinerary_items i join scenic_spots s on s.id = i.spot_id
        where i.team_id = t.id and (s.max_pax_per_guide < t.pax or s.certified_guides_only)) then 'SPOT'
      when exists (select 1 from guide_unavailability u where u.guide_id = g.id
        and u.start_date <= t.end_date and u.end_date >= t.start_date) then 'GUIDE_UNAVAILABLE'
      end as why
    from team_assignments a join teams t on t.id = a.team_id join guides g on g.id = a.guide_id
    where a.status = 'active'`);
  expect(breaches.filter((b) => b.why !== null)).toEqual([]);
  const noFeedback = await rows<{ id: number }>(sql`
    select t.id from teams t where t.status = 'completed'
      and not exists (select 1 from team_feedback f where f.team_id = t.id)`);
  expect(noFeedback).toEqual([]);
});
