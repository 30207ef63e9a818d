// Copies, itinerary templates and the guide's work order (issue 29 items 2, 3), on PGlite and,
// with TEST_DATABASE_URL, PostgreSQL: a copy is a new draft moved by the offset with no guides,
// refused before today by its named rule and over a spot's capacity; templates are kept, listed
// with search, started from and deleted at their version; the work order carries the scenic data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  periodDates,
  templateItinerary,
  type ScenicSpot,
  type Team,
  type TeamTemplateDetail,
  type TeamTemplateListItem,
  type WorkOrder,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { auditLog } from '../audit/schema';
import { teams, teamTemplates } from './schema';

let t: TestApp;
let operator: Client;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  [operator, user] = await Promise.all([signedIn(t.app, 'operator'), signedIn(t.app, 'user')]);
});
afterAll(() => t.close());

let spotSeq = 0;
async function createSpot(over: Record<string, unknown> = {}): Promise<ScenicSpot> {
  spotSeq++;
  const res = await operator.post(
    '/api/scenic/spots',
    spotBody({
      address: `西湖区龙井路 ${spotSeq} 号`,
      openTime: '08:30',
      closeTime: '17:30',
      maxPaxPerGuide: 40,
      ...over,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const getTeam = async (id: number): Promise<Team> =>
  (await operator.get(`/api/teams/${id}`)).json().data;

const auditRows = (entityType: string, entityId: number) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));

describe('copy a team', () => {
  it('makes a draft with a new code, the dates and itinerary moved, no guides, audited', async () => {
    const spot = await createSpot();
    const source = await insertTeam(t.services.db, { startIn: 30, days: 3, spotIds: [spot.id] });
    const g = await operator.post('/api/guides', guideBody());
    expect(
      (
        await operator.post(`/api/teams/${source.id}/assignments`, {
          guideId: g.json().data.id,
          role: 'local_guide',
          from: source.startDate,
          to: source.endDate,
        })
      ).statusCode,
    ).toBe(200);
    const before = await getTeam(source.id);

    const res = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays: 7 });
    expect(res.statusCode, res.body).toBe(200);
    const copy: Team = res.json().data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.code).not.toBe(before.code);
    expect(copy.status).toBe('draft');
    expect(copy.startDate).toBe(addDays(source.startDate, 7));
    expect(copy.endDate).toBe(addDays(source.endDate, 7));
    expect(copy.assignments).toEqual([]);
    expect(copy.guides).toEqual([]);
    expect({ name: copy.name, pax: copy.pax, agency: copy.agency }).toEqual({
      name: before.name,
      pax: before.pax,
      agency: before.agency,
    });
    expect(copy.itinerary.map((i) => [i.date, i.spotId, i.plannedStart, i.plannedEnd])).toEqual(
      before.itinerary.map((i) => [addDays(i.date, 7), i.spotId, i.plannedStart, i.plannedEnd]),
    );
    // The source is untouched.
    expect(await getTeam(source.id)).toEqual(before);
    const [row] = await auditRows('team', copy.id);
    expect(row.action).toBe('team.copy');
    expect(row.diff).toMatchObject({ copiedFrom: { before: null, after: before.code } });
  });

  it('refuses a copy starting before today by its rule, and changes nothing', async () => {
    const source = await insertTeam(t.services.db, { startIn: 5, days: 2 });
    const count = await t.services.db.$count(teams);
    const res = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays: -6 });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body.error).toBe('TEAM_COPY_STARTS_BEFORE_TODAY');
    expect(body.data).toMatchObject({
      rule: 'TEAM_COPY_STARTS_BEFORE_TODAY',
      start: addDays(source.startDate, -6),
      today: isoToday(),
    });
    expect(await t.services.db.$count(teams)).toBe(count);
    // Starting today is allowed.
    const ok = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays: -5 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.startDate).toBe(isoToday());
  });

  it("refuses a copy over a spot's capacity and asks to confirm one at the warning percent", async () => {
    const spot = await createSpot({ dailyCapacity: 30, instantCapacity: 30 });
    const source = await insertTeam(t.services.db, {
      startIn: 60,
      days: 1,
      pax: 25,
      spotIds: [spot.id],
    });
    const count = await t.services.db.$count(teams);
    // On the same day the spot would hold 50 of 30.
    const over = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays: 0 });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().error).toBe('CAPACITY_EXCEEDED');
    expect(await t.services.db.$count(teams)).toBe(count);
    // A day later alone, 25 of 30 (83 %): confirmed, it is made.
    const warn = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays: 1 });
    expect(warn.statusCode, warn.body).toBe(409);
    expect(warn.json().error).toBe('CAPACITY_CONFIRM_REQUIRED');
    expect(await t.services.db.$count(teams)).toBe(count);
    const confirmed = await operator.post(`/api/teams/${source.id}/copy`, {
      offsetDays: 1,
      confirmCapacityWarning: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('answers 400 for a bad offset, 404 for no team, 403 without team:write', async () => {
    const source = await insertTeam(t.services.db, { startIn: 20, days: 1 });
    for (const offsetDays of [1.5, 731, '3', null]) {
      const res = await operator.post(`/api/teams/${source.id}/copy`, { offsetDays });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await operator.post('/api/teams/99999999/copy', { offsetDays: 1 })).statusCode).toBe(
      404,
    );
    expect((await user.post(`/api/teams/${source.id}/copy`, { offsetDays: 1 })).statusCode).toBe(
      403,
    );
  });
});

