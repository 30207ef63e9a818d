// SQL of visitor flow: readings, the spot's live count, the hourly roll-up and load buckets.
import { and, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { scenicStartOfDay } from '@console/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/types';
import { scenicFlow, scenicFlowHourly, scenicSpots } from './schema';

const s = scenicSpots;

export type FlowInsert = typeof scenicFlow.$inferInsert;

/** The latest reading of the spot strictly before `before`. */
export async function readingBefore(db: DbOrTx, spotId: number, before: Date) {
  const [row] = await db
    .select({ at: scenicFlow.at, inPark: scenicFlow.inPark })
    .from(scenicFlow)
    .where(and(eq(scenicFlow.spotId, spotId), lt(scenicFlow.at, before)))
    .orderBy(desc(scenicFlow.at))
    .limit(1);
  return row;
}

/** Bulk insert of readings, chunked under the bind-parameter limit. */
export async function insertReadings(db: DbOrTx, rows: FlowInsert[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(scenicFlow).values(rows.slice(i, i + 2000));
  }
}

/** Moves the spot's live count forward (never back to an older reading). */
export async function setLive(db: DbOrTx, spotId: number, inPark: number, at: Date) {
  await db
    .update(s)
    .set({ liveInPark: inPark, liveAt: at })
    .where(and(eq(s.id, spotId), or(isNull(s.liveAt), lte(s.liveAt, at))));
}

/**
 * Readings of [from, to) in buckets of `strideSeconds`, aligned on local midnight: entries and
 * exits summed, in-park at its peak. Buckets of an hour or more read the hourly roll-up; finer
 * ones the readings, through the (spot_id, at) index.
 */
export async function flowBuckets(
  db: DbOrTx,
  spotId: number,
  from: Date,
  to: Date,
  strideSeconds: number,
) {
  // Buckets start at local midnight (shared/src/time.ts).
  const origin = scenicStartOfDay('2000-01-01').toISOString();
  // Inlined (a whole number and a constant) so that select, group by and order by are the
  // same expression to PostgreSQL.
  const stride = sql.raw(`'${Math.trunc(strideSeconds)} seconds'::interval`);
  const bin = (column: AnyPgColumn) =>
    sql`date_bin(${stride}, ${column}, ${sql.raw(`'${origin}'::timestamptz`)})`;
  if (strideSeconds >= 3600) {
    const h = scenicFlowHourly;
    const bucket = bin(h.hour);
    return db
      .select({
        at: sql<string>`${bucket}`,
        entries: sql<number>`sum(${h.entries})::int`,
        exits: sql<number>`sum(${h.exits})::int`,
        inPark: sql<number>`max(${h.peakInPark})::int`,
      })
      .from(h)
      .where(and(eq(h.spotId, spotId), gte(h.hour, hourOf(from)), lt(h.hour, to)))
      .groupBy(bucket)
      .orderBy(bucket);
  }
  const bucket = bin(scenicFlow.at);
  return db
    .select({
      at: sql<string>`${bucket}`,
      entries: sql<number>`sum(${scenicFlow.entries})::int`,
      exits: sql<number>`sum(${scenicFlow.exits})::int`,
      inPark: sql<number>`max(${scenicFlow.inPark})::int`,
    })
    .from(scenicFlow)
    .where(and(eq(scenicFlow.spotId, spotId), gte(scenicFlow.at, from), lt(scenicFlow.at, to)))
    .groupBy(bucket)
    .orderBy(bucket);
}

const HOUR_MS = 3_600_000;
/** The start of the hour an instant falls in (whole-hour offsets: the same in UTC and locally). */
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** Adds readings to the hourly roll-up (one upsert per spot and hour). */
export async function rollUp(db: DbOrTx, rows: FlowInsert[]) {
  const byHour = new Map<string, typeof scenicFlowHourly.$inferInsert>();
  for (const r of rows) {
    const hour = hourOf(r.at as Date);
    const key = `${r.spotId}:${hour.getTime()}`;
    const cur = byHour.get(key);
    if (cur) {
      cur.entries += r.entries;
      cur.exits += r.exits;
      cur.peakInPark = Math.max(cur.peakInPark, r.inPark);
    } else {
      byHour.set(key, {
        spotId: r.spotId,
        hour,
        entries: r.entries,
        exits: r.exits,
        peakInPark: r.inPark,
      });
    }
  }
  const values = [...byHour.values()];
  const h = scenicFlowHourly;
  for (let i = 0; i < values.length; i += 2000) {
    await db
      .insert(h)
      .values(values.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [h.spotId, h.hour],
        set: {
          entries: sql`${h.entries} + excluded.entries`,
          exits: sql`${h.exits} + excluded.exits`,
          peakInPark: sql`greatest(${h.peakInPark}, excluded.peak_in_park)`,
        },
      });
  }
}

/** Rebuilds the whole roll-up from the readings (bulk-loaded data: demo seed, benchmarks). */
export async function rebuildRollUp(db: DbOrTx) {
  await db.execute(sql`delete from scenic_flow_hourly`);
  await db.execute(sql`
    insert into scenic_flow_hourly (spot_id, hour, entries, exits, peak_in_park)
    select spot_id, date_bin('1 hour'::interval, at, '2000-01-01T00:00:00Z'::timestamptz),
      sum(entries)::int, sum(exits)::int, max(in_park)
    from scenic_flow group by 1, 2`);
}
