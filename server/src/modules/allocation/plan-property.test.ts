// Every committed plan keeps every hard rule (issue #14): random small instances in the
// database, planned and committed through the API, then checked by an INDEPENDENT checker —
// plain TypeScript over the rows read back, not the rule module — and accepted by the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDays, isoToday, type PlanDetail } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.services.db.execute(query)) as unknown as { rows: T[] }).rows;

// The checker's own reading of the rules (product.md, "Allocation rules").
const LEVELS = ['junior', 'intermediate', 'senior', 'special'];
const instant = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);

interface Item {
  date: string;
  planned_start: string;
  planned_end: string;
}

/** [start, end + buffer) of a booking covering from..to of a team. */
function busyOf(
  team: { start_date: string; pickup_time: string },
  items: Item[],
  from: string,
  to: string,
  bufferMinutes: number,
): [number, number] {
  const on = (d: string) => items.filter((i) => i.date === d);
  const first = on(from);
  let start = first.length ? first.map((i) => i.planned_start).sort()[0] : '08:00';
  if (from === team.start_date && team.pickup_time && team.pickup_time < start)
    start = team.pickup_time;
  const last = on(to);
  const end = last.length
    ? last
        .map((i) => i.planned_end)
        .sort()
        .at(-1)!
    : '18:00';
  return [instant(from, start), instant(to, end) + bufferMinutes * 60_000];
}

async function hardRuleViolations(assignmentId: number): Promise<string[]> {
  const buffer = await t.services.config.get('allocation.bufferMinutes');
  const minVip = await t.services.config.get('allocation.minLevel.vip');
  const minForeign = await t.services.config.get('allocation.minLevel.foreignLanguage');
  const minDefault = await t.services.config.get('allocation.minLevel.default');
  const [a] = await rows<{
    guide_id: number;
    team_id: number;
    from_date: string;
    to_date: string;
  }>(sql`select guide_id, team_id, from_date::text, to_date::text from team_assignments
    where id = ${assignmentId} and status = 'active'`);
  if (!a) return ['assignment missing'];
  const teamRow = async (id: number) =>
    (
      await rows<{
        start_date: string;
        end_date: string;
        pax: number;
        language: string;
        vip: boolean;
        pickup_time: string;
      }>(sql`select start_date::text, end_date::text, pax, language, vip, pickup_time
        from teams where id = ${id}`)
    )[0];
  const itemsOf = (id: number) =>
    rows<Item & { spot_id: number; certified: boolean; max_pax: number }>(sql`
      select i.date::text as date, i.planned_start, i.planned_end, i.spot_id,
        sp.certified_guides_only as certified, sp.max_pax_per_guide as max_pax
      from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
      where i.team_id = ${id}`);
  const team = await teamRow(a.team_id);
  const items = await itemsOf(a.team_id);
  const [g] = await rows<{
    status: string;
    licence_expiry: string;
    level: string;
    max_group_size: number;
  }>(sql`select status, licence_expiry::text, level, max_group_size from guides
    where id = ${a.guide_id}`);
  const languages = (
    await rows<{ language: string }>(
      sql`select language from guide_languages where guide_id = ${a.guide_id}`,
    )
  ).map((r) => r.language);
  const leave = await rows<{ start_date: string; end_date: string }>(sql`
    select start_date::text, end_date::text from guide_unavailability
    where guide_id = ${a.guide_id}`);
  const certs = await rows<{ spot_id: number; valid_until: string }>(sql`
    select spot_id, valid_until::text from guide_certifications where guide_id = ${a.guide_id}`);
  const others = await rows<{ id: number; team_id: number; from_date: string; to_date: string }>(
    sql`select id, team_id, from_date::text, to_date::text from team_assignments
      where guide_id = ${a.guide_id} and status = 'active' and id <> ${assignmentId}`,
  );

  const broken: string[] = [];
  if (g.status !== 'active') broken.push('status');
  if (g.licence_expiry < team.end_date) broken.push('licence');
  const covered = items.filter((i) => i.date >= a.from_date && i.date <= a.to_date);
  const required = [
    minDefault,
    team.vip ? minVip : minDefault,
    team.language !== 'zh' ? minForeign : minDefault,
  ]
    .map((l) => LEVELS.indexOf(l))
    .reduce((x, y) => Math.max(x, y));
  if (LEVELS.indexOf(g.level) < required) broken.push('level');
  if (!languages.includes(team.language)) broken.push('language');
  // A large group — more pax than any active guide may lead on these days — is shared: each
  // guide leads what he can (coverage below); any other team needs a guide who holds it.
  const [{ largest }] = await rows<{ largest: number }>(
    sql`select max(max_group_size)::int as largest from guides where status = 'active'`,
  );
  const large = team.pax > Math.min(largest, ...covered.map((i) => i.max_pax));
  if (!large && team.pax > g.max_group_size) broken.push('group size');
  if (!large && covered.some((i) => team.pax > i.max_pax)) broken.push('spot pax');
  for (const i of covered.filter((c) => c.certified))
    if (!certs.some((c) => c.spot_id === i.spot_id && c.valid_until >= team.end_date))
      broken.push('certification');
  if (leave.some((l) => l.start_date <= a.to_date && l.end_date >= a.from_date))
    broken.push('leave');
  const mine = busyOf(team, items, a.from_date, a.to_date, buffer);
  for (const o of others) {
    const theirs = busyOf(
      await teamRow(o.team_id),
      await itemsOf(o.team_id),
      o.from_date,
      o.to_date,
      buffer,
    );
    if (mine[0] < theirs[1] && theirs[0] < mine[1]) broken.push(`overlaps assignment ${o.id}`);
  }
  return broken;
}

