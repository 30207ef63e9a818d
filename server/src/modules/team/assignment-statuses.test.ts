// Which team states allow changing its guides (issue 25 defect 15): the server accepts adding
// and removing a guide exactly in TEAM_ASSIGNABLE_STATUSES and replacing one exactly in
// TEAM_REPLACEABLE_STATUSES (the contract the team page derives its buttons from), and every
// assignment answer reads as the team detail does (one query). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TEAM_ASSIGNABLE_STATUSES,
  TEAM_REPLACEABLE_STATUSES,
  TEAM_STATUSES,
  type AssignmentResult,
  type Team,
  type TeamAssignment,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { teams } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

async function guide() {
  const res = await operator.post('/api/guides', guideBody());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

const detail = async (id: number): Promise<Team> =>
  (await operator.get(`/api/teams/${id}`)).json().data;

/** The team detail's row of the answer's assignment equals the answer's. */
async function agrees(answer: AssignmentResult) {
  const shown = (await detail(answer.teamId)).assignments.find(
    (a) => a.id === answer.assignment.id,
  );
  expect(answer.assignment).toEqual(shown);
}

describe('the states that allow changing a team’s guides', () => {
  it('the contract: add and remove while pending or allocated; replace on an ongoing tour too', () => {
    expect([...TEAM_ASSIGNABLE_STATUSES]).toEqual(['pending', 'allocated']);
    expect([...TEAM_REPLACEABLE_STATUSES]).toEqual(['pending', 'allocated', 'ongoing']);
  });

  for (const status of TEAM_STATUSES)
    it(`${status}: add, replace and remove are accepted exactly as the contract says`, async () => {
      // A team with an active local guide (booked while pending), then put in `status`.
      const row = await insertTeam(t.services.db, { status: 'pending', startIn: 20, days: 2 });
      const [first, second, stand] = [await guide(), await guide(), await guide()];
      const booked = await operator.post(`/api/teams/${row.id}/assignments`, {
        guideId: first.id,
        role: 'local_guide',
        from: row.startDate,
        to: row.endDate,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      await t.services.db.update(teams).set({ status }).where(eq(teams.id, row.id));

      const assignable = TEAM_ASSIGNABLE_STATUSES.includes(status);
      const replaceable = TEAM_REPLACEABLE_STATUSES.includes(status);
      const refusedUnless = (res: { statusCode: number; body: string }, allowed: boolean) => {
        if (allowed) expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
        else {
          expect(res.statusCode, `${status}: ${res.body}`).toBe(409);
          expect(JSON.parse(res.body)).toMatchObject({ error: 'TEAM_NOT_EDITABLE' });
        }
      };

      const added = await operator.post(`/api/teams/${row.id}/assignments`, {
        guideId: second.id,
        role: 'assistant',
        from: row.startDate,
        to: row.endDate,
      });
      refusedUnless(added, assignable);
      if (assignable) await agrees(added.json().data);

      const active = (await detail(row.id)).assignments.find(
        (a) => a.guideId === first.id,
      ) as TeamAssignment;
      const replaced = await operator.post(
        `/api/teams/${row.id}/assignments/${active.id}/replace`,
        { guideId: stand.id, reason: '生病', version: active.version },
      );
      refusedUnless(replaced, replaceable);
      if (replaceable) await agrees(replaced.json().data);

      const local = (await detail(row.id)).assignments.find(
        (a) => a.status === 'active' && a.role === 'local_guide',
      ) as TeamAssignment;
      const removed = await operator.delete(
        `/api/teams/${row.id}/assignments/${local.id}?version=${local.version}`,
      );
      refusedUnless(removed, assignable);
      if (assignable) await agrees(removed.json().data);
    });
});

describe('"assigned by" reads alike in the answer and on the detail', () => {
  it('the answer to a booking names the dispatcher as the detail does', async () => {
    const row = await insertTeam(t.services.db, { status: 'pending', startIn: 30, days: 1 });
    const g = await guide();
    const res = await operator.post(`/api/teams/${row.id}/assignments`, {
      guideId: g.id,
      role: 'local_guide',
      from: row.startDate,
      to: row.endDate,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer: AssignmentResult = res.json().data;
    expect(answer.assignment.assignedBy).toBe('李调度');
    await agrees(answer);
  });
});
