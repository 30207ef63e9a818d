// Manual assignment (issue #13 points 6 and 8): each hard rule refuses a guide that breaks it
// and nothing else, with its code and facts in both languages; the guide check lists every
// breach of every guide; replace and remove keep the history and move the team's status.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  type GuideCreateBody,
  type GuideCheckItem,
  type AssignmentResult,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam, plainSpots, type TestTeamInput } from '../../../test/support/assign-teams';
import { auditLog } from '../audit/schema';
import type { LiveEvent } from '../../events/bus';
import { messages } from '../messages/schema';
import { teamAssignments, teams, teamStatusHistory } from './schema';

let t: TestApp;
let operator: Client;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  [operator, user] = await Promise.all([signedIn(t.app, 'operator'), signedIn(t.app, 'user')]);
});
afterAll(() => t.close());

const today = isoToday();

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string; version: number };
}

const team = (input: TestTeamInput = {}) => insertTeam(t.services.db, input);

const assign = (
  teamId: number,
  guideId: number,
  from: string,
  to: string,
  role = 'local_guide',
  as = operator,
) => as.post(`/api/teams/${teamId}/assignments`, { guideId, role, from, to });

/** Assigns the guide over the whole team and expects the rule's refusal (and only it). */
async function refusedWith(
  rule: string,
  teamId: number,
  period: { startDate: string; endDate: string },
  guideId: number,
) {
  const res = await assign(teamId, guideId, period.startDate, period.endDate);
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json();
  expect(body.error).toBe(rule);
  expect(body.data.rule).toBe(rule);
  expect(body.data.message['zh-CN']).toBeTruthy();
  expect(body.data.message['en-US']).toBeTruthy();
  // Only this rule: the guide check lists exactly it.
  const check = await operator.get(
    `/api/teams/${teamId}/guide-check?keyword=${encodeURIComponent((await codeOf(guideId)) ?? '')}`,
  );
  expect(check.statusCode, check.body).toBe(200);
  const item = (check.json().data.list as GuideCheckItem[]).find((g) => g.guideId === guideId)!;
  expect(item.breaches.map((b) => b.rule)).toEqual([rule]);
  expect(
    await t.services.db.$count(
      teamAssignments,
      and(eq(teamAssignments.teamId, teamId), eq(teamAssignments.guideId, guideId)),
    ),
  ).toBe(0);
  return body;
}

async function codeOf(guideId: number) {
  const res = (await t.services.db.execute(
    sql`select code from guides where id = ${guideId}`,
  )) as unknown as {
    rows: { code: string }[];
  };
  return res.rows[0]?.code;
}