/**
 * Whether the team's active local guides cover its pax on every day: each leads up to his
 * maximum group size, or the lowest max pax per guide of the spots of his days when lower.
 */
async function covered(teamId: number): Promise<boolean> {
  const [team] = await rows<{ start_date: string; end_date: string; pax: number }>(sql`
    select start_date::text, end_date::text, pax from teams where id = ${teamId}`);
  const guides = await rows<{ from_date: string; to_date: string; size: number }>(sql`
    select a.from_date::text, a.to_date::text, g.max_group_size as size
    from team_assignments a join guides g on g.id = a.guide_id
    where a.team_id = ${teamId} and a.status = 'active' and a.role = 'local_guide'`);
  const items = await rows<{ date: string; max_pax: number }>(sql`
    select i.date::text, sp.max_pax_per_guide as max_pax
    from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
    where i.team_id = ${teamId}`);
  for (let day = team.start_date; day <= team.end_date; day = addDays(day, 1)) {
    let held = 0;
    for (const a of guides) {
      if (day < a.from_date || day > a.to_date) continue;
      const limits = items.filter((i) => i.date >= a.from_date && i.date <= a.to_date);
      held += Math.min(a.size, ...limits.map((i) => i.max_pax));
    }
    if (held < team.pax) return false;
  }
  return true;
}

const guideArb = fc.record({
  level: fc.constantFrom('junior', 'intermediate', 'senior', 'special'),
  maxGroupSize: fc.integer({ min: 10, max: 40 }),
  expiry: fc.integer({ min: 0, max: 14 }),
  english: fc.boolean(),
  leave: fc.option(
    fc.record({ start: fc.integer({ min: 0, max: 10 }), days: fc.integer({ min: 0, max: 2 }) }),
  ),
});
const teamArb = fc.record({
  start: fc.integer({ min: 0, max: 8 }),
  days: fc.integer({ min: 1, max: 3 }),
  // Up to three times a spot's 40 per guide: large groups need several guides.
  pax: fc.oneof(fc.integer({ min: 5, max: 40 }), fc.integer({ min: 41, max: 120 })),
  english: fc.boolean(),
  vip: fc.boolean(),
});

