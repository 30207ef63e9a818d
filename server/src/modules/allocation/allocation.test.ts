// Guide allocation (issue #14): the waiting teams, one team's candidates (every hard rule
// excludes with its reason, eligible guides ranked by the soft score), the soft rules through
// the system configuration, and the plan → preview → commit path with its stale check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  localDateTime,
  type Candidate,
  type CandidatesPage,
  type GuideCreateBody,
  type PlanDetail,
  type WaitingTeam,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam, plainSpots, type TestTeamInput } from '../../../test/support/assign-teams';
import { auditLog } from '../audit/schema';
import { runJob } from '../../jobs';
import { allocationPlanPurgeJob } from '../../jobs/allocation-plan-purge';
import { assignmentPeriod } from '../team/period';
import { teamAssignments, teamFeedback, teams } from '../team/schema';
import { planScores, softWeightsOf } from './queries';

let t: TestApp;
let admin: Client;
let operator: Client;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, user] = await Promise.all([
    signedIn(t.app, 'admin'),
    signedIn(t.app, 'operator'),
    signedIn(t.app, 'user'),
  ]);
});
afterAll(() => t.close());

const today = isoToday();
let nameSeq = 0;

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string; name: string; version: number };
}

const team = (input: TestTeamInput = {}) => insertTeam(t.services.db, input);

const assign = (teamId: number, guideId: number, from: string, to: string) =>
  operator.post(`/api/teams/${teamId}/assignments`, { guideId, role: 'local_guide', from, to });

async function candidates(teamId: number, query: string) {
  const res = await operator.get(`/api/allocation/teams/${teamId}/candidates?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CandidatesPage;
}

/** A fresh name prefix, so a keyword finds only this test's guides. */
const tag = () => `候选${String.fromCharCode(0x4e00 + (nameSeq++ % 2000))}${nameSeq}`;

describe('waiting teams', () => {
  it('lists pending teams of the range with spots, start and urgency; refuses a long range', async () => {
    const soon = await team({ startIn: 1, days: 2 });
    const later = await team({ startIn: 5, days: 2 });
    await team({ startIn: 2, days: 2, status: 'draft' });
    const res = await operator.get(
      `/api/allocation/teams?from=${addDays(today, 1)}&to=${addDays(today, 5)}&pageSize=500`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.list as WaitingTeam[];
    const a = list.find((w) => w.id === soon.id)!;
    const b = list.find((w) => w.id === later.id)!;
    expect(a.startsAt).toBe(localDateTime(soon.startDate, '09:00').toISOString());
    expect(a.urgent).toBe(true);
    expect(b.urgent).toBe(false);
    expect(a.spots).toHaveLength(2);
    expect(list.every((w) => w.status === 'pending')).toBe(true);
    expect(list.findIndex((w) => w.id === soon.id)).toBeLessThan(
      list.findIndex((w) => w.id === later.id),
    );
    const long = await user.get(`/api/allocation/teams?from=${today}&to=${addDays(today, 62)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('PLAN_RANGE');
    const reversed = await user.get(`/api/allocation/teams?from=${today}&to=${addDays(today, -1)}`);
    expect(reversed.json().error).toBe('PLAN_RANGE');
  });
});

