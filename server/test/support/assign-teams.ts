// Teams for the assignment tests, written straight into the tables (the team create endpoint
// is another module's): a team over a period with one visit a day at chosen spots.
import { sql } from 'drizzle-orm';
import { addDays, isoToday, periodDates, type TeamStatus } from '@console/shared';
import type { Db } from '../../src/db/types';
import { teamItineraryItems, teams } from '../../src/modules/team/schema';

let seq = 0;

export interface TestTeamInput {
  status?: TeamStatus;
  /** Days from today to the start (default 10) and length in days (default 3). */
  startIn?: number;
  days?: number;
  pax?: number;
  language?: string;
  vip?: boolean;
  /** Spot of each day (cycled); default: spots open to every guide with room for 40. */
  spotIds?: number[];
}

/** Spots that are not certified-only and allow at least `pax` per guide. */
export async function plainSpots(db: Db, pax = 40): Promise<number[]> {
  const res = (await db.execute(sql`
    select id from scenic_spots
    where not certified_guides_only and max_pax_per_guide >= ${pax}
    order by id limit 3`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}

export async function insertTeam(db: Db, input: TestTeamInput = {}) {
  const n = ++seq;
  const start = addDays(isoToday(), input.startIn ?? 10);
  const end = addDays(start, (input.days ?? 3) - 1);
  const spots = input.spotIds ?? (await plainSpots(db));
  const [team] = await db
    .insert(teams)
    .values({
      code: `TT-${process.pid}-${n}-${Date.now().toString(36)}`,
      name: '测试团',
      agency: 'cits',
      market: 'domestic',
      paxAdults: input.pax ?? 20,
      language: input.language ?? 'zh',
      vip: input.vip ?? false,
      leadContactName: '李四',
      leadContactPhone: '13800000000',
      startDate: start,
      endDate: end,
      status: input.status ?? 'pending',
    })
    .returning();
  await db.insert(teamItineraryItems).values(
    periodDates(start, end).map((date, i) => ({
      teamId: team.id,
      date,
      seq: 1,
      spotId: spots[i % spots.length],
      plannedStart: '09:00',
      plannedEnd: '17:00',
    })),
  );
  return team;
}
