// Large groups get several guides (issue 29 item 1): a team larger than any guide's capacity
// (a guide's maximum group size, or the spots' max pax per guide when lower) is shared by
// several local guides; it is `allocated` only when their capacities cover its pax on every
// day; the candidates say how many more it needs; the batch plan books as many as it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  guideCapacity,
  type CandidatesPage,
  type GuideCreateBody,
  type PlanDetail,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam, plainSpots, type TestTeamInput } from '../../../test/support/assign-teams';

let t: TestApp;
let operator: Client;
let spotLimit: number;
let spots: number[];
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
  spots = await plainSpots(t.services.db);
  const res = (await t.services.db.execute(sql`
    select min(max_pax_per_guide)::int as n from scenic_spots
    where id in (${sql.join(
      spots.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: { n: number }[] };
  spotLimit = res.rows[0].n;
});
afterAll(() => t.close());

// Guides' licences (guideBody) run 400 days: the teams start before.
let startIn = 300;
/** A team on the plain spots, in days no other test of this file uses. */
const team = (input: TestTeamInput = {}) =>
  insertTeam(t.services.db, { startIn: (startIn += 7), spotIds: spots, ...input });

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

const assign = (teamId: number, guideId: number, from: string, to: string) =>
  operator.post(`/api/teams/${teamId}/assignments`, { guideId, role: 'local_guide', from, to });

async function candidates(teamId: number, query = 'pageSize=100&eligibleOnly=true') {
  const res = await operator.get(`/api/allocation/teams/${teamId}/candidates?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CandidatesPage;
}

async function status(teamId: number) {
  const res = (await t.services.db.execute(
    sql`select status from teams where id = ${teamId}`,
  )) as unknown as { rows: { status: string }[] };
  return res.rows[0].status;
}

describe('coverage of a large group', () => {
  it('candidates say how many guides are still needed; allocated only once their capacities cover the pax', async () => {
    const pax = 2 * spotLimit + 10; // three guides of the spot's limit
    const tm = await team({ pax, days: 2 });
    const small = await guide({ maxGroupSize: spotLimit - 10 });
    const first = await candidates(tm.id);
    expect(first.coverage).toMatchObject({
      pax,
      paxLeft: pax,
      largeGroup: true,
      stillNeeded: 3,
    });
    // Every guide may take a share, a small one too, at its own capacity.
    const listed = (await candidates(tm.id, `keyword=${small.code}`)).list[0];
    expect(listed?.eligible).toBe(true);
    expect(listed?.capacity).toBe(spotLimit - 10);

    const big = await Promise.all([1, 2, 3].map(() => guide({ maxGroupSize: spotLimit + 20 })));
    expect(guideCapacity(spotLimit + 20, spotLimit)).toBe(spotLimit);
    const one = await assign(tm.id, big[0].id, tm.startDate, tm.endDate);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.status).toBe('pending');
    expect((await candidates(tm.id)).coverage).toMatchObject({
      paxLeft: pax - spotLimit,
      stillNeeded: 2,
    });
    // A second guide for the same days.
    const two = await assign(tm.id, big[1].id, tm.startDate, tm.endDate);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().data.status).toBe('pending');
    // The third covers the first day only: the second day is still short.
    const three = await assign(tm.id, big[2].id, tm.startDate, tm.startDate);
    expect(three.statusCode, three.body).toBe(200);
    expect(three.json().data.status).toBe('pending');
    const rest = await candidates(tm.id);
    expect(rest.window).toEqual({ from: tm.endDate, to: tm.endDate });
    expect(rest.coverage).toMatchObject({ paxLeft: 10, stillNeeded: 1 });
    // The small guide covers the 10 left on the second day: every day covered.
    const four = await assign(tm.id, small.id, tm.endDate, tm.endDate);
    expect(four.statusCode, four.body).toBe(200);
    expect(four.json().data.status).toBe('allocated');
    expect(await status(tm.id)).toBe('allocated');
    expect((await candidates(tm.id)).coverage).toMatchObject({ paxLeft: 0, stillNeeded: 0 });

    // Taking one guide off uncovers the team again.
    const assignment = four.json().data.assignment as { id: number; version: number };
    const removed = await operator.delete(
      `/api/teams/${tm.id}/assignments/${assignment.id}?version=${assignment.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.status).toBe('pending');
  });

  it('a team one guide can lead still needs one guide that holds it (GROUP_TOO_LARGE)', async () => {
    const tm = await team({ pax: spotLimit - 5, days: 1 });
    const small = await guide({ maxGroupSize: spotLimit - 10 });
    const page = await candidates(tm.id, `keyword=${small.code}`);
    expect(page.coverage).toMatchObject({ largeGroup: false, stillNeeded: 1 });
    const listed = page.list[0];
    expect(listed?.breaches.map((b) => b.rule)).toEqual(['GROUP_TOO_LARGE']);
    const res = await assign(tm.id, small.id, tm.startDate, tm.endDate);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.rule).toBe('GROUP_TOO_LARGE');
  });
});

describe('the batch plan covers large groups', () => {
  it('plans and books as many guides as the pax need', async () => {
    const pax = 3 * spotLimit + 1; // four guides of the spot's limit
    const tm = await team({ pax, days: 2 });
    // A small team on the group's first day.
    const single = await insertTeam(t.services.db, { startIn, pax: 10, days: 1, spotIds: spots });
    await Promise.all([1, 2, 3, 4, 5].map(() => guide({ maxGroupSize: spotLimit })));
    const planned = await operator.post('/api/allocation/plans', {
      from: tm.startDate,
      to: addDays(tm.startDate, 10),
      teamIds: [tm.id, single.id],
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const plan = planned.json().data as PlanDetail;
    const item = plan.items.find((i) => i.teamId === tm.id)!;
    expect(item.guide, plan.method).not.toBeNull();
    expect(item.paxLeft).toBe(pax);
    const guides = item.guides!;
    expect(guides.length).toBeGreaterThanOrEqual(4);
    expect(guides.reduce((s, g) => s + g.capacity, 0)).toBeGreaterThanOrEqual(pax);
    expect(new Set(guides.map((g) => g.guideId)).size).toBe(guides.length);
    const other = plan.items.find((i) => i.teamId === single.id)!;
    expect(guides.map((g) => g.guideId)).not.toContain(other.guide?.guideId);
    expect(plan.teamsCovered).toBe(2);

    // The plan answered: no plan of this user is under way any more.
    const progress = await operator.get('/api/allocation/plans/progress');
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().data).toBeNull();
    // Each phase's time is kept with the figures (jsonb orders the keys its own way).
    expect(Object.keys(plan.phaseMs ?? {}).sort()).toEqual([
      'building',
      'checking',
      'reading',
      'solving',
    ]);

    const res = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(res.statusCode, res.body).toBe(200);
    const committed = res.json().data.committed as { teamId: number; guideId: number }[];
    expect(committed.filter((c) => c.teamId === tm.id).map((c) => c.guideId)).toEqual(
      guides.map((g) => g.guideId),
    );
    expect(await status(tm.id)).toBe('allocated');
    expect(await status(single.id)).toBe('allocated');
  });
});