describe('candidates', () => {
  it('excludes a guide for each hard rule with its reason; a guide breaking three shows all three', async () => {
    const other = await team({ startIn: 30, days: 2 });
    const tm = await team({ startIn: 31, days: 3, vip: true, pax: 30 });
    const name = tag();
    const good = await guide({ name: `${name}好` });
    const suspended = await guide({ name: `${name}停` });
    expect(
      (
        await operator.post(`/api/guides/${suspended.id}/status`, {
          status: 'suspended',
          reason: '投诉调查',
          version: suspended.version,
        })
      ).statusCode,
    ).toBe(200);
    const expiring = await guide({ name: `${name}证`, licenceExpiry: addDays(tm.endDate, -1) });
    const busy = await guide({ name: `${name}忙` });
    expect((await assign(other.id, busy.id, other.startDate, other.endDate)).statusCode).toBe(200);
    const onLeave = await guide({ name: `${name}假` });
    await operator.post(`/api/guides/${onLeave.id}/unavailability`, {
      type: 'training',
      startDate: tm.endDate,
      endDate: tm.endDate,
      reason: '',
    });
    const mute = await guide({
      name: `${name}语`,
      languages: [{ language: 'en', proficiency: 'fluent' }],
    });
    const junior = await guide({ name: `${name}级`, level: 'intermediate' });
    const small = await guide({ name: `${name}小`, maxGroupSize: 25 });
    const three = await guide({
      name: `${name}三`,
      level: 'junior',
      maxGroupSize: 10,
      licenceExpiry: addDays(tm.endDate, -3),
    });
    const page = await candidates(tm.id, `keyword=${encodeURIComponent(name)}&pageSize=100`);
    expect(page.total).toBe(9);
    const rules = (id: number) =>
      page.list.find((c) => c.guideId === id)!.breaches.map((b) => b.rule);
    expect(page.list[0].guideId).toBe(good.id);
    expect(page.list[0].eligible).toBe(true);
    expect(rules(suspended.id)).toEqual(['GUIDE_NOT_ACTIVE']);
    expect(rules(expiring.id)).toEqual(['LICENCE_EXPIRES']);
    expect(rules(busy.id)).toEqual(['GUIDE_BUSY']);
    expect(rules(onLeave.id)).toEqual(['GUIDE_UNAVAILABLE']);
    expect(rules(mute.id)).toEqual(['LANGUAGE_MISSING']);
    expect(rules(junior.id)).toEqual(['LEVEL_TOO_LOW']);
    expect(rules(small.id)).toEqual(['GROUP_TOO_LARGE']);
    expect(rules(three.id)).toEqual(['LICENCE_EXPIRES', 'LEVEL_TOO_LOW', 'GROUP_TOO_LARGE']);
    for (const c of page.list.filter((x) => !x.eligible)) {
      expect(c.score).toBeNull();
      for (const b of c.breaches) {
        expect(b.message['zh-CN']).toBeTruthy();
        expect(b.message['en-US']).toBeTruthy();
      }
    }
    // Excluded guides by name after the eligible one.
    const excluded = page.list.slice(1);
    expect(excluded.every((c) => !c.eligible)).toBe(true);
    const only = await candidates(tm.id, `keyword=${encodeURIComponent(name)}&eligibleOnly=true`);
    expect(only.list.map((c) => c.guideId)).toEqual([good.id]);
    expect(only.eligibleTotal).toBeGreaterThanOrEqual(1);
    expect((await user.get(`/api/allocation/teams/${tm.id}/candidates`)).statusCode).toBe(403);
  });

  it('SPOT_CERTIFICATION excludes a guide without a certification valid through the end', async () => {
    const res = (await t.services.db.execute(sql`
      select id from scenic_spots where certified_guides_only and max_pax_per_guide >= 40
      order by id limit 1`)) as unknown as { rows: { id: number }[] };
    const [plain] = await plainSpots(t.services.db);
    const tm = await team({ startIn: 35, spotIds: [plain, res.rows[0].id] });
    const name = tag();
    const g = await guide({
      name: `${name}甲`,
      certifications: [{ spotId: res.rows[0].id, validUntil: addDays(tm.endDate, -1) }],
    });
    const page = await candidates(tm.id, `keyword=${encodeURIComponent(name)}`);
    expect(page.list.find((c) => c.guideId === g.id)!.breaches.map((b) => b.rule)).toEqual([
      'SPOT_CERTIFICATION',
    ]);
  });

  it('ranks eligible guides by the soft score with its breakdown', async () => {
    const tm = await team({ startIn: 40, days: 2, language: 'en' });
    const cityRes = (await t.services.db.execute(sql`
      select sp.city from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
      where i.team_id = ${tm.id} order by i.date, i.seq limit 1`)) as unknown as {
      rows: { city: string }[];
    };
    const city = cityRes.rows[0].city;
    const name = tag();
    const native = await guide({
      name: `${name}甲`,
      homeCity: city,
      languages: [{ language: 'en', proficiency: 'native' }],
    });
    const fluent = await guide({
      name: `${name}乙`,
      homeCity: '别处',
      languages: [{ language: 'en', proficiency: 'fluent' }],
    });
    const working = await guide({
      name: `${name}丙`,
      homeCity: '别处',
      languages: [{ language: 'en', proficiency: 'working' }],
    });
    // The fluent guide worked three days last week and was rated 5; the working one rated 1.
    const past = await team({ startIn: -10, days: 3, status: 'completed' });
    const period = assignmentPeriod(
      { startDate: past.startDate, pickupTime: '', items: [] },
      past.startDate,
      past.endDate,
      60,
    );
    await t.services.db.insert(teamAssignments).values({
      teamId: past.id,
      guideId: fluent.id,
      role: 'local_guide',
      fromDate: past.startDate,
      toDate: past.endDate,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      busy: period.busy,
    });
    await t.services.db.insert(teamFeedback).values([
      { teamId: past.id, guideId: fluent.id, score: 5 },
      { teamId: past.id, guideId: working.id, score: 1 },
    ]);
    const page = await candidates(tm.id, `keyword=${encodeURIComponent(name)}`);
    // Default weights 30 / 25 / 20 / 15 / 10 (sum 100): score = Σ weight × value.
    const expected = [
      [native.id, 30 * 1 + 25 * ((3 - 1) / 4) + 0 + 15 * 1 + 10 * 1],
      [fluent.id, 30 * (1 - 3 / 30) + 25 * 1 + 0 + 15 * (2 / 3) + 0],
      [working.id, 30 * 1 + 25 * 0 + 0 + 15 * (1 / 3) + 0],
    ] as const;
    expect(page.list.map((c) => c.guideId)).toEqual(expected.map(([id]) => id));
    for (const [id, score] of expected) {
      const c = page.list.find((x) => x.guideId === id) as Candidate;
      expect(c.score).toBeCloseTo(score, 1);
      const sum = c.breakdown.reduce((s, p) => s + p.contribution, 0);
      expect(sum).toBeCloseTo(score, 1);
    }
    const fl = page.list[1].breakdown;
    expect(fl.find((p) => p.preference === 'fairness')).toMatchObject({ fact: 3, weight: 30 });
    expect(fl.find((p) => p.preference === 'rating')).toMatchObject({ fact: 5, value: 1 });
    expect(fl.find((p) => p.preference === 'language')).toMatchObject({ fact: 'fluent' });
    expect(page.list[0].breakdown.find((p) => p.preference === 'homeCity')).toMatchObject({
      fact: city,
      value: 1,
    });

    // A plan scores its pairs from the same factors outside SQL (planScores): the same scores.
    const res = await operator.post('/api/allocation/plans', {
      from: tm.startDate,
      to: tm.endDate,
      teamIds: [tm.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = (res.json().data as PlanDetail).items;
    expect(item.guide!.guideId).toBe(native.id);
    const all = await candidates(tm.id, 'eligibleOnly=true&pageSize=100');
    for (const g of [item.guide!, ...item.alternatives])
      expect(g.score).toBeCloseTo(all.list.find((c) => c.guideId === g.guideId)!.score!, 2);
    // The facts behind the plan's choice come from the same factors, read once (issue 29
    // item 5): the breakdown the candidates list shows from SQL, part for part.
    expect(item.breakdown).toEqual(all.list.find((c) => c.guideId === native.id)!.breakdown);
    const scores = await planScores(
      t.services.db,
      new Map([[tm.id, expected.map(([id]) => id)]]),
      softWeightsOf(await t.services.config.all()),
      today,
    );
    for (const [id, score] of expected)
      expect(scores.find((s) => s.guideId === id)!.score).toBeCloseTo(score, 6);
  });
});

describe('a team partly covered', () => {
  it('checks the days left, where the guide of the first days is eligible with continuity', async () => {
    const tm = await team({ startIn: 60, days: 4 });
    const name = tag();
    const first = await guide({ name: `${name}甲` });
    const other = await guide({ name: `${name}乙` });
    const whole = await candidates(tm.id, `keyword=${encodeURIComponent(name)}`);
    expect(whole.window).toEqual({ from: tm.startDate, to: tm.endDate });
    expect((await assign(tm.id, first.id, tm.startDate, addDays(tm.startDate, 1))).statusCode).toBe(
      200,
    );
    const left = await candidates(tm.id, `keyword=${encodeURIComponent(name)}`);
    expect(left.window).toEqual({ from: addDays(tm.startDate, 2), to: tm.endDate });
    const mine = left.list.find((c) => c.guideId === first.id)!;
    expect(mine.eligible).toBe(true);
    expect(mine.breakdown.find((p) => p.preference === 'continuity')).toMatchObject({
      value: 1,
      fact: 'yes',
    });
    const theirs = left.list.find((c) => c.guideId === other.id)!;
    expect(mine.score! - theirs.score!).toBeCloseTo(20, 1);
    // Booking the window completes the team.
    const res = await assign(tm.id, first.id, left.window.from, left.window.to);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.services.db
      .select({ s: teams.status })
      .from(teams)
      .where(eq(teams.id, tm.id));
    expect(row.s).toBe('allocated');
  });
});

describe('rules', () => {
  it('reads the soft rules and hard rules; writes them audited, validated and versioned', async () => {
    const read = await user.get('/api/allocation/rules');
    expect(read.statusCode, read.body).toBe(200);
    const rules = read.json().data;
    expect(rules.soft.map((r: { preference: string }) => r.preference)).toEqual([
      'fairness',
      'rating',
      'continuity',
      'language',
      'homeCity',
    ]);
    expect(rules.hard).toHaveLength(8);
    expect(rules.hard[0].message['en-US']).toBeTruthy();
    const fairness = rules.soft[0];
    const body = {
      soft: [{ ...fairness, preference: 'fairness', enabled: false, weight: 40 }],
    };
    expect((await operator.put('/api/allocation/rules', body)).statusCode).toBe(403);
    const bad = await admin.put('/api/allocation/rules', {
      soft: [{ ...body.soft[0], weight: 101 }],
    });
    expect(bad.statusCode).toBe(400);
    const saved = await admin.put('/api/allocation/rules', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.soft[0]).toMatchObject({ enabled: false, weight: 40 });
    expect(await t.services.config.get('allocation.soft.fairness.weight')).toBe(40);
    const stale = await admin.put('/api/allocation/rules', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'allocation.rules.update'));
    expect(
      audit.some((a) => a.result === 200 && a.diff && 'allocation.soft.fairness.weight' in a.diff),
    ).toBe(true);
    // Back to the defaults for the other tests.
    const now = saved.json().data.soft[0];
    const reset = await admin.put('/api/allocation/rules', {
      soft: [{ ...now, preference: 'fairness', enabled: true, weight: 30 }],
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});

describe('plans', () => {
  /** Teams far ahead, each in its own window, and a plan over just them. */
  async function planOf(teamIds: number[], from: string, to: string) {
    const res = await operator.post('/api/allocation/plans', { from, to, teamIds });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PlanDetail;
  }

  const statusOf = async (id: number) =>
    (await t.services.db.select({ s: teams.status }).from(teams).where(eq(teams.id, id)))[0].s;

  it('plans, previews and commits: every covered team is allocated', async () => {
    const a = await team({ startIn: 100, days: 2 });
    const b = await team({ startIn: 101, days: 2 });
    const plan = await planOf([a.id, b.id], a.startDate, addDays(a.startDate, 5));
    expect(plan.status).toBe('draft');
    expect(plan.teamsConsidered).toBe(2);
    expect(plan.teamsCovered).toBe(2);
    // Solved by HiGHS in the solver's thread, not the greedy stand-in.
    expect(plan.method).not.toMatch(/fallback/);
    expect(plan.items.map((i) => i.teamId)).toEqual([a.id, b.id]);
    for (const item of plan.items) {
      expect(item.guide).not.toBeNull();
      expect(item.alternatives.length).toBeLessThanOrEqual(3);
      // The best other eligible guides, by score (the chosen one may be below one taken by
      // an overlapping team).
      const scores = item.alternatives.map((alt) => alt.score);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
      expect(item.alternatives.map((alt) => alt.guideId)).not.toContain(item.guide!.guideId);
      // Neither team has a local guide yet: each is planned for its whole period.
      expect(item.window).toBeNull();
    }
    expect(plan.items[0].guide!.guideId).not.toBe(plan.items[1].guide!.guideId);
    const preview = await operator.get(`/api/allocation/plans/${plan.id}`);
    expect(preview.json().data).toEqual(plan);
    const res = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.committed).toHaveLength(2);
    expect(await statusOf(a.id)).toBe('allocated');
    expect(await statusOf(b.id)).toBe('allocated');
    const rows = await t.services.db
      .select()
      .from(teamAssignments)
      .where(and(eq(teamAssignments.teamId, a.id), eq(teamAssignments.status, 'active')));
    expect(rows).toHaveLength(1);
    expect(rows[0].guideId).toBe(plan.items[0].guide!.guideId);
    expect(rows[0].score).toBeCloseTo(plan.items[0].guide!.score, 1);
    const again = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('PLAN_COMMITTED');
    const actions = await t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(a.id))));
    expect(actions.map((r) => r.action).sort()).toEqual([
      'team.assignment.create',
      'team.status.allocated',
    ]);
  });

  it('a partly covered team is planned and booked for its days without a local guide', async () => {
    const tm = await team({ startIn: 130, days: 4 });
    const first = await guide();
    const firstDays = await assign(tm.id, first.id, tm.startDate, addDays(tm.startDate, 1));
    expect(firstDays.statusCode, firstDays.body).toBe(200);
    const plan = await planOf([tm.id], tm.startDate, tm.endDate);
    const [item] = plan.items;
    expect(item.window).toEqual({ from: addDays(tm.startDate, 2), to: tm.endDate });
    expect(item.guide).not.toBeNull();
    const res = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.services.db
      .select()
      .from(teamAssignments)
      .where(and(eq(teamAssignments.teamId, tm.id), eq(teamAssignments.status, 'active')))
      .orderBy(teamAssignments.fromDate);
    // The first days keep their guide; the plan's guide takes the days left, not the period.
    expect(rows.map((r) => [r.guideId, r.fromDate, r.toDate])).toEqual([
      [first.id, tm.startDate, addDays(tm.startDate, 1)],
      [item.guide!.guideId, addDays(tm.startDate, 2), tm.endDate],
    ]);
    expect(await statusOf(tm.id)).toBe('allocated');
  });

  it('a team no guide can take is uncovered with the closest guides and every breach', async () => {
    const tm = await team({ startIn: 110, days: 1, language: 'xx' });
    const plan = await planOf([tm.id], tm.startDate, tm.endDate);
    expect(plan.teamsCovered).toBe(0);
    const item = plan.items[0];
    expect(item.guide).toBeNull();
    expect(item.uncovered!.reason).toBe('NO_ELIGIBLE_GUIDE');
    expect(item.uncovered!.closest).toHaveLength(3);
    for (const c of item.uncovered!.closest)
      expect(c.breaches.map((b) => b.rule)).toContain('LANGUAGE_MISSING');
  });

  it('a manual booking of a planned guide between preview and commit: 409 PLAN_STALE, nothing written', async () => {
    const a = await team({ startIn: 120, days: 2 });
    const b = await team({ startIn: 125, days: 2 });
    const plan = await planOf([a.id, b.id], a.startDate, addDays(a.startDate, 10));
    const planned = plan.items[0].guide!.guideId;
    const elsewhere = await team({ startIn: 120, days: 1 });
    expect(
      (await assign(elsewhere.id, planned, elsewhere.startDate, elsewhere.endDate)).statusCode,
    ).toBe(200);
    const res = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe('PLAN_STALE');
    const changes = res.json().data.changes as { kind: string; guideId: number }[];
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'GUIDE_CHANGED', guideId: planned }),
    );
    expect(await statusOf(a.id)).toBe('pending');
    expect(await statusOf(b.id)).toBe('pending');
    expect(
      await t.services.db.$count(
        teamAssignments,
        sql`${teamAssignments.teamId} in (${a.id}, ${b.id})`,
      ),
    ).toBe(0);
  });

  it('a team changed since the plan is reported; a partial commit books only the chosen teams', async () => {
    const a = await team({ startIn: 140, days: 2 });
    const b = await team({ startIn: 143, days: 2 });
    const c = await team({ startIn: 146, days: 2 });
    const plan = await planOf([a.id, b.id, c.id], a.startDate, addDays(a.startDate, 10));
    expect(plan.teamsCovered).toBe(3);
    const first = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {
      teamIds: [a.id],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await statusOf(a.id)).toBe('allocated');
    expect(await statusOf(b.id)).toBe('pending');
    const twice = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {
      teamIds: [a.id],
    });
    expect(twice.json().error).toBe('PLAN_COMMITTED');
    await t.services.db
      .update(teams)
      .set({ version: sql`${teams.version} + 1` })
      .where(eq(teams.id, c.id));
    const stale = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {});
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.changes).toEqual([
      expect.objectContaining({ kind: 'TEAM_CHANGED', teamId: c.id, teamCode: c.code }),
    ]);
    expect(await statusOf(b.id)).toBe('pending');
    const rest = await operator.post(`/api/allocation/plans/${plan.id}/commit`, {
      teamIds: [b.id],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await statusOf(b.id)).toBe('allocated');
    expect((await operator.get(`/api/allocation/plans/${plan.id}`)).json().data.status).toBe(
      'draft',
    );
  });

  it('refuses a range longer than the limit and is refused to a user', async () => {
    const long = await operator.post('/api/allocation/plans', {
      from: today,
      to: addDays(today, 70),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('PLAN_RANGE');
    expect((await user.post('/api/allocation/plans', { from: today, to: today })).statusCode).toBe(
      403,
    );
    expect((await operator.get('/api/allocation/plans/99999999')).statusCode).toBe(404);
  });

  it('the purge job drops plans older than PLAN_TTL_HOURS', async () => {
    const tm = await team({ startIn: 160, days: 1 });
    const plan = await planOf([tm.id], tm.startDate, tm.endDate);
    const early = await runJob(allocationPlanPurgeJob, t.services);
    expect(early.ran).toBe(true);
    expect((await operator.get(`/api/allocation/plans/${plan.id}`)).statusCode).toBe(200);
    const later = await runJob(
      allocationPlanPurgeJob,
      t.services,
      new Date(Date.now() + 25 * 3_600_000),
    );
    expect(later.ran && (later.result as { purged: number }).purged).toBeGreaterThanOrEqual(1);
    expect((await operator.get(`/api/allocation/plans/${plan.id}`)).statusCode).toBe(404);
  });
});

