// Two dispatchers racing for one guide (issue #13 point 7): 50 requests at once book one guide
// onto 50 overlapping teams. The exclusion constraint decides: exactly one succeeds, the 49
// others get 409 GUIDE_BUSY naming the winner's team, and the guide has one active booking.
// Meaningful on PostgreSQL (concurrent transactions); on PGlite the requests take turns.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { teamAssignments } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

it('50 parallel bookings of one guide on overlapping teams: 1 success, 49 × 409', async () => {
  const g = (await operator.post('/api/guides', guideBody())).json().data as { id: number };
  const teams = await Promise.all(
    Array.from({ length: 50 }, (_, i) => insertTeam(t.services.db, { startIn: 30 + (i % 3) })),
  );
  const results = await Promise.all(
    teams.map((tm) =>
      operator.post(`/api/teams/${tm.id}/assignments`, {
        guideId: g.id,
        role: 'local_guide',
        from: tm.startDate,
        to: tm.endDate,
      }),
    ),
  );
  const statuses = results.map((r) => r.statusCode);
  const outcomes = results.map((r) => `${r.statusCode} ${r.json().error ?? ''}`);
  expect(
    statuses.filter((s) => s === 200),
    outcomes.join(', '),
  ).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  const winner = teams[statuses.indexOf(200)];
  for (const r of results.filter((x) => x.statusCode === 409)) {
    expect(r.json().error).toBe('GUIDE_BUSY');
    expect(r.json().data.facts.team).toBe(winner.code);
  }
  const active = await t.services.db
    .select()
    .from(teamAssignments)
    .where(and(eq(teamAssignments.guideId, g.id), eq(teamAssignments.status, 'active')));
  expect(active).toHaveLength(1);
  expect(active[0].teamId).toBe(winner.id);
}, 60_000);

it('two overlapping leaves of one guide at once: one is saved, the other is named the clash', async () => {
  const g = (await operator.post('/api/guides', guideBody())).json().data as { id: number };
  const leave = (type: string, startDate: string, endDate: string) =>
    operator.post(`/api/guides/${g.id}/unavailability`, { type, startDate, endDate, reason: '' });
  const [a, b] = await Promise.all([
    leave('leave', '2031-03-01', '2031-03-05'),
    leave('training', '2031-03-04', '2031-03-08'),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const refused = a.statusCode === 409 ? a : b;
  const saved = (a.statusCode === 200 ? a : b).json().data;
  expect(refused.json().msg).toContain(saved.startDate);
});