describe('itinerary templates', () => {
  it('keeps an itinerary by day of the tour; a new team starts from it', async () => {
    const [a, b] = [await createSpot(), await createSpot()];
    const source = await insertTeam(t.services.db, { startIn: 40, days: 2, spotIds: [a.id, b.id] });
    const name = `杭州两日游-${Date.now().toString(36)}`;
    const res = await operator.post('/api/team-templates', { teamId: source.id, name });
    expect(res.statusCode, res.body).toBe(200);
    const tpl: TeamTemplateDetail = res.json().data;
    expect(tpl).toMatchObject({ name, days: 2, itemCount: 2, sourceTeamId: source.id });
    expect(tpl.spots).toEqual([a.name, b.name]);
    expect(tpl.items.map((i) => [i.day, i.spotId, i.spotName])).toEqual([
      [0, a.id, a.name],
      [1, b.id, b.name],
    ]);
    expect((await auditRows('team_template', tpl.id))[0].action).toBe('team.template.create');

    // A new team on another date takes it: the same spots on its days.
    const created = await operator.post('/api/teams', {
      name: '新团',
      agency: 'cits',
      market: 'domestic',
      paxAdults: 10,
      language: 'zh',
      leadContactName: '李四',
      leadContactPhone: '13812345678',
      startDate: addDays(isoToday(), 90),
      endDate: addDays(isoToday(), 91),
    });
    const team: Team = created.json().data;
    const got: TeamTemplateDetail = (await operator.get(`/api/team-templates/${tpl.id}`)).json()
      .data;
    const items = templateItinerary(got.items, team.startDate, team.endDate);
    const saved = await operator.put(`/api/teams/${team.id}/itinerary`, {
      items,
      version: team.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.team.itinerary.map((i: { date: string; spotId: number }) => [i.date, i.spotId]),
    ).toEqual([
      [team.startDate, a.id],
      [team.endDate, b.id],
    ]);
  });

  it('lists a page with its total, searched by name or spot; names are unique', async () => {
    const spot = await createSpot({ name: `搜索景点-${Date.now().toString(36)}` });
    const source = await insertTeam(t.services.db, { startIn: 45, days: 1, spotIds: [spot.id] });
    const tag = Date.now().toString(36);
    for (let i = 0; i < 3; i++) {
      const r = await operator.post('/api/team-templates', {
        teamId: source.id,
        name: `列表${tag}-${i}`,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const page = await operator.get(
      `/api/team-templates?keyword=${encodeURIComponent(`列表${tag}`)}&pageSize=2&current=2`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data as { list: TeamTemplateListItem[]; total: number };
    expect(data.total).toBe(3);
    expect(data.list.map((x) => x.name)).toEqual([`列表${tag}-0`]);
    const bySpot = await user.get(`/api/team-templates?keyword=${encodeURIComponent(spot.name)}`);
    expect(bySpot.json().data.total).toBe(3);
    const dup = await operator.post('/api/team-templates', {
      teamId: source.id,
      name: `列表${tag}-0`,
    });
    expect(dup.statusCode, dup.body).toBe(409);
    expect(dup.json().error).toBe('DUPLICATE');
    expect(await t.services.db.$count(teamTemplates, eq(teamTemplates.name, `列表${tag}-0`))).toBe(
      1,
    );
  });

  it('refuses bad input, a team without itinerary, and writes without team:write', async () => {
    const source = await insertTeam(t.services.db, { startIn: 46, days: 1 });
    expect(
      (await operator.post('/api/team-templates', { teamId: source.id, name: '' })).statusCode,
    ).toBe(400);
    expect(
      (await operator.post('/api/team-templates', { teamId: source.id, name: 'x'.repeat(41) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await operator.post('/api/team-templates', { teamId: 99999999, name: 'nope' })).statusCode,
    ).toBe(404);
    const empty = await operator.post('/api/teams', {
      name: '空团',
      agency: 'cits',
      market: 'domestic',
      paxAdults: 10,
      language: 'zh',
      leadContactName: '李四',
      leadContactPhone: '13812345678',
      startDate: addDays(isoToday(), 90),
      endDate: addDays(isoToday(), 90),
    });
    const none = await operator.post('/api/team-templates', {
      teamId: empty.json().data.id,
      name: `空-${Date.now().toString(36)}`,
    });
    expect(none.statusCode, none.body).toBe(400);
    expect(
      (await user.post('/api/team-templates', { teamId: source.id, name: 'u' })).statusCode,
    ).toBe(403);
  });

  it('deletes at its version: a stale one is 409, then 404; audited', async () => {
    const source = await insertTeam(t.services.db, { startIn: 47, days: 1 });
    const tpl: TeamTemplateDetail = (
      await operator.post('/api/team-templates', {
        teamId: source.id,
        name: `删-${Date.now().toString(36)}`,
      })
    ).json().data;
    expect(
      (await user.delete(`/api/team-templates/${tpl.id}?version=${tpl.version}`)).statusCode,
    ).toBe(403);
    const stale = await operator.delete(`/api/team-templates/${tpl.id}?version=${tpl.version + 1}`);
    expect(stale.statusCode, stale.body).toBe(409);
    const gone = await operator.delete(`/api/team-templates/${tpl.id}?version=${tpl.version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await operator.get(`/api/team-templates/${tpl.id}`)).statusCode).toBe(404);
    expect((await operator.delete(`/api/team-templates/${tpl.id}?version=1`)).statusCode).toBe(404);
    // The refusals are in the trail too, each with its status; one create and one delete committed.
    const rows = await auditRows('team_template', tpl.id);
    expect(
      rows
        .filter((r) => r.result === 200)
        .map((r) => r.action)
        .sort(),
    ).toEqual(['team.template.create', 'team.template.delete']);
    expect(
      rows
        .filter((r) => r.result !== 200)
        .map((r) => r.result)
        .sort(),
    ).toEqual([404, 409]);
  });
});

describe("the guide's work order", () => {
  it("carries the team, the days with each spot's address and hours, and the other guides", async () => {
    const [a, b] = [
      await createSpot(),
      await createSpot({ openTime: '09:00', closeTime: '16:00' }),
    ];
    const tm = await insertTeam(t.services.db, { startIn: 50, days: 3, spotIds: [a.id, b.id] });
    const [g1, g2] = [
      (await operator.post('/api/guides', guideBody({ name: '工单导游甲' }))).json().data,
      (
        await operator.post('/api/guides', guideBody({ name: '工单导游乙', phone: '13700001111' }))
      ).json().data,
    ];
    for (const [g, role] of [
      [g1, 'local_guide'],
      [g2, 'narrator'],
    ] as const) {
      const r = await operator.post(`/api/teams/${tm.id}/assignments`, {
        guideId: g.id,
        role,
        from: tm.startDate,
        to: tm.endDate,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const res = await user.get(`/api/teams/${tm.id}/work-order?guideId=${g1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const order: WorkOrder = res.json().data;
    expect(order.team).toMatchObject({ id: tm.id, code: tm.code, pax: 20 });
    expect(order.guide).toMatchObject({ id: g1.id, name: '工单导游甲', role: 'local_guide' });
    expect(order.otherGuides.map((g) => [g.name, g.phone, g.role])).toEqual([
      ['工单导游乙', '13700001111', 'narrator'],
    ]);
    expect(order.days.map((d) => d.date)).toEqual(periodDates(tm.startDate, tm.endDate));
    expect(order.days.map((d) => d.items.map((i) => i.spot.name))).toEqual([
      [a.name],
      [b.name],
      [a.name],
    ]);
    expect(order.days[1].items[0].spot).toMatchObject({
      address: b.address,
      openTime: '09:00',
      closeTime: '16:00',
      city: '杭州',
    });
  });

  it('is 404 for a guide not on the team and 400 without a guide', async () => {
    const tm = await insertTeam(t.services.db, { startIn: 52, days: 1 });
    const g = (await operator.post('/api/guides', guideBody())).json().data;
    expect((await operator.get(`/api/teams/${tm.id}/work-order?guideId=${g.id}`)).statusCode).toBe(
      404,
    );
    expect((await operator.get(`/api/teams/${tm.id}/work-order`)).statusCode).toBe(400);
    expect((await operator.get(`/api/teams/99999999/work-order?guideId=${g.id}`)).statusCode).toBe(
      404,
    );
  });
});