describe('board', () => {
  it("shows each guide's bookings and leave in the range with the workload", async () => {
    const tm = await team({ startIn: 170, days: 3 });
    const name = tag();
    const g = await guide({ name: `${name}板` });
    expect((await assign(tm.id, g.id, tm.startDate, tm.endDate)).statusCode).toBe(200);
    await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'leave',
      startDate: addDays(tm.endDate, 2),
      endDate: addDays(tm.endDate, 2),
      reason: '',
    });
    const waiting = await team({ startIn: 171, days: 1 });
    const res = await user.get(
      `/api/allocation/board?from=${addDays(tm.startDate, 1)}&to=${addDays(tm.endDate, 5)}&keyword=${encodeURIComponent(name)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json().data;
    expect(board.total).toBe(1);
    expect(board.guides[0]).toMatchObject({ guideId: g.id, workloadDays: 2 });
    expect(board.guides[0].bars).toEqual([
      // A team's bar names it and its pax and status (issue 29 item 4).
      {
        kind: 'team',
        id: tm.id,
        label: tm.code,
        from: tm.startDate,
        to: tm.endDate,
        name: tm.name,
        pax: 20,
        status: 'allocated',
      },
      {
        kind: 'leave',
        id: expect.any(Number),
        label: 'leave',
        from: addDays(tm.endDate, 2),
        to: addDays(tm.endDate, 2),
        name: '',
        pax: 0,
        status: null,
      },
    ]);
    expect(board.waiting.map((w: WaitingTeam) => w.id)).toContain(waiting.id);
  });
});