describe('the hard rules, one at a time', () => {
  it('assigns a guide who keeps every rule; the team is allocated once its days are covered', async () => {
    const tm = await team();
    const g = await guide();
    const first = await assign(tm.id, g.id, tm.startDate, addDays(tm.startDate, 1));
    expect(first.statusCode, first.body).toBe(200);
    const a: AssignmentResult = first.json().data;
    expect(a.status).toBe('pending');
    expect(a.assignment).toMatchObject({ guideId: g.id, status: 'active', role: 'local_guide' });
    // By name, as the team detail shows it (one read: queries.ts assignmentsWhere).
    expect(a.assignment.assignedBy).toBe('李调度');
    // A narrator does not make the team allocated; a local guide for the last day does.
    const narrator = await guide();
    const n = await assign(tm.id, narrator.id, tm.endDate, tm.endDate, 'narrator');
    expect(n.json().data.status).toBe('pending');
    const g2 = await guide();
    // Open consoles hear of it (issue #16): the booking, then the team's new status.
    const seen: LiveEvent[] = [];
    const off = t.services.events.subscribe((e) => seen.push(e));
    const last = await assign(tm.id, g2.id, tm.endDate, tm.endDate);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.status).toBe('allocated');
    await vi.waitFor(
      () =>
        expect(seen.filter((e) => 'teamId' in e && e.teamId === tm.id)).toEqual([
          { type: 'team.status.changed', teamId: tm.id },
          { type: 'team.assignment.made', teamId: tm.id, guideId: g2.id },
        ]),
      { timeout: 20_000 },
    );
    off();
    const [row] = await t.services.db.select().from(teams).where(eq(teams.id, tm.id));
    expect(row.status).toBe('allocated');
    expect(row.version).toBe(last.json().data.version);
    const history = await t.services.db
      .select()
      .from(teamStatusHistory)
      .where(eq(teamStatusHistory.teamId, tm.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([['pending', 'allocated']]);
    const audit = await t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(tm.id))));
    expect(audit.map((r) => r.action).sort()).toEqual([
      'team.assignment.create',
      'team.assignment.create',
      'team.assignment.create',
      'team.status.allocated',
    ]);
  });

  it('GUIDE_NOT_ACTIVE: a suspended guide', async () => {
    const tm = await team();
    const g = await guide();
    const s = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'suspended',
      reason: '投诉调查',
      version: g.version,
    });
    expect(s.statusCode, s.body).toBe(200);
    const body = await refusedWith('GUIDE_NOT_ACTIVE', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ status: 'suspended' });
    expect(body.data.message['zh-CN']).toContain('停用');
  });

  it('LICENCE_EXPIRES: a licence that ends the day before the team does', async () => {
    const tm = await team();
    const expiry = addDays(tm.endDate, -1);
    const g = await guide({ licenceExpiry: expiry });
    const body = await refusedWith('LICENCE_EXPIRES', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ expiry, end: tm.endDate });
    expect(body.msg).toContain(expiry);
  });

  it('GUIDE_BUSY: booked on an overlapping team, named with its period and the buffer', async () => {
    const other = await team({ startIn: 20, days: 2 });
    const tm = await team({ startIn: 21, days: 2 });
    const g = await guide();
    expect((await assign(other.id, g.id, other.startDate, other.endDate)).statusCode).toBe(200);
    const body = await refusedWith('GUIDE_BUSY', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({
      team: other.code,
      from: `${other.startDate} 09:00`,
      to: `${other.endDate} 18:00`,
      buffer: 60,
    });
    expect(body.data.message['en-US']).toContain(other.code);
    // The next day after the other team ends is free (17:00 + 60 min < 09:00).
    const after = await team({ startIn: 22, days: 1 });
    expect((await assign(after.id, g.id, after.startDate, after.endDate)).statusCode).toBe(200);
  });

  it('GUIDE_BUSY counts the buffer from system config', async () => {
    const first = await team({ startIn: 40, days: 1 });
    const next = await team({ startIn: 41, days: 1 });
    // 17:00 + 17 h reaches 10:00 the next day, past its 09:00 start.
    await t.services.config.set('allocation.bufferMinutes', 17 * 60, null);
    try {
      const g = await guide();
      expect((await assign(first.id, g.id, first.startDate, first.endDate)).statusCode).toBe(200);
      const res = await assign(next.id, g.id, next.startDate, next.endDate);
      expect(res.json().error).toBe('GUIDE_BUSY');
      expect(res.json().data.facts).toMatchObject({ team: first.code, buffer: 17 * 60 });
    } finally {
      await t.services.config.reset('allocation.bufferMinutes');
    }
  });

  it('GUIDE_UNAVAILABLE: leave overlapping the team, named with its type and dates', async () => {
    const tm = await team();
    const g = await guide();
    const leave = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'training',
      startDate: tm.endDate,
      endDate: addDays(tm.endDate, 3),
      reason: '',
    });
    expect(leave.statusCode, leave.body).toBe(200);
    const body = await refusedWith('GUIDE_UNAVAILABLE', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({
      type: 'training',
      from: tm.endDate,
      to: addDays(tm.endDate, 3),
    });
    expect(body.data.message['zh-CN']).toContain('培训');
    // The days before the leave are still fine.
    const early = await assign(tm.id, g.id, tm.startDate, addDays(tm.endDate, -1));
    expect(early.statusCode, early.body).toBe(200);
  });

  it('LANGUAGE_MISSING: the guide does not speak the team language', async () => {
    const tm = await team({ language: 'zh' });
    const g = await guide({ languages: [{ language: 'en', proficiency: 'fluent' }] });
    const body = await refusedWith('LANGUAGE_MISSING', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ language: 'zh' });
  });

  it('LEVEL_TOO_LOW: a VIP team needs allocation.minLevel.vip', async () => {
    const tm = await team({ vip: true });
    const g = await guide({ level: 'intermediate' });
    const body = await refusedWith('LEVEL_TOO_LOW', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ required: 'senior', held: 'intermediate' });
    expect(body.data.message['zh-CN']).toContain('高级');
  });

  it('LEVEL_TOO_LOW: a foreign-language team needs allocation.minLevel.foreignLanguage', async () => {
    const tm = await team({ language: 'en' });
    const g = await guide({ level: 'junior' });
    const body = await refusedWith('LEVEL_TOO_LOW', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ required: 'senior', held: 'junior' });
    // An ordinary Chinese-speaking team takes a junior guide (allocation.minLevel.default).
    const plain = await team({ language: 'zh' });
    expect((await assign(plain.id, g.id, plain.startDate, plain.endDate)).statusCode).toBe(200);
  });

  it('SPOT_CERTIFICATION: a certified-only spot without a certification valid through the end', async () => {
    const res = (await t.services.db.execute(sql`
      select id, name from scenic_spots where certified_guides_only and max_pax_per_guide >= 40
      order by id limit 1`)) as unknown as { rows: { id: number; name: string }[] };
    const spot = res.rows[0];
    expect(spot).toBeTruthy();
    const [plain] = await plainSpots(t.services.db);
    const tm = await team({ spotIds: [plain, spot.id] });
    // Certified, but only until the day before the team ends.
    const g = await guide({
      certifications: [{ spotId: spot.id, validUntil: addDays(tm.endDate, -1) }],
    });
    const body = await refusedWith('SPOT_CERTIFICATION', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ spots: spot.name });
    const certified = await guide({
      certifications: [{ spotId: spot.id, validUntil: tm.endDate }],
    });
    expect((await assign(tm.id, certified.id, tm.startDate, tm.endDate)).statusCode).toBe(200);
  });

  it("GROUP_TOO_LARGE: more people than the guide's maximum", async () => {
    const tm = await team({ pax: 30 });
    const g = await guide({ maxGroupSize: 25 });
    const body = await refusedWith('GROUP_TOO_LARGE', tm.id, tm, g.id);
    expect(body.data.facts).toEqual({ pax: 30, max: 25, limit: 'guide' });
  });

  it("more people than a spot's max pax per guide: a large group, shared by several guides", async () => {
    const [a, b] = await plainSpots(t.services.db);
    await t.services.db.execute(
      sql`update scenic_spots set max_pax_per_guide = 15 where id = ${b}`,
    );
    try {
      // No guide may lead more than 15 there: each takes a share (issue 29 item 1), and the
      // team is allocated once their capacities (15 each) cover its 20.
      const tm = await team({ pax: 20, spotIds: [a, b] });
      const [g, h] = [await guide({ maxGroupSize: 40 }), await guide({ maxGroupSize: 40 })];
      const one = await assign(tm.id, g.id, tm.startDate, tm.endDate);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data.status).toBe('pending');
      const two = await assign(tm.id, h.id, tm.startDate, tm.endDate);
      expect(two.statusCode, two.body).toBe(200);
      expect(two.json().data.status).toBe('allocated');
    } finally {
      await t.services.db.execute(
        sql`update scenic_spots set max_pax_per_guide = 40 where id = ${b}`,
      );
    }
  });
});

