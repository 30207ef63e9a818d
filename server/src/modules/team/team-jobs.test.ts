// The team jobs (issue #13 points 4 and 10) with the test clock: allocated → ongoing on the
// start day, ongoing → completed after the end day, as the system; the 48-hour pending todo,
// once per team and recipient.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { addDays, isoToday, localDateTime, type Team } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { runJob } from '../../jobs';
import { teamStartFinishJob } from '../../jobs/team-start-finish';
import { pendingTeamDedupeKey, teamPendingReminderJob } from '../../jobs/team-pending-reminder';
import { messages } from '../messages/schema';
import { auditLog } from '../audit/schema';
import { teams } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

// Far from the demo teams, so only the test's teams are due at these instants.
const start = addDays(isoToday(), 500);

async function team(status: Team['status'], startDate: string, endDate: string) {
  const res = await operator.post('/api/teams', {
    name: '自动团',
    agency: 'cits',
    market: 'domestic',
    paxAdults: 10,
    language: 'zh',
    leadContactName: '李四',
    leadContactPhone: '13812345678',
    startDate,
    endDate,
  });
  expect(res.statusCode, res.body).toBe(200);
  const created: Team = res.json().data;
  await t.services.db.update(teams).set({ status }).where(eq(teams.id, created.id));
  return created.id;
}

const statusOf = async (id: number) =>
  (await t.services.db.select({ s: teams.status }).from(teams).where(eq(teams.id, id)))[0].s;

it('starts allocated teams on their start day and completes ongoing ones after their end', async () => {
  // Nothing else is due at these instants: move every other team out of the way first.
  await t.services.db.execute(
    sql`update teams set status = 'completed' where status in ('allocated', 'ongoing')`,
  );
  const a = await team('allocated', start, addDays(start, 2));
  const b = await team('allocated', addDays(start, 1), addDays(start, 1));

  t.clock.set(localDateTime(addDays(start, -1), '23:59'));
  expect(await runJob(teamStartFinishJob, t.services)).toMatchObject({
    ran: true,
    result: { started: [], completed: [] },
  });
  expect(await statusOf(a)).toBe('allocated');

  t.clock.set(localDateTime(start, '00:01'));
  const first = await runJob(teamStartFinishJob, t.services);
  expect(first.ran && (first.result.started as string[]).length).toBe(1);
  expect(await statusOf(a)).toBe('ongoing');
  expect(await statusOf(b)).toBe('allocated');

  // The last day is still on; the day after it the team is completed.
  t.clock.set(localDateTime(addDays(start, 2), '23:00'));
  await runJob(teamStartFinishJob, t.services);
  expect(await statusOf(a)).toBe('ongoing');
  expect(await statusOf(b)).toBe('completed'); // started and finished in one run

  t.clock.set(localDateTime(addDays(start, 3), '00:30'));
  await runJob(teamStartFinishJob, t.services);
  expect(await statusOf(a)).toBe('completed');

  const detail: Team = (await operator.get(`/api/teams/${a}`)).json().data;
  expect(detail.history.map((h) => [h.from, h.to, h.actor])).toEqual([
    [null, 'draft', '李调度'],
    ['allocated', 'ongoing', null],
    ['ongoing', 'completed', null],
  ]);
  const rows = await t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(a))));
  expect(rows.filter((r) => r.username === 'system').map((r) => r.action)).toEqual([
    'team.status.ongoing',
    'team.status.completed',
  ]);
  // Run again: nothing more to do.
  const again = await runJob(teamStartFinishJob, t.services);
  expect(again).toMatchObject({ result: { started: [], completed: [] } });
  t.clock.set(null);
});

it('a pending team leaving within 48 hours makes one todo per team:allocate holder, once', async () => {
  const soon = addDays(start, 100);
  const id = await team('pending', soon, soon);
  const later = await team('pending', addDays(soon, 3), addDays(soon, 3));
  const drafted = await team('draft', soon, soon);
  t.clock.set(localDateTime(addDays(soon, -2), '09:00'));
  const first = await runJob(teamPendingReminderJob, t.services);
  const second = await runJob(teamPendingReminderJob, t.services);
  t.clock.set(null);
  const holders = await t.services.auth.usersWithPermission(t.services.db, 'team:allocate');
  expect(holders.length).toBeGreaterThan(0);
  expect(first).toMatchObject({ ran: true, result: { created: holders.length } });
  expect(second).toMatchObject({ ran: true, result: { created: 0 } });
  const todos = await t.services.db
    .select()
    .from(messages)
    .where(like(messages.dedupeKey, 'team-pending:%'));
  const mine = todos.filter((m) => m.dedupeKey === pendingTeamDedupeKey(id, soon));
  expect(mine.map((m) => m.userId).sort()).toEqual([...holders].sort());
  expect(mine.every((m) => m.type === 'todo')).toBe(true);
  expect(todos.some((m) => m.dedupeKey?.includes(`:${later}:`))).toBe(false);
  expect(todos.some((m) => m.dedupeKey?.includes(`:${drafted}:`))).toBe(false);
  const inbox = await operator.get('/api/message/list?type=todo&pageSize=50', {
    headers: { 'x-locale': 'en-US' },
  });
  expect(JSON.stringify(inbox.json().data.list)).toContain(`leaves on ${soon}`);
});
