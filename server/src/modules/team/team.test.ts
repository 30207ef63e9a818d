// The team core (issue #13 points 2, 3, 5, 11): codes, lifecycle, itinerary capacity, lists,
// export, detail and operation log, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  localDateTime,
  periodDates,
  TEAM_STATUSES,
  teamFields,
  type ScenicSpot,
  type Team,
  type TeamInput,
  type TeamStatus,
} from '@console/shared';
import { Client, createTestApp, dbKind, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { spotBody } from '../../../test/support/spots';
import { auditLog } from '../audit/schema';
import { teamAssignments, teams } from './schema';
import { assignmentPeriod } from './period';

let t: TestApp;
let operator: Client;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  [operator, user] = await Promise.all([signedIn(t.app, 'operator'), signedIn(t.app, 'user')]);
});
afterAll(() => t.close());

const today = isoToday();
/** Far enough ahead that demo teams never share a spot-day with the tests' spots. */
const base = addDays(today, 400);

export const teamInput = (over: Partial<TeamInput> = {}): TeamInput => ({
  name: '测试团',
  agency: 'cits',
  market: 'domestic',
  paxAdults: 20,
  language: 'zh',
  leadContactName: '李四',
  leadContactPhone: '13812345678',
  startDate: base,
  endDate: addDays(base, 2),
  ...over,
});

