// Figures agree with lists (issue 25, test family; defect 6): a guide profile's figures are
// read from the lists shown beside them — teams led is the total of the teams-led list, the
// average rating the mean of the feedback list (the profile said 带团次数 1 and 平均评分 4 beside
// "暂无带团记录" and "暂无评价"). The teams written cover every status and assignment state the
// rule tells apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  scenicStartOfDay,
  TEAM_STATUSES,
  type GuideFeedbackItem,
  type GuideFigures,
  type GuideTeamLed,
  type Page,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { teamAssignments, teamFeedback } from '../team/schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

async function data<T>(as: Client, url: string): Promise<T> {
  const res = await as.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data as T;
}

/** An active assignment of the guide over [from, to] (written as the assignment service keeps it). */
async function assign(
  teamId: number,
  guideId: number,
  from: string,
  to: string,
  status = 'active',
) {
  await t.services.db.insert(teamAssignments).values({
    teamId,
    guideId,
    role: 'local_guide',
    status: status as 'active',
    fromDate: from,
    toDate: to,
    startsAt: scenicStartOfDay(from),
    endsAt: scenicStartOfDay(addDays(to, 1)),
    busy: `[${scenicStartOfDay(from).toISOString()},${scenicStartOfDay(addDays(to, 1)).toISOString()})`,
  });
}

describe('a guide profile: its figures are the totals of its lists', () => {
  async function readAll<T>(url: string): Promise<Page<T>> {
    const list: T[] = [];
    let total = -1;
    for (let current = 1; current <= 20; current++) {
      const page = await data<Page<T>>(operator, `${url}?current=${current}&pageSize=2`);
      if (total >= 0) expect(page.total).toBe(total);
      total = page.total;
      list.push(...page.list);
      if (page.list.length < 2) break;
    }
    return { list, total };
  }

  async function profile(id: number) {
    const guide = await data<{ figures: GuideFigures }>(operator, `/api/guides/${id}`);
    const teams = await readAll<GuideTeamLed>(`/api/guides/${id}/teams`);
    const feedback = await readAll<GuideFeedbackItem>(`/api/guides/${id}/feedback`);
    return { figures: guide.figures, teams, feedback };
  }

  async function newGuide() {
    const res = await operator.post('/api/guides', guideBody());
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { id: number }).id;
  }

  it('a guide without teams shows 0, no rating and two empty lists', async () => {
    const p = await profile(await newGuide());
    expect(p.figures.teamsLed).toBe(0);
    expect(p.figures.averageRating).toBeNull();
    expect(p.teams).toEqual({ list: [], total: 0 });
    expect(p.feedback).toEqual({ list: [], total: 0 });
  });

  it('teams led and the average rating are read from the lists shown beside them', async () => {
    const guideId = await newGuide();
    const teamOf = async (status: (typeof TEAM_STATUSES)[number], startIn: number) => {
      const team = await insertTeam(t.services.db, { status, startIn, days: 2 });
      await assign(team.id, guideId, team.startDate, team.endDate);
      return team;
    };
    const completed = [await teamOf('completed', -30), await teamOf('completed', -10)];
    const ongoing = await teamOf('ongoing', -1);
    const allocated = await teamOf('allocated', 5);
    await teamOf('cancelled', 3);
    // Replaced on a completed team: another guide led it.
    const replacedOn = await insertTeam(t.services.db, { status: 'completed', startIn: -20 });
    await assign(replacedOn.id, guideId, replacedOn.startDate, replacedOn.endDate, 'replaced');
    // Two assignments on one team (two runs of days): one team led.
    const twoRuns = await insertTeam(t.services.db, { status: 'completed', startIn: -40, days: 4 });
    await assign(twoRuns.id, guideId, twoRuns.startDate, twoRuns.startDate);
    await assign(twoRuns.id, guideId, addDays(twoRuns.startDate, 2), twoRuns.endDate);
    for (const [team, score] of [
      [completed[0], 5],
      [completed[1], 4],
      [twoRuns, 4],
      [replacedOn, 2],
    ] as const)
      await t.services.db
        .insert(teamFeedback)
        .values({ teamId: team.id, guideId, score, comment: `评价 ${score}` });

    const p = await profile(guideId);
    expect(new Set(p.teams.list.map((r) => r.id))).toEqual(
      new Set([completed[0].id, completed[1].id, ongoing.id, twoRuns.id]),
    );
    expect(p.teams.list.map((r) => r.id)).not.toContain(allocated.id);
    expect(p.figures.teamsLed).toBe(p.teams.total);
    expect(p.teams.list).toHaveLength(p.teams.total);
    // Each team once, the latest first, with the guide's score on it.
    expect(p.teams.list.map((r) => r.startDate)).toEqual(
      [...p.teams.list.map((r) => r.startDate)].sort().reverse(),
    );
    expect(p.teams.list.find((r) => r.id === twoRuns.id)?.score).toBe(4);
    expect(p.teams.list.find((r) => r.id === ongoing.id)?.score).toBeNull();

    expect(p.feedback.total).toBe(4);
    expect(p.feedback.list).toHaveLength(p.feedback.total);
    const mean = p.feedback.list.reduce((s, f) => s + f.score, 0) / p.feedback.total;
    expect(p.figures.averageRating).toBe(Math.round(mean * 10) / 10);
    expect(p.feedback.list.every((f) => !Number.isNaN(Date.parse(f.createdAt)))).toBe(true);
  });

  it('an unknown guide has no lists (404)', async () => {
    for (const path of ['teams', 'feedback'])
      expect((await operator.get(`/api/guides/999999/${path}`)).statusCode).toBe(404);
  });
});