describe('the assignment path', () => {
  it('refuses a period outside the team (400), a draft or completed team, an unknown guide', async () => {
    const tm = await team();
    const g = await guide();
    const outside = await assign(tm.id, g.id, addDays(tm.startDate, -1), tm.endDate);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('ASSIGNMENT_OUTSIDE_PERIOD');
    const reversed = await assign(tm.id, g.id, tm.endDate, tm.startDate);
    expect(reversed.statusCode).toBe(400);
    const draft = await team({ status: 'draft' });
    expect((await assign(draft.id, g.id, draft.startDate, draft.endDate)).json().error).toBe(
      'TEAM_NOT_EDITABLE',
    );
    const done = await team({ status: 'completed', startIn: -10 });
    expect((await assign(done.id, g.id, done.startDate, done.endDate)).statusCode).toBe(409);
    expect((await assign(tm.id, 99_999_999, tm.startDate, tm.endDate)).statusCode).toBe(404);
    expect((await assign(99_999_999, g.id, tm.startDate, tm.endDate)).statusCode).toBe(404);
    expect((await assign(tm.id, g.id, tm.startDate, tm.endDate, 'driver')).statusCode).toBe(400);
  });

  it('is refused to a user without team:allocate', async () => {
    const tm = await team();
    const g = await guide();
    const res = await assign(tm.id, g.id, tm.startDate, tm.endDate, 'local_guide', user);
    expect(res.statusCode).toBe(403);
  });

  it('the guide check lists every breach of every guide, eligible first', async () => {
    const tm = await team({ vip: true, language: 'en' });
    const good = await guide({ name: '可用导游' });
    const bad = await guide({
      name: '受限导游',
      level: 'junior',
      maxGroupSize: 10,
      languages: [{ language: 'zh', proficiency: 'native' }],
    });
    const res = await operator.get(`/api/teams/${tm.id}/guide-check?keyword=导游&pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json().data as { list: GuideCheckItem[]; total: number };
    expect(total).toBeGreaterThanOrEqual(2);
    const firstIneligible = list.findIndex((g) => !g.eligible);
    expect(list.slice(firstIneligible).every((g) => !g.eligible)).toBe(true);
    expect(list.find((g) => g.guideId === good.id)!.eligible).toBe(true);
    const b = list.find((g) => g.guideId === bad.id)!;
    expect(b.breaches.map((x) => x.rule)).toEqual([
      'LANGUAGE_MISSING',
      'LEVEL_TOO_LOW',
      'GROUP_TOO_LARGE',
    ]);
    const eligibleOnly = await operator.get(
      `/api/teams/${tm.id}/guide-check?keyword=导游&pageSize=100&eligibleOnly=true`,
    );
    const ids = (eligibleOnly.json().data.list as GuideCheckItem[]).map((g) => g.guideId);
    expect(ids).toContain(good.id);
    expect(ids).not.toContain(bad.id);
    // Paging: the page size holds, the total does not depend on it.
    const page = await operator.get(`/api/teams/${tm.id}/guide-check?pageSize=5&current=2`);
    expect(page.json().data.list).toHaveLength(5);
    expect(page.json().data.total).toBeGreaterThan(10);
    const past = await operator.get(`/api/teams/${tm.id}/guide-check?pageSize=100&current=999`);
    expect(past.json().data).toEqual({ list: [], total: page.json().data.total });
  });
});

describe('replace and remove', () => {
  it('replace keeps the old row (replaced, who, when, why); remove takes the team back to pending', async () => {
    const tm = await team();
    const [a, b] = [await guide(), await guide()];
    const first = (await assign(tm.id, a.id, tm.startDate, tm.endDate)).json().data;
    expect(first.status).toBe('allocated');
    const stale = await operator.post(
      `/api/teams/${tm.id}/assignments/${first.assignment.id}/replace`,
      { guideId: b.id, reason: '生病', version: first.assignment.version + 1 },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
    const rep = await operator.post(
      `/api/teams/${tm.id}/assignments/${first.assignment.id}/replace`,
      { guideId: b.id, reason: '生病', version: first.assignment.version },
    );
    expect(rep.statusCode, rep.body).toBe(200);
    const replaced: AssignmentResult = rep.json().data;
    expect(replaced.status).toBe('allocated');
    expect(replaced.assignment).toMatchObject({
      guideId: b.id,
      from: tm.startDate,
      to: tm.endDate,
    });
    const [old] = await t.services.db
      .select()
      .from(teamAssignments)
      .where(eq(teamAssignments.id, first.assignment.id));
    expect(old).toMatchObject({ status: 'replaced', endReason: '生病' });
    expect(old.endedBy).not.toBeNull();
    expect(old.endedAt).not.toBeNull();
    // The replaced guide is free again for an overlapping team.
    const other = await team();
    expect((await assign(other.id, a.id, other.startDate, other.endDate)).statusCode).toBe(200);

    const del = await operator.delete(
      `/api/teams/${tm.id}/assignments/${replaced.assignment.id}?version=${replaced.assignment.version}&reason=${encodeURIComponent('客户取消')}`,
    );
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.status).toBe('pending');
    expect(del.json().data.assignment).toMatchObject({
      status: 'cancelled',
      endReason: '客户取消',
    });
    const again = await operator.delete(
      `/api/teams/${tm.id}/assignments/${replaced.assignment.id}?version=${replaced.assignment.version + 1}`,
    );
    expect(again.statusCode).toBe(409);
    const history = await t.services.db
      .select()
      .from(teamStatusHistory)
      .where(eq(teamStatusHistory.teamId, tm.id));
    expect(history.map((h) => h.toStatus)).toEqual(['allocated', 'pending']);
  });

  it('a replacement must keep the rules too; nothing changes when it does not', async () => {
    const tm = await team();
    const a = await guide();
    const junior = await guide({ maxGroupSize: 5 });
    const first = (await assign(tm.id, a.id, tm.startDate, tm.endDate)).json().data;
    const rep = await operator.post(
      `/api/teams/${tm.id}/assignments/${first.assignment.id}/replace`,
      { guideId: junior.id, reason: '', version: first.assignment.version },
    );
    expect(rep.json().error).toBe('GROUP_TOO_LARGE');
    const [old] = await t.services.db
      .select()
      .from(teamAssignments)
      .where(eq(teamAssignments.id, first.assignment.id));
    expect(old.status).toBe('active');
  });
});

describe('an assigned guide becoming unavailable', () => {
  it('makes a todo for the dispatchers and keeps the assignment', async () => {
    const tm = await team({ startIn: 60 });
    const g = await guide();
    expect((await assign(tm.id, g.id, tm.startDate, tm.endDate)).statusCode).toBe(200);
    const todos = () =>
      t.services.db
        .select({ userId: messages.userId, title: messages.title, key: messages.dedupeKey })
        .from(messages)
        .where(
          sql`${messages.dedupeKey} like ${'team-guide-%'} and ${messages.content} like ${`%${tm.code}%`}`,
        );
    expect(await todos()).toHaveLength(0);
    // Leave elsewhere: nothing; leave over the team: one todo per dispatcher.
    const far = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'leave',
      startDate: addDays(today, 2),
      endDate: addDays(today, 3),
      reason: '',
    });
    expect(far.statusCode).toBe(200);
    expect(await todos()).toHaveLength(0);
    const leave = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'sick',
      startDate: tm.endDate,
      endDate: tm.endDate,
      reason: '',
    });
    expect(leave.statusCode).toBe(200);
    const dispatchers = await t.services.auth.usersWithPermission(t.services.db, 'team:allocate');
    expect(dispatchers.length).toBeGreaterThan(0);
    expect((await todos()).map((m) => m.userId).sort()).toEqual([...dispatchers].sort());
    const profile = (await operator.get(`/api/guides/${g.id}`)).json().data;
    const s = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'suspended',
      reason: '停职',
      version: profile.version,
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(await todos()).toHaveLength(dispatchers.length * 2);
    const [row] = await t.services.db
      .select()
      .from(teamAssignments)
      .where(eq(teamAssignments.teamId, tm.id));
    expect(row.status).toBe('active');
  });
});

describe('guide figures', () => {
  it('teams led, days worked in the last 30 days and the average rating come from teams', async () => {
    const g = await guide();
    const done = await team({ status: 'pending', startIn: -5, days: 3 });
    expect((await assign(done.id, g.id, done.startDate, done.endDate)).statusCode).toBe(200);
    await t.services.db.update(teams).set({ status: 'completed' }).where(eq(teams.id, done.id));
    const fb = await operator.put(`/api/teams/${done.id}/feedback`, {
      guideId: g.id,
      score: 4,
      comment: '讲解生动',
    });
    expect(fb.statusCode, fb.body).toBe(200);
    const fb2 = await operator.put(`/api/teams/${done.id}/feedback`, { guideId: g.id, score: 5 });
    expect(fb2.json().data.feedback).toMatchObject({ score: 5, comment: '' });
    const other = await team({ status: 'pending', startIn: -40, days: 2 });
    expect((await assign(other.id, g.id, other.startDate, other.endDate)).statusCode).toBe(200);
    await t.services.db.update(teams).set({ status: 'completed' }).where(eq(teams.id, other.id));
    const profile = (await user.get(`/api/guides/${g.id}`)).json().data;
    expect(profile.figures).toEqual({ teamsLed: 2, daysWorked30: 3, averageRating: 5 });
    const list = (await user.get(`/api/guides?keyword=${profile.code}`)).json().data.list;
    expect(list[0].figures).toEqual(profile.figures);
  });

  it('the list shows a new assignment at once, though it keeps figures between pages', async () => {
    const g = await guide();
    const tm = await team({ status: 'pending', startIn: 0, days: 2 });
    const listed = async () =>
      (await user.get(`/api/guides?keyword=${g.code}`)).json().data.list[0].figures;
    expect(await listed()).toEqual({ teamsLed: 0, daysWorked30: 0, averageRating: null });
    expect((await assign(tm.id, g.id, tm.startDate, tm.endDate)).statusCode).toBe(200);
    // Today is one of the team's days: worked, by the event that dropped the kept figures.
    expect(await listed()).toEqual({ teamsLed: 0, daysWorked30: 1, averageRating: null });
  });

  it('feedback is for completed teams and their guides only', async () => {
    const tm = await team();
    const g = await guide();
    expect((await assign(tm.id, g.id, tm.startDate, tm.endDate)).statusCode).toBe(200);
    const early = await operator.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 5 });
    expect(early.json().error).toBe('FEEDBACK_BEFORE_COMPLETION');
    await t.services.db.update(teams).set({ status: 'completed' }).where(eq(teams.id, tm.id));
    const stranger = await guide();
    const res = await operator.put(`/api/teams/${tm.id}/feedback`, {
      guideId: stranger.id,
      score: 5,
    });
    expect(res.json().error).toBe('FEEDBACK_NOT_ALLOWED');
    expect(
      (await operator.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 6 })).statusCode,
    ).toBe(400);
    expect(
      (await user.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 5 })).statusCode,
    ).toBe(403);
  });
});