async function createTeam(over: Partial<TeamInput> = {}): Promise<Team> {
  const res = await operator.post('/api/teams', teamInput(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createSpot(over: Record<string, unknown> = {}): Promise<ScenicSpot> {
  const res = await operator.post('/api/scenic/spots', spotBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const dayItems = (team: Team, spotId: number) =>
  periodDates(team.startDate, team.endDate).map((date) => ({
    date,
    spotId,
    plannedStart: '09:00',
    plannedEnd: '11:00',
  }));

async function saveItinerary(
  team: Team,
  items: unknown[],
  confirmCapacityWarning = false,
  as: Client = operator,
) {
  return as.put(`/api/teams/${team.id}/itinerary`, {
    items,
    confirmCapacityWarning,
    version: team.version,
  });
}

/** Puts the team straight into `status` (for the transition table's starting points). */
async function forceStatus(id: number, status: TeamStatus) {
  await t.services.db.update(teams).set({ status }).where(eq(teams.id, id));
}

/** A PUT body: every editable field of `team` (the update requires them all), then `over`. */
const updateBody = (team: Team, over: Partial<TeamInput> = {}) => ({
  ...Object.fromEntries(Object.keys(teamFields).map((k) => [k, team[k as keyof Team]])),
  ...over,
  version: team.version,
});

describe('create and edit', () => {
  it('creates a draft with a generated code, its history and audit row', async () => {
    const team = await createTeam();
    expect(team.status).toBe('draft');
    expect(team.code).toMatch(/^T\d{8}\d{3}$/);
    expect(team.pax).toBe(20);
    expect(team.history).toHaveLength(1);
    expect(team.history[0]).toMatchObject({ from: null, to: 'draft', actor: '李调度' });
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(team.id))));
    expect(row.action).toBe('team.create');
    expect(row.diff).toMatchObject({ code: { before: null, after: team.code } });
  });

  it('refuses unknown dictionary values, bad input, and users without team:write', async () => {
    const bad = await operator.post('/api/teams', teamInput({ agency: 'nope', market: 'mars' }));
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['agency', 'market']);
    const long = await operator.post('/api/teams', teamInput({ name: '一'.repeat(21) }));
    expect(long.statusCode).toBe(400);
    const backwards = await operator.post(
      '/api/teams',
      teamInput({ startDate: base, endDate: addDays(base, -1) }),
    );
    expect(backwards.statusCode).toBe(400);
    expect((await user.post('/api/teams', teamInput())).statusCode).toBe(403);
  });

  it('a stale edit gets 409 STALE_VERSION naming who changed it; nothing saved', async () => {
    const team = await createTeam();
    const first = await operator.put(`/api/teams/${team.id}`, updateBody(team, { name: '改名一' }));
    expect(first.statusCode, first.body).toBe(200);
    const stale = await operator.put(`/api/teams/${team.id}`, updateBody(team, { name: '改名二' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40901);
    expect(stale.json().data.updatedBy).toBe('李调度');
    expect((await user.get(`/api/teams/${team.id}`)).json().data.name).toBe('改名一');
  });

  it('moving the dates moves the itinerary; not under active guides; only while editable', async () => {
    const spot = await createSpot();
    let team = await createTeam();
    const saved = await saveItinerary(team, dayItems(team, spot.id));
    expect(saved.statusCode, saved.body).toBe(200);
    team = saved.json().data.team;
    const moved = await operator.put(
      `/api/teams/${team.id}`,
      updateBody(team, { startDate: addDays(base, 10), endDate: addDays(base, 11) }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    team = moved.json().data;
    expect(team.itinerary.map((i) => i.date)).toEqual([addDays(base, 10), addDays(base, 11)]);

    // An active assignment pins the dates.
    const guide = (await operator.post('/api/guides', guideBody())).json().data;
    const period = assignmentPeriod(
      { startDate: team.startDate, pickupTime: '', items: team.itinerary },
      team.startDate,
      team.endDate,
      60,
    );
    await t.services.db.insert(teamAssignments).values({
      teamId: team.id,
      guideId: guide.id,
      role: 'local_guide',
      fromDate: team.startDate,
      toDate: team.endDate,
      ...period,
    });
    const pinned = await operator.put(
      `/api/teams/${team.id}`,
      updateBody(team, { startDate: addDays(base, 20), endDate: addDays(base, 21) }),
    );
    expect(pinned.statusCode).toBe(409);
    expect(pinned.json().code).toBe(40924);
    // Other fields may still change.
    const renamed = await operator.put(`/api/teams/${team.id}`, updateBody(team, { name: '改名' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    team = renamed.json().data;
    expect(team.assignments[0]).toMatchObject({ guideName: '测试导游', guideCode: guide.code });

    for (const status of ['ongoing', 'completed', 'cancelled'] as const) {
      await forceStatus(team.id, status);
      const refused = await operator.put(`/api/teams/${team.id}`, updateBody(team, { name: 'x' }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(40923);
      const itinerary = await saveItinerary(team, dayItems(team, spot.id));
      expect(itinerary.json().code).toBe(40923);
    }
  });
});

describe('team codes', () => {
  it('follow team.codePattern and never repeat within a day', async () => {
    await t.services.config.set('team.codePattern', 'TX-{yyMMdd}-{seq:4}', null);
    try {
      const a = await createTeam();
      const b = await createTeam();
      expect(a.code).toMatch(/^TX-\d{6}-\d{4}$/);
      expect(Number(b.code.slice(-4))).toBe(Number(a.code.slice(-4)) + 1);
    } finally {
      await t.services.config.reset('team.codePattern');
    }
  });

  it('a pattern without the day skips codes already taken', async () => {
    await t.services.config.set('team.codePattern', 'FIXED{seq:2}', null);
    try {
      const a = await createTeam();
      await t.services.db.execute(sql`update team_code_counters set last = 0`);
      const b = await createTeam();
      expect(b.code).not.toBe(a.code);
    } finally {
      await t.services.config.reset('team.codePattern');
    }
  });

  it.runIf(dbKind() === 'postgres')('20 parallel creates give 20 distinct codes', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => operator.post('/api/teams', teamInput())),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const codes = results.map((r) => r.json().data.code as string);
    expect(new Set(codes).size).toBe(20);
  });
});

/**
 * Moves a person may make by hand (product.md, "Team", Lifecycle): submit a draft, return a
 * pending team to draft (the "return to draft" action), cancel before `ongoing`, start an
 * allocated team, finish an ongoing one. `allocated` itself follows from assignments.
 */
const BY_HAND: readonly string[] = [
  'draft->pending',
  'pending->draft',
  'draft->cancelled',
  'pending->cancelled',
  'allocated->cancelled',
  'allocated->ongoing',
  'ongoing->completed',
];

describe('lifecycle', () => {
  it('every (from, to) pair by hand: allowed by the product lifecycle or 409 ILLEGAL_TRANSITION', async () => {
    const spot = await createSpot({ dailyCapacity: 100_000, instantCapacity: 10_000 });
    const template = await createTeam();
    const complete = await saveItinerary(template, dayItems(template, spot.id));
    expect(complete.statusCode, complete.body).toBe(200);
    const tried: string[] = [];
    for (const from of TEAM_STATUSES) {
      for (const to of TEAM_STATUSES) {
        let team = await createTeam();
        team = (await saveItinerary(team, dayItems(team, spot.id))).json().data.team;
        await forceStatus(team.id, from);
        // On the team's last day, so the calendar (time-rules.test.ts) allows every move.
        t.clock.set(localDateTime(team.endDate, '12:00'));
        const res = await operator.post(`/api/teams/${team.id}/transition`, {
          to,
          reason: to === 'cancelled' ? '客户取消' : '',
          version: team.version,
        });
        t.clock.set(null);
        const allowed = BY_HAND.includes(`${from}->${to}`);
        tried.push(`${from}->${to}:${res.statusCode}`);
        if (allowed) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          const after: Team = res.json().data;
          expect(after.status).toBe(to);
          expect(after.history.at(-1)).toMatchObject({ from, to, actor: '李调度' });
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          expect(res.json().code).toBe(40920);
          expect(res.json().data).toEqual({ from, to });
          expect((await user.get(`/api/teams/${team.id}`)).json().data.status).toBe(from);
        }
      }
    }
    expect(tried).toHaveLength(36);
  }, 300_000);

  it('names both states in the message, in the caller language', async () => {
    const team = await createTeam();
    const res = await operator.post(
      `/api/teams/${team.id}/transition`,
      { to: 'completed', version: team.version },
      { headers: { 'x-locale': 'en-US' } },
    );
    expect(res.json().msg).toBe('A team cannot go from Draft to Completed');
  });

  it('draft → pending only with a complete itinerary: 409 naming the empty days', async () => {
    const spot = await createSpot();
    let team = await createTeam();
    const items = dayItems(team, spot.id).slice(0, 1);
    team = (await saveItinerary(team, items)).json().data.team;
    const res = await operator.post(`/api/teams/${team.id}/transition`, {
      to: 'pending',
      version: team.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(40921);
    expect(res.json().data.days).toEqual([addDays(base, 1), addDays(base, 2)]);
    expect(res.json().msg).toContain(addDays(base, 1));
  });

  it('cancelling needs a reason and frees the guides (their bookings are cancelled)', async () => {
    const team = await createTeam();
    const noReason = await operator.post(`/api/teams/${team.id}/transition`, {
      to: 'cancelled',
      version: team.version,
    });
    expect(noReason.statusCode).toBe(400);
    const stale = await operator.post(`/api/teams/${team.id}/transition`, {
      to: 'cancelled',
      reason: '客户取消',
      version: team.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40901);
    const ok = await operator.post(`/api/teams/${team.id}/transition`, {
      to: 'cancelled',
      reason: '客户取消',
      version: team.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'cancelled', statusReason: '客户取消' });
    const log = (
      await user.get(`/api/teams/${team.id}/operation-log`, {
        headers: { 'x-locale': 'en-US' },
      })
    ).json().data;
    // Created, a stale attempt refused (recorded by the audit plugin), cancelled.
    expect(log.total).toBe(3);
    expect(log.list[0].sentence).toBe(`Cancelled team ${team.name} (${team.code})`);
    expect(log.list[1].result).toBe(409);
    expect(log.list[2].action).toBe('team.create');
    expect(log.list[2].sentence).toBe(`Created team ${team.name} (${team.code})`);
  });
});

describe('itinerary capacity', () => {
  it('counts other teams: under the warning saves, at 80 % asks to confirm, over 100 % refuses', async () => {
    const spot = await createSpot({ dailyCapacity: 100, instantCapacity: 50 });
    const day = addDays(base, 40);
    const one = (pax: number) => createTeam({ paxAdults: pax, startDate: day, endDate: day });
    const item = [{ date: day, spotId: spot.id, plannedStart: '09:00', plannedEnd: '10:00' }];

    const a = await one(50);
    expect((await saveItinerary(a, item)).statusCode).toBe(200);
    const b = await one(30); // 80 of 100
    const warned = await saveItinerary(b, item);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().code).toBe(40926);
    expect(warned.json().data.warnings).toEqual([
      { spotId: spot.id, spotName: spot.name, date: day, planned: 80, capacity: 100, percent: 80 },
    ]);
    const confirmed = await saveItinerary(b, item, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.warnings[0].planned).toBe(80);

    const c = await one(21); // 101 of 100
    const refused = await saveItinerary(c, item, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(40925);
    expect(refused.json().data).toMatchObject({ date: day, planned: 101, capacity: 100 });
    const en = await operator.put(
      `/api/teams/${c.id}/itinerary`,
      { items: item, confirmCapacityWarning: true, version: c.version },
      { headers: { 'x-locale': 'en-US' } },
    );
    expect(en.json().msg).toBe(`${spot.name} on ${day}: 101 planned exceeds the capacity of 100`);

    // Exactly full is allowed (with the warning); a cancelled team no longer counts.
    const d = await one(20);
    expect((await saveItinerary(d, item, true)).statusCode).toBe(200);
    const capacity = await user.get(`/api/teams/capacity?spotId=${spot.id}&date=${day}`);
    expect(capacity.json().data).toMatchObject({ capacity: 100, planned: 100, remaining: 0 });
    await operator.post(`/api/teams/${a.id}/transition`, {
      to: 'cancelled',
      reason: '取消',
      version: (await user.get(`/api/teams/${a.id}`)).json().data.version,
    });
    expect((await saveItinerary(c, item, true)).statusCode).toBe(200);

    // Raising the pax of a planned team past the capacity is refused too.
    const full = (await user.get(`/api/teams/${d.id}`)).json().data as Team;
    const bigger = await operator.put(`/api/teams/${d.id}`, updateBody(full, { paxAdults: 90 }));
    expect(bigger.statusCode).toBe(409);
    expect(bigger.json().code).toBe(40925);
  });

  it('a maintenance day reduces the capacity; capacity 0 refuses', async () => {
    const spot = await createSpot({ dailyCapacity: 1000, instantCapacity: 100 });
    const day = addDays(base, 50);
    const url = `/api/scenic/spots/${spot.id}/maintenance`;
    const win = await operator.post(url, {
      startAt: `${day}T00:00:00+08:00`,
      endAt: `${day}T23:00:00+08:00`,
      reason: '闭园检修',
      capacity: 0,
    });
    expect(win.statusCode, win.body).toBe(200);
    const team = await createTeam({ paxAdults: 5, startDate: day, endDate: day });
    const res = await saveItinerary(
      team,
      [{ date: day, spotId: spot.id, plannedStart: '09:00', plannedEnd: '10:00' }],
      true,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(40925);
    expect(res.json().data).toMatchObject({ capacity: 0, planned: 5 });
    const capacity = await user.get(`/api/teams/capacity?spotId=${spot.id}&date=${day}`);
    expect(capacity.json().data).toMatchObject({ capacity: 0, maintenance: true });
  });

  it('refuses days outside the period and unknown spots with 400', async () => {
    const team = await createTeam();
    const res = await saveItinerary(team, [
      { date: addDays(base, -1), spotId: 999_999, plannedStart: '09:00', plannedEnd: '10:00' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['items.0.date', 'items.0.spotId']);
  });

  it.runIf(dbKind() === 'postgres')(
    'two teams saved at once onto the last places: only one gets them',
    async () => {
      const spot = await createSpot({ dailyCapacity: 100, instantCapacity: 50 });
      const day = addDays(base, 60);
      const item = [{ date: day, spotId: spot.id, plannedStart: '09:00', plannedEnd: '10:00' }];
      const first = await createTeam({ paxAdults: 60, startDate: day, endDate: day });
      expect((await saveItinerary(first, item, true)).statusCode).toBe(200);
      for (let round = 0; round < 5; round++) {
        const pair = await Promise.all([
          createTeam({ paxAdults: 30, startDate: day, endDate: day }),
          createTeam({ paxAdults: 30, startDate: day, endDate: day }),
        ]);
        const results = await Promise.all(pair.map((team) => saveItinerary(team, item, true)));
        const codes = results.map((r) => r.statusCode).sort();
        expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, 409]);
        // Free the places again for the next round.
        const winner = pair[results.findIndex((r) => r.statusCode === 200)];
        await t.services.db
          .update(teams)
          .set({ status: 'cancelled' })
          .where(eq(teams.id, winner.id));
      }
      const planned = await user.get(`/api/teams/capacity?spotId=${spot.id}&date=${day}`);
      expect(planned.json().data.planned).toBe(60);
    },
  );

  it('the scenic module sees planned teams: listed on the spot, which cannot be deleted', async () => {
    const spot = await createSpot();
    const team = await createTeam({ startDate: addDays(today, 3), endDate: addDays(today, 3) });
    expect((await saveItinerary(team, dayItems(team, spot.id))).statusCode).toBe(200);
    const planned = (await user.get(`/api/scenic/spots/${spot.id}/teams`)).json().data;
    expect(planned).toEqual([
      {
        teamId: team.id,
        code: team.code,
        name: team.name,
        day: team.startDate,
        pax: 20,
        status: 'draft',
      },
    ]);
    const refused = await operator.delete(`/api/scenic/spots/${spot.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain(team.code);

    // A spot only past itineraries visit is not listed, and the foreign key still keeps it.
    const old = await createSpot();
    const past = await createTeam({ startDate: addDays(today, -30), endDate: addDays(today, -30) });
    expect((await saveItinerary(past, dayItems(past, old.id))).statusCode).toBe(200);
    expect((await user.get(`/api/scenic/spots/${old.id}/teams`)).json().data).toEqual([]);
    const kept = await operator.delete(`/api/scenic/spots/${old.id}`, {
      headers: { 'x-locale': 'en-US' },
    });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().msg).toBe('Team itineraries visit this spot, so it cannot be deleted');
    expect((await user.get(`/api/scenic/spots/${old.id}`)).statusCode).toBe(200);
  });
});

describe('lists, export and detail', () => {
  it('filters by view, agency, language, VIP and dates; sorts and pages on the server', async () => {
    const day = addDays(base, 80);
    const made: Team[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await createTeam({
          name: `筛选团${i}`,
          agency: 'tuniu',
          language: 'ja',
          vip: i % 2 === 0,
          paxAdults: 10 + i,
          startDate: addDays(day, i),
          endDate: addDays(day, i),
        }),
      );
    const q = `view=waiting&agency=tuniu&language=ja&from=${day}&to=${addDays(day, 4)}`;
    const page = (
      await user.get(`/api/teams?${q}&sortField=pax&sortOrder=descend&pageSize=2`)
    ).json().data;
    expect(page.total).toBe(5);
    expect(page.list.map((r: Team) => r.name)).toEqual(['筛选团4', '筛选团3']);
    const second = (
      await user.get(`/api/teams?${q}&sortField=pax&sortOrder=descend&pageSize=2&current=3`)
    ).json().data;
    expect(second.list.map((r: Team) => r.name)).toEqual(['筛选团0']);
    const vip = (await user.get(`/api/teams?${q}&vip=true`)).json().data;
    expect(vip.total).toBe(3);
    const history = (
      await user.get(`/api/teams?view=history&agency=tuniu&language=ja&from=${day}`)
    ).json().data;
    expect(history.total).toBe(0);
    const byCode = (await user.get(`/api/teams?code=${made[2].code}`)).json().data;
    expect(byCode.list.map((r: Team) => r.id)).toEqual([made[2].id]);
    const past = (await user.get(`/api/teams?${q}&current=9`)).json().data;
    expect(past).toEqual({ list: [], total: 5 });
    expect((await user.get('/api/teams?view=nope')).statusCode).toBe(400);
    expect((await user.get('/api/teams?sortField=password')).statusCode).toBe(400);

    const csv = await user.get(`/api/teams/export?${q}&format=csv`, {
      headers: { 'x-locale': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Team code');
    expect(lines).toHaveLength(6);
    expect(csv.body).toContain('Draft');
    // Dictionary fields as their labels in the reader's language, not their codes.
    expect(csv.body).toContain('Domestic');
    expect(csv.body).toContain('Tuniu');
    expect(csv.body).toContain('Japanese');
    expect(csv.body).not.toMatch(/,domestic,|,tuniu,|,ja,/);
    const xlsx = await user.get(`/api/teams/export?${q}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  }, 120_000);

  it('the detail carries itinerary, assignments, feedback and history; 404 for none', async () => {
    const team = await createTeam();
    const detail = (await user.get(`/api/teams/${team.id}`)).json().data;
    for (const key of ['itinerary', 'assignments', 'feedback', 'history'])
      expect(Array.isArray(detail[key])).toBe(true);
    expect((await user.get('/api/teams/99999999')).statusCode).toBe(404);
    expect((await user.get('/api/teams/99999999/operation-log')).statusCode).toBe(404);
  });
});
