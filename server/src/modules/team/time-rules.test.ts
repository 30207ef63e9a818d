// The time rules of the lifecycle (issue 25 defect 5; product.md, "Allocation rules", last
// paragraph): a team starts on or after its first day and completes on or after its last, by
// the operation's local date at the services' clock; feedback follows completion. Each refusal
// is 409 with its own code and message in both languages, and the start/finish job keeps the
// same rule (`teamCalendarBreach`). On PGlite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  localDateTime,
  teamCalendarBreach,
  type GuideCreateBody,
  type Team,
  type TeamStatus,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam, type TestTeamInput } from '../../../test/support/assign-teams';
import { runJob } from '../../jobs';
import { teamStartFinishJob } from '../../jobs/team-start-finish';
import { teamFeedback, teams } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(null));

const ZH = { headers: { 'x-locale': 'zh-CN' } };
const EN = { headers: { 'x-locale': 'en-US' } };

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

async function team(input: TestTeamInput & { status: TeamStatus }) {
  const row = await insertTeam(t.services.db, input);
  return { id: row.id, startDate: row.startDate, endDate: row.endDate };
}

const detail = async (id: number): Promise<Team> =>
  (await operator.get(`/api/teams/${id}`)).json().data;

const move = async (id: number, to: TeamStatus, opts = ZH) =>
  operator.post(
    `/api/teams/${id}/transition`,
    { to, reason: '', version: (await detail(id)).version },
    opts,
  );

/** An instant at a local wall-clock time of the operation's zone (Asia/Shanghai). */
const at = (day: string, time: string) => localDateTime(day, time);

