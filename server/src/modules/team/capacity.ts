// Itinerary capacity (issue #13 point 5; product.md, "Team"): per spot and day, the pax of every
// other non-cancelled team planned there plus this team's, against the spot's daily capacity
// that day (`scenic.windows.dailyCapacityOn`: maintenance windows reduce it, 0 = closed). Over the
// capacity → 409 CAPACITY_EXCEEDED naming the spot, the day, the planned total and the capacity;
// at or above `capacity.warningPercent` → a warning the client confirms (409
// CAPACITY_CONFIRM_REQUIRED with data.warnings until it sends `confirmCapacityWarning`).
//
// Two teams saved at once onto the last places of one spot-day: each save takes a transaction
// advisory lock per spot-day it plans, in sorted order (no deadlock), before counting, so the
// second counts the first's committed items and at most one of them gets the places.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CapacityWarning, SpotDayCapacity } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import type { ScenicServices } from '../scenic/scenic-services';
import { teamItineraryItems, teams } from './schema';

export interface SpotDay {
  spotId: number;
  date: string;
}

const keyOf = (sd: SpotDay) => `${sd.spotId}|${sd.date}`;
const DAY_MS = 86_400_000;
/** Days since 1970-01-01: the second key of a spot-day's advisory lock. */
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** Distinct spot-days, sorted by spot then day (the order locks are taken in). */
export function spotDaysOf(items: SpotDay[]): SpotDay[] {
  const seen = new Map<string, SpotDay>();
  for (const i of items) seen.set(keyOf(i), { spotId: i.spotId, date: i.date });
  return [...seen.values()].sort((a, b) => a.spotId - b.spotId || a.date.localeCompare(b.date));
}

/**
 * Serialises writers of the same spot-days until the transaction ends. The two-key form of
 * the advisory lock (spot id, day number) lives in its own key space, apart from the
 * single-key LockKey locks of the jobs and the audit chain.
 */
export async function lockSpotDays(tx: DbOrTx, spotDays: SpotDay[]): Promise<void> {
  for (const sd of spotDaysOf(spotDays))
    await tx.execute(
      sql`select pg_advisory_xact_lock(${sd.spotId}::int, ${dayNumber(sd.date)}::int)`,
    );
}

/** Pax of the non-cancelled teams (other than `excludeTeamId`) planned at each spot-day. */
export async function plannedPax(
  db: DbOrTx,
  spotDays: SpotDay[],
  excludeTeamId?: number,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (spotDays.length === 0) return out;
  const spots = [...new Set(spotDays.map((s) => s.spotId))];
  const dates = [...new Set(spotDays.map((s) => s.date))];
  // A team visiting a spot twice in one day counts once.
  const visits = db
    .selectDistinct({
      teamId: teamItineraryItems.teamId,
      spotId: teamItineraryItems.spotId,
      date: teamItineraryItems.date,
      pax: teams.pax,
    })
    .from(teamItineraryItems)
    .innerJoin(teams, eq(teams.id, teamItineraryItems.teamId))
    .where(
      and(
        inArray(teamItineraryItems.spotId, spots),
        inArray(teamItineraryItems.date, dates),
        ne(teams.status, 'cancelled'),
        excludeTeamId === undefined ? undefined : ne(teams.id, excludeTeamId),
      ),
    )
    .as('visits');
  const rows = await db
    .select({
      spotId: visits.spotId,
      date: visits.date,
      pax: sql<number>`sum(${visits.pax})::int`,
    })
    .from(visits)
    .groupBy(visits.spotId, visits.date);
  for (const r of rows) out.set(keyOf(r), Number(r.pax));
  return out;
}

export interface CapacityDeps {
  scenic: Pick<ScenicServices, 'spots' | 'windows'>;
}

const percentOf = (planned: number, capacity: number) =>
  capacity > 0 ? Math.round((planned / capacity) * 1000) / 10 : planned > 0 ? Infinity : 0;

/** What is left at one spot on one day (the itinerary step shows it when a spot is picked). */
export async function spotDayCapacity(
  db: DbOrTx,
  deps: CapacityDeps,
  spotId: number,
  date: string,
  excludeTeamId?: number,
): Promise<SpotDayCapacity> {
  const [spot, capacity, planned] = await Promise.all([
    deps.scenic.spots.get(spotId),
    deps.scenic.windows.dailyCapacityOn(spotId, date),
    plannedPax(db, [{ spotId, date }], excludeTeamId).then((m) => m.get(`${spotId}|${date}`) ?? 0),
  ]);
  const maintenance = capacity < spot.dailyCapacity;
  const percent = percentOf(planned, capacity);
  return {
    spotId,
    date,
    capacity,
    planned,
    remaining: Math.max(0, capacity - planned),
    percent: Number.isFinite(percent) ? percent : 100,
    maintenance,
  };
}

/**
 * Checks the team's planned spot-days; throws CAPACITY_EXCEEDED for the first over capacity
 * and CAPACITY_CONFIRM_REQUIRED when some reach the warning percent and `confirmed` is false.
 * Returns the warnings (the answer carries them). Call after `lockSpotDays` in the writing
 * transaction; every read goes through `tx`.
 */
export async function checkCapacity(
  tx: DbOrTx,
  deps: CapacityDeps,
  team: { id: number; pax: number },
  spotDays: SpotDay[],
  spotNames: Map<number, string>,
  /** `capacity.warningPercent`, read before the transaction (PGlite has one connection). */
  warningPercent: number,
  confirmed: boolean,
): Promise<CapacityWarning[]> {
  const days = spotDaysOf(spotDays);
  if (days.length === 0) return [];
  const others = await plannedPax(tx, days, team.id);
  const warnings: CapacityWarning[] = [];
  for (const sd of days) {
    const capacity = await deps.scenic.windows.dailyCapacityOn(sd.spotId, sd.date, tx);
    const planned = (others.get(keyOf(sd)) ?? 0) + team.pax;
    const spotName = spotNames.get(sd.spotId) ?? String(sd.spotId);
    const facts = { spotId: sd.spotId, spotName, date: sd.date, planned, capacity };
    if (planned > capacity) {
      throw new AppError('CAPACITY_EXCEEDED', {
        params: { spot: spotName, date: sd.date, planned, capacity },
        detail:
          capacity === 0
            ? {
                'zh-CN': `${spotName} 在 ${sd.date} 维护闭园（承载量 0），不能安排 ${planned} 人`,
                'en-US': `${spotName} is closed for maintenance on ${sd.date} (capacity 0); ${planned} cannot be planned`,
              }
            : undefined,
        data: facts,
      });
    }
    const percent = percentOf(planned, capacity);
    if (percent >= warningPercent) warnings.push({ ...facts, percent });
  }
  if (warnings.length > 0 && !confirmed) {
    throw new AppError('CAPACITY_CONFIRM_REQUIRED', {
      params: { percent: warningPercent },
      data: { warnings },
    });
  }
  return warnings;
}
