// A team's bookings follow its days: a new itinerary time or pickup time moves each active
// booking's period (its buffer kept), and a change that would make one guide's two teams
// overlap is refused with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { type GuideCreateBody } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { insertTeam } from '../../../test/support/assign-teams';
import { teamItineraryItems } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function busyOf(teamId: number) {
  const res = (await t.services.db.execute(sql`
    select lower(busy) as lo, upper(busy) as hi from team_assignments
    where team_id = ${teamId} and status = 'active'`)) as unknown as {
    rows: { lo: string | Date; hi: string | Date }[];
  };
  return res.rows.map((r) => [new Date(r.lo).toISOString(), new Date(r.hi).toISOString()]);
}

async function itinerary(teamId: number) {
  return t.services.db
    .select({
      date: teamItineraryItems.date,
      spotId: teamItineraryItems.spotId,
      plannedStart: teamItineraryItems.plannedStart,
      plannedEnd: teamItineraryItems.plannedEnd,
    })
    .from(teamItineraryItems)
    .where(eq(teamItineraryItems.teamId, teamId))
    .orderBy(teamItineraryItems.date);
}

const versionOf = async (teamId: number) =>
  (await operator.get(`/api/teams/${teamId}`)).json().data.version as number;

describe('bookings follow the team’s days', () => {
  it('a later last visit moves the booking’s end; an overlap with the guide’s next team is refused', async () => {
    // One guide, two teams on one day: a morning (09:00–12:00) and an afternoon (14:00–17:00);
    // with the hour of buffer the morning booking runs to 13:00.
    const morning = await insertTeam(t.services.db, { startIn: 40, days: 1 });
    const afternoon = await insertTeam(t.services.db, { startIn: 40, days: 1 });
    await t.services.db
      .update(teamItineraryItems)
      .set({ plannedEnd: '12:00' })
      .where(eq(teamItineraryItems.teamId, morning.id));
    await t.services.db
      .update(teamItineraryItems)
      .set({ plannedStart: '14:00' })
      .where(eq(teamItineraryItems.teamId, afternoon.id));
    const g = await guide();
    for (const tm of [morning, afternoon]) {
      const res = await operator.post(`/api/teams/${tm.id}/assignments`, {
        guideId: g.id,
        role: 'local_guide',
        from: tm.startDate,
        to: tm.endDate,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [before] = await busyOf(morning.id);
    const items = await itinerary(morning.id);

    // The visit now ends at 12:30: the booking ends half an hour later too.
    const later = await operator.put(`/api/teams/${morning.id}/itinerary`, {
      items: items.map((i) => ({ ...i, plannedEnd: '12:30' })),
      version: await versionOf(morning.id),
    });
    expect(later.statusCode, later.body).toBe(200);
    const [after] = await busyOf(morning.id);
    expect(after[0]).toBe(before[0]);
    expect(Date.parse(after[1]) - Date.parse(before[1])).toBe(30 * 60_000);

    // Ending at 13:30, the buffer would run into the afternoon team: refused, nothing written.
    const version = await versionOf(morning.id);
    const clash = await operator.put(`/api/teams/${morning.id}/itinerary`, {
      items: items.map((i) => ({ ...i, plannedEnd: '13:30' })),
      version,
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json().msg).toMatch(/overlap|重叠/);
    expect(await busyOf(morning.id)).toEqual([after]);
    expect((await itinerary(morning.id)).map((i) => i.plannedEnd)).toEqual(['12:30']);
    expect(await versionOf(morning.id)).toBe(version);
  });
});