describe('by hand, on the operation’s local date', () => {
  it('starting before the first day: 409 TEAM_STARTS_LATER, in both languages; on it: 200', async () => {
    const tm = await team({ status: 'allocated', startIn: 10, days: 3 });
    // 23:59 the evening before, local time (15:59 UTC).
    t.clock.set(at(addDays(tm.startDate, -1), '23:59'));
    const zh = await move(tm.id, 'ongoing', ZH);
    expect(zh.statusCode, zh.body).toBe(409);
    expect(zh.json()).toMatchObject({
      code: 40928,
      error: 'TEAM_STARTS_LATER',
      msg: `团队 ${tm.startDate} 才开始，今天（${addDays(tm.startDate, -1)}）还不能开始`,
      data: {
        from: 'allocated',
        to: 'ongoing',
        rule: 'TEAM_STARTS_LATER',
        day: tm.startDate,
        today: addDays(tm.startDate, -1),
      },
    });
    const en = await move(tm.id, 'ongoing', EN);
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe(
      `The team starts on ${tm.startDate}; it cannot start today (${addDays(tm.startDate, -1)})`,
    );
    // Weeks before: the same.
    t.clock.set(at(addDays(tm.startDate, -21), '10:00'));
    expect((await move(tm.id, 'ongoing')).json().error).toBe('TEAM_STARTS_LATER');
    expect((await detail(tm.id)).status).toBe('allocated');

    // 00:05 on the first day, local time, is still the day before in UTC: the local date rules.
    const first = at(tm.startDate, '00:05');
    expect(first.toISOString().slice(0, 10)).toBe(addDays(tm.startDate, -1));
    t.clock.set(first);
    const started = await move(tm.id, 'ongoing');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.status).toBe('ongoing');
  });

  it('completing before the last day: 409 TEAM_ENDS_LATER, in both languages; on it: 200', async () => {
    const tm = await team({ status: 'ongoing', startIn: 10, days: 3 });
    const before = addDays(tm.endDate, -1);
    t.clock.set(at(before, '23:59'));
    const zh = await move(tm.id, 'completed', ZH);
    expect(zh.statusCode, zh.body).toBe(409);
    expect(zh.json()).toMatchObject({
      code: 40929,
      error: 'TEAM_ENDS_LATER',
      msg: `团队 ${tm.endDate} 才结束，今天（${before}）还不能完成`,
      data: { rule: 'TEAM_ENDS_LATER', day: tm.endDate, today: before },
    });
    const en = await move(tm.id, 'completed', EN);
    expect(en.json().msg).toBe(
      `The team ends on ${tm.endDate}; it cannot be completed today (${before})`,
    );
    expect((await detail(tm.id)).status).toBe('ongoing');

    t.clock.set(at(tm.endDate, '00:00'));
    const done = await move(tm.id, 'completed');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('completed');
  });

  it('the other moves keep no calendar: a future team is submitted and cancelled at once', async () => {
    const tm = await team({ status: 'allocated', startIn: 30 });
    const res = await operator.post(`/api/teams/${tm.id}/transition`, {
      to: 'cancelled',
      reason: '客户取消',
      version: (await detail(tm.id)).version,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('feedback follows completion', () => {
  it('refused before completion (and the early completion that let it in is refused too)', async () => {
    const g = await guide();
    const tm = await team({ status: 'pending', startIn: 10, days: 3 });
    const assigned = await operator.post(`/api/teams/${tm.id}/assignments`, {
      guideId: g.id,
      role: 'local_guide',
      from: tm.startDate,
      to: tm.endDate,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.status).toBe('allocated');

    // Weeks early, the team cannot be started or completed, so no feedback can follow.
    expect((await move(tm.id, 'ongoing')).statusCode).toBe(409);
    await t.services.db.update(teams).set({ status: 'ongoing' }).where(eq(teams.id, tm.id));
    expect((await move(tm.id, 'completed')).statusCode).toBe(409);
    const zh = await operator.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 5 }, ZH);
    expect(zh.statusCode, zh.body).toBe(409);
    expect(zh.json()).toMatchObject({
      code: 40970,
      error: 'FEEDBACK_BEFORE_COMPLETION',
      msg: '团队状态为“进行中”，完成后才能评价',
      data: { status: 'ongoing' },
    });
    const en = await operator.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 5 }, EN);
    expect(en.json().msg).toBe('The team is ongoing; feedback follows its completion');
    expect(await t.services.db.$count(teamFeedback, eq(teamFeedback.teamId, tm.id))).toBe(0);
    const figures = (await operator.get(`/api/guides/${g.id}`)).json().data.figures;
    expect(figures.averageRating).toBeNull();

    // On the last day it completes, and the feedback is taken.
    t.clock.set(at(tm.endDate, '18:00'));
    expect((await move(tm.id, 'completed')).statusCode).toBe(200);
    const fb = await operator.put(`/api/teams/${tm.id}/feedback`, { guideId: g.id, score: 4 });
    expect(fb.statusCode, fb.body).toBe(200);
    // The answer and the detail name the author alike (one read).
    const shown = (await detail(tm.id)).feedback.find((f) => f.guideId === g.id);
    expect(fb.json().data.feedback).toEqual(shown);
  });
});

describe('the start/finish job', () => {
  it('moves a team exactly when teamCalendarBreach allows it, at every local hour around its days', async () => {
    // Nothing else is due in this file's database: every other team out of the way.
    await t.services.db.execute(
      sql`update teams set status = 'completed' where status in ('allocated', 'ongoing')`,
    );
    const one = await team({ status: 'allocated', startIn: 40, days: 1 });
    const three = await team({ status: 'allocated', startIn: 41, days: 3 });
    const mine = [one, three];
    const status = async (id: number) =>
      (await t.services.db.select({ s: teams.status }).from(teams).where(eq(teams.id, id)))[0].s;
    for (
      let day = addDays(one.startDate, -1);
      day <= addDays(three.endDate, 1);
      day = addDays(day, 1)
    )
      for (const time of ['00:00', '07:59', '08:00', '23:59']) {
        const now = at(day, time);
        t.clock.set(now);
        const before = new Map(
          await Promise.all(mine.map(async (m) => [m.id, await status(m.id)] as const)),
        );
        const run = await runJob(teamStartFinishJob, t.services);
        expect(run.ran, `${day} ${time}`).toBe(true);
        for (const m of mine) {
          const was = before.get(m.id)!;
          const after = await status(m.id);
          const mayStart = teamCalendarBreach(m, 'ongoing', now) === null;
          const mayComplete = teamCalendarBreach(m, 'completed', now) === null;
          // Never before the rule allows; started on the first day; completed once it is over.
          if (was === 'allocated') expect(after !== 'allocated', `${day} ${time}`).toBe(mayStart);
          if (after === 'completed') expect(mayComplete, `${day} ${time}`).toBe(true);
          if (after === 'completed' && was !== 'completed')
            expect(day > m.endDate, `${day} ${time}`).toBe(true);
        }
      }
    expect(await status(one.id)).toBe('completed');
    expect(await status(three.id)).toBe('completed');
  }, 120_000);
});
