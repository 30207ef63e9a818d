// The dashboard API (issue #16 §2, §4): every figure of the workplace and every analysis moves
// by exactly what the rows this test writes make it move (the database may hold other rows, so
// figures are compared before and after), the user's recent pages stay bounded and ordered,
// and the multi-dimensional analyses are refused to the user role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, isoToday, scenicStartOfDay, type Workplace } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { guideUnavailability } from '../guide/schema';
import { FIGURES_MAX_AGE_MS } from './figures-cache';
import { scenicFlowHourly } from '../scenic/schema';
import { teamAssignments, teamFeedback, teams } from '../team/schema';

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
let spotSeq = 0;

async function spot(dailyCapacity: number) {
  const res = await operator.post(
    '/api/scenic/spots',
    spotBody({ name: `看板景点${spotSeq++}`, dailyCapacity }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string };
}

async function guide(level = 'senior') {
  const res = await operator.post('/api/guides', guideBody({ level } as never));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

/**
 * Rows written here behind the services' back send no event: the shared figures show them once
 * older than FIGURES_MAX_AGE_MS. The clock moves past that age, further each time, so past every
 * earlier moved reading too.
 */
let shifted = 0;
function outdateFigures() {
  shifted += FIGURES_MAX_AGE_MS + 1;
  t.clock.set(new Date(Date.now() + shifted));
}

async function workplace(as: Client = admin): Promise<Workplace> {
  const res = await as.get('/api/dashboard/workplace');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const HOUR = 3_600_000;
const hourOf = (at: number) => new Date(Math.floor(at / HOUR) * HOUR);

/** Entries into the hourly roll-up the dashboard reads (what the flow ingest keeps). */
async function entries(spotId: number, hour: Date, n: number) {
  await t.services.db
    .insert(scenicFlowHourly)
    .values({ spotId, hour, entries: n, exits: 0, peakInPark: n })
    .onConflictDoUpdate({
      target: [scenicFlowHourly.spotId, scenicFlowHourly.hour],
      set: { entries: sql`${scenicFlowHourly.entries} + ${n}` },
    });
}

/** An active assignment of the guide over the team's whole period. */
async function assignDirect(teamId: number, guideId: number, from: string, to: string) {
  await t.services.db.insert(teamAssignments).values({
    teamId,
    guideId,
    role: 'local_guide',
    fromDate: from,
    toDate: to,
    startsAt: scenicStartOfDay(from),
    endsAt: scenicStartOfDay(addDays(to, 1)),
    busy: `[${scenicStartOfDay(from).toISOString()},${scenicStartOfDay(addDays(to, 1)).toISOString()})`,
  });
}

describe('GET /api/dashboard/workplace', () => {
  it('moves every figure by what the rows written here add', async () => {
    // The clock stands still while the rows are written (a loaded machine takes seconds), so
    // the shared figures are still young at the check below.
    t.clock.set(new Date());
    const before = await workplace();

    // Teams: 2 ongoing, 3 waiting of which 2 start within 2 days, one cancelled, one draft.
    const ongoing = [
      await insertTeam(t.services.db, { status: 'ongoing', startIn: -1, days: 3, pax: 11 }),
      await insertTeam(t.services.db, { status: 'ongoing', startIn: 0, days: 1, pax: 12 }),
    ];
    const waiting = [
      await insertTeam(t.services.db, { status: 'pending', startIn: 1, pax: 13 }),
      await insertTeam(t.services.db, { status: 'pending', startIn: 2, pax: 14 }),
      await insertTeam(t.services.db, { status: 'pending', startIn: 3, pax: 15 }),
    ];
    const cancelled = await insertTeam(t.services.db, { status: 'cancelled', startIn: 0 });
    await insertTeam(t.services.db, { status: 'draft', startIn: 0 });
    await t.services.db.update(teams).set({ market: 'inbound' }).where(eq(teams.id, ongoing[0].id));

    // Guides: one on duty today, one away today, one free; one more on a cancelled team only.
    const [onDuty, away, free, onCancelled] = [
      await guide(),
      await guide(),
      await guide(),
      await guide(),
    ];
    await assignDirect(ongoing[0].id, onDuty.id, ongoing[0].startDate, ongoing[0].endDate);
    await assignDirect(cancelled.id, onCancelled.id, cancelled.startDate, cancelled.endDate);
    await t.services.db.insert(guideUnavailability).values({
      guideId: away.id,
      type: 'leave',
      startDate: today,
      endDate: today,
    });
    void free;

    // Visitors: a new spot with entries today and last week.
    const busy = await spot(800);
    const quiet = await spot(700);
    const now = Date.now();
    await entries(busy.id, hourOf(now), 3_000_000);
    await entries(quiet.id, hourOf(now), 5);
    // Far above any other spot, so it ranks in the top list whatever else the database holds.
    await entries(busy.id, hourOf(now - 7 * 24 * HOUR - HOUR), 2_000_000);

    // Not before the shared figures are FIGURES_MAX_AGE_MS old (these writes sent no event).
    expect((await workplace()).teams.ongoing).toBe(before.teams.ongoing);
    outdateFigures();
    const after = await workplace();
    t.clock.set(null);
    expect(after.teams.ongoing - before.teams.ongoing).toBe(2);
    expect(after.teams.waiting - before.teams.waiting).toBe(3);
    expect(after.teams.waitingSoon - before.teams.waitingSoon).toBe(2);
    expect(after.teams.drafts - before.teams.drafts).toBe(1);
    expect(after.guides.onDuty - before.guides.onDuty).toBe(1);
    // Four new active guides: one on duty and one away are not free.
    expect(after.guides.free - before.guides.free).toBe(2);
    expect(after.visitors.today - before.visitors.today).toBe(3_000_005);
    expect(after.visitors.capacity - before.visitors.capacity).toBe(1500);

    const popular = after.popularSpots.find((p) => p.spotId === busy.id);
    expect(popular).toMatchObject({ visitors: 3_000_000, name: busy.name });
    // Last week is compared up to the same instant of last week.
    expect(popular!.lastWeek).toBe(2_000_000);
    expect(popular!.increase).toBe(50);
    expect(after.popularSpots.map((p) => p.rank)).toEqual(after.popularSpots.map((_p, i) => i + 1));

    // Market share: teams of this month that are not drafts or cancelled, by market.
    const month = today.slice(0, 7);
    const overlapsMonth = (team: { startDate: string; endDate: string }) =>
      team.startDate.slice(0, 7) <= month && team.endDate.slice(0, 7) >= month;
    const inbound = [ongoing[0]].filter(overlapsMonth);
    const domestic = [ongoing[1], ...waiting].filter(overlapsMonth);
    const share = (w: Workplace, market: string) =>
      w.marketShare.find((m) => m.market === market) ?? { teams: 0, pax: 0 };
    expect(share(after, 'inbound').teams - share(before, 'inbound').teams).toBe(inbound.length);
    expect(share(after, 'domestic').teams - share(before, 'domestic').teams).toBe(domestic.length);
    expect(share(after, 'domestic').pax - share(before, 'domestic').pax).toBe(
      domestic.reduce((sum, team) => sum + team.paxAdults, 0),
    );
    expect(after.marketShare.map((m) => m.market)).toEqual(
      expect.arrayContaining(['domestic', 'inbound', 'outbound']),
    );
  });

  it('shows a team event at once, from the figures every user shares', async () => {
    const pending = await insertTeam(t.services.db, { status: 'pending', startIn: 5 });
    outdateFigures();
    const before = await workplace(operator);
    t.clock.set(null);
    // Another user's page is served the same figures.
    expect((await workplace(user)).teams).toEqual(before.teams);
    // Once the event arrived (on PostgreSQL it comes back through LISTEN after the commit).
    const changed = new Promise<void>((resolve) => {
      const off = t.services.events.subscribe((event) => {
        if (event.type === 'team.status.changed' && event.teamId === pending.id) {
          off();
          resolve();
        }
      });
    });
    const res = await operator.post(`/api/teams/${pending.id}/transition`, {
      to: 'cancelled',
      reason: '客户取消',
      version: pending.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await changed;
    expect((await workplace(user)).teams.waiting).toBe(before.teams.waiting - 1);
  });

  it('lists announcements, and quick operations by the role’s permissions', async () => {
    const title = `看板公告 ${Date.now()}`;
    const res = await admin.post('/api/message/notice', { title, content: '内容' });
    expect(res.statusCode, res.body).toBe(200);
    const w = await workplace(user);
    expect(w.announcements[0]).toMatchObject({ title, read: false });

    expect(w.quickOperations).toEqual(['waitingTeams']);
    expect((await workplace(operator)).quickOperations).toEqual([
      'newTeam',
      'planAllocation',
      'addGuide',
      'scenicMaintenance',
      'waitingTeams',
    ]);
    expect((await workplace(admin)).quickOperations).toContain('operationLog');
  });

  it('keeps the ten pages visited last, newest first, a page once', async () => {
    const visit = (path: string, key = 'team/detail') =>
      operator.post('/api/user/recent', { key, path });
    for (let i = 1; i <= 12; i++) expect((await visit(`/team/detail/${i}`)).statusCode).toBe(200);
    expect((await visit('/team/detail/5')).statusCode).toBe(200);
    const recent = (await workplace(operator)).recent;
    expect(recent.map((r) => r.path)).toEqual([
      '/team/detail/5',
      ...[12, 11, 10, 9, 8, 7, 6, 4, 3].map((i) => `/team/detail/${i}`),
    ]);
    expect(recent[0].key).toBe('team/detail');
    // Another user's list is their own.
    expect((await workplace(user)).recent.some((r) => r.path === '/team/detail/5')).toBe(false);
    expect((await visit('/x', 'no/such-route')).statusCode).toBe(400);
    expect((await visit('https://evil.example/')).statusCode).toBe(400);
  });
});

describe('analyses', () => {
  const from = addDays(today, -20);
  const to = addDays(today, 40);
  const range = `from=${from}&to=${to}`;

  it('counts teams by agency and market, and the matrix by month', async () => {
    const agency = `zz-agency-${Date.now().toString(36)}`;
    const made = [
      await insertTeam(t.services.db, { status: 'pending', startIn: 5, pax: 10 }),
      await insertTeam(t.services.db, { status: 'allocated', startIn: 35, pax: 7 }),
      await insertTeam(t.services.db, { status: 'cancelled', startIn: 6, pax: 9 }),
    ];
    for (const team of made)
      await t.services.db
        .update(teams)
        .set({ agency, market: agency })
        .where(eq(teams.id, team.id));
    const counted = made.filter((m) => m.status !== 'cancelled');

    const agencies = await user.get(`/api/dashboard/analysis/agencies?${range}`);
    expect(agencies.statusCode, agencies.body).toBe(200);
    expect(agencies.json().data.find((r: { agency: string }) => r.agency === agency)).toEqual({
      agency,
      teams: counted.length,
      pax: counted.reduce((s, m) => s + m.paxAdults, 0),
    });
    const markets = await user.get(`/api/dashboard/analysis/markets?${range}`);
    expect(markets.json().data.find((r: { market: string }) => r.market === agency)).toEqual({
      market: agency,
      teams: 2,
      pax: 17,
    });

    const matrix = await operator.get(`/api/dashboard/analysis/matrix?${range}&dimension=agency`);
    expect(matrix.statusCode, matrix.body).toBe(200);
    const mine = (matrix.json().data as { item: string; month: string; teams: number }[]).filter(
      (r) => r.item === agency,
    );
    const byMonth = new Map<string, number>();
    for (const m of counted)
      byMonth.set(m.startDate.slice(0, 7), (byMonth.get(m.startDate.slice(0, 7)) ?? 0) + 1);
    expect(Object.fromEntries(mine.map((r) => [r.month, r.teams]))).toEqual(
      Object.fromEntries(byMonth),
    );
  });

  it('plans pax against capacity per spot and month', async () => {
    const s = await spot(500);
    const team = await insertTeam(t.services.db, {
      status: 'pending',
      startIn: 3,
      days: 2,
      // Far above other teams, so the spot is among the largest the matrix keeps.
      pax: 80_000,
      spotIds: [s.id],
    });
    const res = await admin.get(`/api/dashboard/analysis/matrix?${range}&dimension=spot`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (
      res.json().data as {
        item: string;
        month: string;
        teams: number;
        pax: number;
        capacity: number;
      }[]
    ).filter((r) => r.item === s.name);
    // Two visit days of 80 000 pax; capacity: 500 a day over the month's days in range.
    const days = [team.startDate, team.endDate];
    const months = [...new Set(days.map((d) => d.slice(0, 7)))];
    expect(rows.map((r) => r.month)).toEqual(months);
    expect(rows.reduce((n, r) => n + r.pax, 0)).toBe(160_000);
    for (const r of rows) {
      const first = r.month === from.slice(0, 7) ? from : `${r.month}-01`;
      const last = r.month === to.slice(0, 7) ? to : monthEnd(r.month);
      expect(r.capacity).toBe(500 * (daysBetween(first, last) + 1));
    }
  });

  it('draws visitors per spot and the peak hours from the hourly entries', async () => {
    const s = await spot(900);
    const at = hourOf(Date.now() - 2 * 24 * HOUR);
    const peakBefore = await user.get(`/api/dashboard/analysis/peak-hours?${range}`);
    await entries(s.id, at, 1_000_000);
    const visitors = await user.get(`/api/dashboard/analysis/visitors?${range}&bucket=day`);
    expect(visitors.statusCode, visitors.body).toBe(200);
    const mine = (
      visitors.json().data as { spot: string; period: string; visitors: number }[]
    ).filter((r) => r.spot === s.name);
    expect(mine).toEqual([{ spot: s.name, period: isoToday(at), visitors: 1_000_000 }]);

    const cell = (data: { weekday: number; hour: number; visitors: number }[]) => {
      const local = new Date(at.getTime() + 8 * HOUR); // Asia/Shanghai has no DST
      const weekday = ((local.getUTCDay() + 6) % 7) + 1;
      return (
        data.find((c) => c.weekday === weekday && c.hour === local.getUTCHours())?.visitors ?? 0
      );
    };
    const peakAfter = await user.get(`/api/dashboard/analysis/peak-hours?${range}`);
    expect(cell(peakAfter.json().data) - cell(peakBefore.json().data)).toBe(1_000_000);
  });

  it('sums guide performance by level', async () => {
    const before = (await operator.get(`/api/dashboard/analysis/guides?${range}`)).json().data;
    const g = await guide('special');
    const team = await insertTeam(t.services.db, { status: 'completed', startIn: -10, days: 3 });
    await assignDirect(team.id, g.id, team.startDate, team.endDate);
    await t.services.db.insert(teamFeedback).values({ teamId: team.id, guideId: g.id, score: 4 });
    const res = await operator.get(`/api/dashboard/analysis/guides?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    const special = (rows: { level: string }[]) => rows.find((r) => r.level === 'special')!;
    const [b, a] = [special(before), special(res.json().data)] as unknown as {
      guides: number;
      teamsLed: number;
      daysWorked: number;
      averageRating: number | null;
    }[];
    expect(a.guides - b.guides).toBe(1);
    expect(a.teamsLed - b.teamsLed).toBe(1);
    expect(a.daysWorked - b.daysWorked).toBe(3);
    if (b.averageRating === null) expect(a.averageRating).toBe(4);
    expect(res.json().data.map((r: { level: string }) => r.level)).toEqual([
      'junior',
      'intermediate',
      'senior',
      'special',
    ]);
  });

  it('refuses the multi-dimensional analyses to the user role, and bad ranges', async () => {
    expect((await user.get(`/api/dashboard/analysis/guides?${range}`)).statusCode).toBe(403);
    expect((await user.get(`/api/dashboard/analysis/matrix?${range}`)).statusCode).toBe(403);
    expect((await user.get(`/api/dashboard/analysis/matrix/export?${range}`)).statusCode).toBe(403);
    expect(
      (await user.get(`/api/dashboard/analysis/agencies?from=${to}&to=${from}`)).statusCode,
    ).toBe(400);
    expect(
      (await user.get(`/api/dashboard/analysis/agencies?from=2020-01-01&to=2022-01-01`)).statusCode,
    ).toBe(400);
  });

  it('exports a chart’s rows as xlsx with its titles in the caller’s language', async () => {
    const res = await operator.get(`/api/dashboard/analysis/guides/export?${range}`, {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual(
      expect.arrayContaining(['Level', 'Guides', 'Teams led', 'Days worked', 'Average rating']),
    );
    expect(ws.rowCount).toBe(5);
  });
});

const monthEnd = (month: string) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return addDays(d.toISOString().slice(0, 10), -1);
};
const daysBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
