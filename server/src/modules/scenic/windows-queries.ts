// SQL of maintenance windows.
import { and, asc, desc, eq, gt, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { scenicMaintenanceWindows } from './schema';

const w = scenicMaintenanceWindows;

export type WindowRecord = typeof scenicMaintenanceWindows.$inferSelect;

export const listWindows = (db: DbOrTx, spotId: number) =>
  db.select().from(w).where(eq(w.spotId, spotId)).orderBy(desc(w.startAt), desc(w.id));

export async function findWindow(db: DbOrTx, spotId: number, windowId: number) {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.id, windowId), eq(w.spotId, spotId)))
    .limit(1);
  return row;
}

/** Windows of the spot overlapping [start, end), other than `exceptId`. */
export const overlappingWindows = (
  db: DbOrTx,
  spotId: number,
  start: Date,
  end: Date,
  exceptId?: number,
) =>
  db
    .select()
    .from(w)
    .where(
      and(
        eq(w.spotId, spotId),
        lt(w.startAt, end),
        gt(w.endAt, start),
        exceptId ? ne(w.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(w.startAt));

export async function insertWindow(db: DbOrTx, values: typeof w.$inferInsert) {
  const [row] = await db.insert(w).values(values).returning();
  return row;
}

export async function updateWindow(
  db: DbOrTx,
  windowId: number,
  version: number,
  values: { startAt: Date; endAt: Date; reason: string; capacity: number },
) {
  const [row] = await db
    .update(w)
    .set({ ...values, version: sql`${w.version} + 1`, updatedAt: new Date() })
    .where(and(eq(w.id, windowId), eq(w.version, version)))
    .returning();
  return row;
}

export async function deleteWindow(db: DbOrTx, windowId: number) {
  await db.delete(w).where(eq(w.id, windowId));
}

/** The smallest window capacity in force on any moment of [start, end) (daily capacity checks). */
export async function windowsBetween(db: DbOrTx, spotId: number, start: Date, end: Date) {
  return db
    .select({ capacity: w.capacity, startAt: w.startAt, endAt: w.endAt })
    .from(w)
    .where(and(eq(w.spotId, spotId), lt(w.startAt, end), gt(w.endAt, start)));
}

/** Windows that start, or end, in (from, to]: the clock's maintenance transitions. */
export async function windowsStartingOrEnding(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ id: w.id, spotId: w.spotId, startAt: w.startAt, endAt: w.endAt })
    .from(w)
    .where(
      or(and(gt(w.startAt, from), lte(w.startAt, to)), and(gt(w.endAt, from), lte(w.endAt, to))),
    );
}
