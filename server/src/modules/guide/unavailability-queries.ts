// SQL of guides' unavailability (leave, sick leave, training, days off).
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { chunks } from '../../db/chunks';
import { guideUnavailability } from './schema';

export type UnavailabilityRow = typeof guideUnavailability.$inferSelect;

export function listUnavailability(db: DbOrTx, guideId: number, from?: string, to?: string) {
  const conds = [eq(guideUnavailability.guideId, guideId)];
  if (from) conds.push(gte(guideUnavailability.endDate, from));
  if (to) conds.push(lte(guideUnavailability.startDate, to));
  return db
    .select()
    .from(guideUnavailability)
    .where(and(...conds))
    .orderBy(asc(guideUnavailability.startDate), asc(guideUnavailability.id));
}

/** Periods of the guide sharing at least one day with [start, end] (dates inclusive). */
export function overlappingUnavailability(db: DbOrTx, guideId: number, start: string, end: string) {
  return db
    .select()
    .from(guideUnavailability)
    .where(
      and(
        eq(guideUnavailability.guideId, guideId),
        lte(guideUnavailability.startDate, end),
        gte(guideUnavailability.endDate, start),
      ),
    )
    .orderBy(asc(guideUnavailability.startDate))
    .limit(5);
}

export async function insertUnavailability(
  db: DbOrTx,
  values: typeof guideUnavailability.$inferInsert,
) {
  const [row] = await db.insert(guideUnavailability).values(values).returning();
  return row;
}

export async function insertUnavailabilityMany(
  db: DbOrTx,
  values: (typeof guideUnavailability.$inferInsert)[],
) {
  for (const chunk of chunks(values)) await db.insert(guideUnavailability).values(chunk);
}

export async function deleteUnavailability(db: DbOrTx, guideId: number, periodId: number) {
  const [row] = await db
    .delete(guideUnavailability)
    .where(and(eq(guideUnavailability.id, periodId), eq(guideUnavailability.guideId, guideId)))
    .returning();
  return row;
}