let run = 0;

describe('the independent checker', () => {
  it('catches a booking that breaks rules (written past the rule module)', async () => {
    const tm = await insertTeam(t.services.db, { startIn: 380, days: 2, language: 'en', pax: 30 });
    const res = await operator.post(
      '/api/guides',
      guideBody({
        level: 'junior',
        maxGroupSize: 20,
        languages: [{ language: 'zh', proficiency: 'native' }],
      }),
    );
    const guideId = res.json().data.id as number;
    const [row] = await rows<{ id: number }>(sql`
      insert into team_assignments (team_id, guide_id, role, from_date, to_date, starts_at,
        ends_at, busy)
      values (${tm.id}, ${guideId}, 'local_guide', ${tm.startDate}, ${tm.endDate}, now(), now(),
        tstzrange(now(), now() + interval '1 hour'))
      returning id`);
    expect(await hardRuleViolations(row.id)).toEqual(['level', 'language', 'group size']);
  });
});

describe('committed plans keep every hard rule', () => {
  it('random instances: each booking passes the independent checker and the database', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(guideArb, { minLength: 2, maxLength: 5 }),
        fc.array(teamArb, { minLength: 2, maxLength: 5 }),
        async (guideSpecs, teamSpecs) => {
          const startIn = 400 + 16 * run++;
          const base = addDays(isoToday(), startIn);
          for (const spec of guideSpecs) {
            const res = await operator.post(
              '/api/guides',
              guideBody({
                level: spec.level,
                maxGroupSize: spec.maxGroupSize,
                licenceExpiry: addDays(base, spec.expiry),
                languages: spec.english
                  ? [
                      { language: 'zh', proficiency: 'native' },
                      { language: 'en', proficiency: 'working' },
                    ]
                  : [{ language: 'zh', proficiency: 'fluent' }],
              }),
            );
            expect(res.statusCode, res.body).toBe(200);
            if (spec.leave) {
              const leave = await operator.post(
                `/api/guides/${res.json().data.id}/unavailability`,
                {
                  type: 'leave',
                  startDate: addDays(base, spec.leave.start),
                  endDate: addDays(base, spec.leave.start + spec.leave.days),
                  reason: '',
                },
              );
              expect(leave.statusCode, leave.body).toBe(200);
            }
          }
          const teamIds: number[] = [];
          for (const spec of teamSpecs) {
            const tm = await insertTeam(t.services.db, {
              startIn: startIn + spec.start,
              days: spec.days,
              pax: spec.pax,
              language: spec.english ? 'en' : 'zh',
              vip: spec.vip,
            });
            teamIds.push(tm.id);
          }
          const planned = await operator.post('/api/allocation/plans', {
            from: base,
            to: addDays(base, 12),
            teamIds,
          });
          expect(planned.statusCode, planned.body).toBe(200);
          const plan = planned.json().data as PlanDetail;
          expect(plan.teamsConsidered).toBe(teamIds.length);
          const res = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
          expect(res.statusCode, res.body).toBe(200);
          const committed = res.json().data.committed as { assignmentId: number }[];
          const booked = plan.items.reduce(
            (n, i) => n + (i.guide ? (i.guides?.length ?? 1) : 0),
            0,
          );
          expect(committed).toHaveLength(booked);
          for (const c of committed) expect(await hardRuleViolations(c.assignmentId)).toEqual([]);
          // A team is allocated exactly when its guides cover its pax on every day.
          for (const id of teamIds) {
            const [{ status }] = await rows<{ status: string }>(
              sql`select status from teams where id = ${id}`,
            );
            expect(status, `team ${id}`).toBe((await covered(id)) ? 'allocated' : 'pending');
          }
        },
      ),
      { numRuns: 6 },
    );
  });
});
