// All SQL of the scenic module. Status and live load are derived here, in one SQL expression
// that both the list filter and every read use, at a clock the service passes in.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  scenicLocalDate,
  scenicLocalTime,
  scenicStartOfDay,
  type ScenicSpotFilter,
  type ScenicStatus,
} from '@console/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bySortKey, withNameSort } from '../../db/sort-key';
import type { DbOrTx } from '../../db/types';
import { listShape, preparedByShape, type Runnable } from '../../db/prepared';
import { escapeLike } from '../../db/like';
import {
  scenicFlow,
  scenicFlowHourly,
  scenicGateKeys,
  scenicMaintenanceWindows,
  scenicSpots,
} from './schema';

const w = scenicMaintenanceWindows;
const s = scenicSpots;

export type SpotRecord = typeof scenicSpots.$inferSelect;
export type SpotValues = Omit<
  typeof scenicSpots.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'liveInPark' | 'liveAt'
>;
export type WindowRecord = typeof scenicMaintenanceWindows.$inferSelect;
export type FlowInsert = typeof scenicFlow.$inferInsert;
export type GateKeyRecord = typeof scenicGateKeys.$inferSelect;

/**
 * The derived columns of a spot at `now` (product.md, "Scenic spot"; issue #6):
 * maintenance inside a window, closed outside opening hours, full at ≥ 100 % of the
 * instantaneous capacity, limited at ≥ the warning percent, else open. In-park counts only a
 * reading of today (spot time zone).
 */
export function derivedColumns() {
  // Written with qualified names: inside a select list Drizzle renders columns unqualified,
  // which a correlated subquery would bind to its own table.
  const spot = (column: string) => sql.raw(`"scenic_spots"."${column}"`);
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const inForce = sql`from "scenic_maintenance_windows" mw where mw.spot_id = ${spot('id')} and mw.start_at <= ${at} and mw.end_at > ${at}`;
  const windowCol = (column: string) =>
    sql`(select mw.${sql.raw(column)} ${inForce} order by mw.start_at limit 1)`;
  // "Today" and the wall clock are the same for every row: computed once, sent as parameters.
  const inPark = sql<number>`(case when ${spot('live_at')} >= ${sql.placeholder('dayStart')}::timestamptz then ${spot('live_in_park')} else 0 end)`;
  const clock = sql`${sql.placeholder('clock')}::text`;
  const capacity = spot('instant_capacity');
  const status = sql<ScenicStatus>`(case
    when exists (select 1 ${inForce}) then 'maintenance'
    when ${clock} < ${spot('open_time')} or ${clock} >= ${spot('close_time')} then 'closed'
    when ${inPark} >= ${capacity} then 'full'
    when ${inPark} * 100 >= ${capacity} * ${sql.placeholder('warningPercent')}::int then 'limited'
    else 'open' end)`;
  return {
    status,
    inPark,
    windowId: sql<number | null>`${windowCol('id')}`,
    windowEndAt: sql<string | null>`${windowCol('end_at')}`,
    windowCapacity: sql<number | null>`${windowCol('capacity')}`,
  };
}

/** Values of the derived columns' placeholders at `now`. */
export function derivedValues(now: Date, warningPercent: number) {
  return {
    at: now.toISOString(),
    dayStart: scenicStartOfDay(scenicLocalDate(now)).toISOString(),
    clock: scenicLocalTime(now),
    warningPercent,
  };
}

type Derived = ReturnType<typeof derivedColumns>;

/** The filter's conditions, each value a placeholder named after its field. */
function filterWhere(filter: ScenicSpotFilter, derived: Derived): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const value = (key: keyof ScenicSpotFilter) => sql.placeholder(key);
  if (filter.keyword) {
    const like = sql`${value('keyword')}`;
    parts.push(or(sql`${s.name} ilike ${like}`, sql`${s.code} ilike ${like}`));
  }
  if (filter.grade) parts.push(eq(s.grade, value('grade')));
  if (filter.category) parts.push(eq(s.category, value('category')));
  if (filter.province) parts.push(eq(s.province, value('province')));
  if (filter.city) parts.push(eq(s.city, value('city')));
  if (filter.status) parts.push(sql`${derived.status} = ${value('status')}`);
  return and(...parts);
}

/** What the filter's placeholders are bound to (the keyword as a literal pattern). */
function filterValues(filter: ScenicSpotFilter) {
  return {
    ...filter,
    ...(filter.keyword ? { keyword: `%${escapeLike(filter.keyword)}%` } : {}),
  };
}

function orderBy(filter: ScenicSpotFilter, derived: Derived): SQL[] {
  const dir = filter.sortOrder === 'descend' ? desc : asc;
  const field = filter.sortField;
  const columns: Record<string, SQL | AnyPgColumn> = {
    code: s.code,
    // Pinyin order (issue #18 item 15).
    name: bySortKey(s.nameSort),
    grade: sql`(case when ${s.grade} = 'none' then 0 else length(${s.grade}) end)`,
    category: s.category,
    province: s.province,
    city: s.city,
    dailyCapacity: s.dailyCapacity,
    instantCapacity: s.instantCapacity,
    priceAdult: s.priceAdult,
    loadPercent: sql`(${derived.inPark}::float8 / "scenic_spots"."instant_capacity")`,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
  if (!field) return [asc(s.code)];
  return [dir(columns[field]), dir(s.id)];
}

const spotSelection = (derived: Derived) => ({ spot: s, ...derived });
export type SpotWithDerived = {
  spot: SpotRecord;
  status: ScenicStatus;
  inPark: number;
  windowId: number | null;
  windowEndAt: string | null;
  windowCapacity: number | null;
};

const listQuery = preparedByShape<(SpotWithDerived & { total: number })[]>('scenic_list');
const countQuery = preparedByShape<{ total: number }[]>('scenic_count');
const derivedQuery = preparedByShape<SpotWithDerived[]>('scenic_spot');
const exportQuery = preparedByShape<{ spot: SpotRecord }[]>('scenic_export');

export async function listSpots(
  db: DbOrTx,
  filter: ScenicSpotFilter,
  page: { offset: number; limit: number },
  now: Date,
  warningPercent: number,
): Promise<{ rows: SpotWithDerived[]; total: number }> {
  const shape = listShape(filter);
  const values = { ...derivedValues(now, warningPercent), ...filterValues(filter), ...page };
  // The total rides on the page (a window count: one statement, one pass over the matches);
  // only a page past the end, which has no row to carry it, counts separately.
  const rows = await listQuery(db, shape, (db, name) => {
    const derived = derivedColumns();
    return db
      .select({ ...spotSelection(derived), total: sql<number>`(count(*) over ())::int` })
      .from(s)
      .where(filterWhere(filter, derived))
      .orderBy(...orderBy(filter, derived))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name) as Runnable<(SpotWithDerived & { total: number })[]>;
  }).execute(values);
  if (rows.length > 0) return { rows, total: rows[0].total };
  if (page.offset === 0) return { rows: [], total: 0 };
  const [{ total }] = await countQuery(db, shape, (db, name) =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(s)
      .where(filterWhere(filter, derivedColumns()))
      .prepare(name),
  ).execute(values);
  return { rows: [], total };
}

/** The picker's options: by ids, else by keyword on name or code; ordered by code. */
export async function spotOptions(
  db: DbOrTx,
  query: { keyword?: string; ids?: number[] },
  page: { offset: number; limit: number },
): Promise<{ rows: { id: number; code: string; name: string }[]; total: number }> {
  const where = query.ids
    ? inArray(s.id, query.ids)
    : query.keyword
      ? or(
          sql`${s.name} ilike ${`%${escapeLike(query.keyword)}%`}`,
          sql`${s.code} ilike ${`%${escapeLike(query.keyword)}%`}`,
        )
      : undefined;
  const rows = await db
    .select({ id: s.id, code: s.code, name: s.name, total: sql<number>`(count(*) over ())::int` })
    .from(s)
    .where(where)
    .orderBy(asc(s.code), asc(s.id))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0) {
    return { rows: rows.map(({ id, code, name }) => ({ id, code, name })), total: rows[0].total };
  }
  if (page.offset === 0) return { rows: [], total: 0 };
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(s)
    .where(where);
  return { rows: [], total };
}

export async function findSpotDerived(
  db: DbOrTx,
  id: number,
  now: Date,
  warningPercent: number,
): Promise<SpotWithDerived | undefined> {
  const [row] = await derivedQuery(
    db,
    'by-id',
    (db, name) =>
      db
        .select(spotSelection(derivedColumns()))
        .from(s)
        .where(eq(s.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name) as Runnable<SpotWithDerived[]>,
  ).execute({ ...derivedValues(now, warningPercent), id });
  return row;
}

export async function findSpot(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(s).where(eq(s.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertSpot(db: DbOrTx, values: SpotValues) {
  const [row] = await db.insert(s).values(withNameSort(values)).returning();
  return row;
}

/** Bulk insert (imports, demo data) in chunks that stay under the bind-parameter limit. */
export async function insertSpots(db: DbOrTx, values: SpotValues[]): Promise<number> {
  for (let i = 0; i < values.length; i += 500) {
    await db.insert(s).values(values.slice(i, i + 500).map((v) => withNameSort(v)));
  }
  return values.length;
}

/** Update guarded by the version the caller saw; undefined when stale or gone. */
export async function updateSpot(db: DbOrTx, id: number, version: number, values: SpotValues) {
  const [row] = await db
    .update(s)
    .set({ ...withNameSort(values), version: sql`${s.version} + 1`, updatedAt: new Date() })
    .where(and(eq(s.id, id), eq(s.version, version)))
    .returning();
  return row;
}

export async function deleteSpot(db: DbOrTx, id: number) {
  const [row] = await db.delete(s).where(eq(s.id, id)).returning({ id: s.id });
  return row;
}

/** Codes among `codes` that existing spots already use (optionally other than spot `exceptId`). */
export async function existingCodes(db: DbOrTx, codes: string[], exceptId?: number) {
  if (codes.length === 0) return new Set<string>();
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db
      .select({ code: s.code })
      .from(s)
      .where(
        and(inArray(s.code, codes.slice(i, i + 1000)), exceptId ? ne(s.id, exceptId) : undefined),
      );
    for (const r of rows) found.add(r.code);
  }
  return found;
}

/** Values of the scenic-category dictionary that forms may choose (enabled items). */
/** Code and name of the spots with these ids (other modules' references, e.g. certifications). */
export async function spotRefsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: s.id, code: s.code, name: s.name }).from(s).where(inArray(s.id, ids));
}

/** Id, code and name of the spots with these codes (imports refer to spots by code). */
export async function spotRefsByCodes(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db.select({ id: s.id, code: s.code, name: s.name }).from(s).where(inArray(s.code, codes));
}

/** Every spot matching the filter, in list order (exports). */
export async function exportSpots(
  db: DbOrTx,
  filter: ScenicSpotFilter,
  now: Date,
  warningPercent: number,
  limit: number,
): Promise<SpotRecord[]> {
  const rows = await exportQuery(db, listShape(filter), (db, name) => {
    const derived = derivedColumns();
    return db
      .select({ spot: s })
      .from(s)
      .where(filterWhere(filter, derived))
      .orderBy(...orderBy(filter, derived))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }).execute({ ...derivedValues(now, warningPercent), ...filterValues(filter), limit });
  return rows.map((r) => r.spot);
}

// Maintenance windows ---------------------------------------------------------------------

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

// Visitor flow ----------------------------------------------------------------------------

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

// Gate keys -------------------------------------------------------------------------------

export const listGateKeys = (db: DbOrTx, spotId: number) =>
  db
    .select()
    .from(scenicGateKeys)
    .where(eq(scenicGateKeys.spotId, spotId))
    .orderBy(desc(scenicGateKeys.id));

export async function insertGateKey(db: DbOrTx, values: typeof scenicGateKeys.$inferInsert) {
  const [row] = await db.insert(scenicGateKeys).values(values).returning();
  return row;
}

export async function findGateKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select()
    .from(scenicGateKeys)
    .where(eq(scenicGateKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

export async function findGateKey(db: DbOrTx, spotId: number, keyId: number) {
  const [row] = await db
    .select()
    .from(scenicGateKeys)
    .where(and(eq(scenicGateKeys.id, keyId), eq(scenicGateKeys.spotId, spotId)))
    .limit(1);
  return row;
}

export async function revokeGateKey(db: DbOrTx, keyId: number, userId: number | null) {
  const [row] = await db
    .update(scenicGateKeys)
    .set({ revokedAt: new Date(), revokedBy: userId })
    .where(and(eq(scenicGateKeys.id, keyId), isNull(scenicGateKeys.revokedAt)))
    .returning();
  return row;
}

export async function touchGateKey(db: DbOrTx, keyId: number, at: Date) {
  await db.update(scenicGateKeys).set({ lastUsedAt: at }).where(eq(scenicGateKeys.id, keyId));
}

/** Names and codes of spots, for audit sentences ("Edited scenic spot 故宫 (BJ-GUGONG)"). */
export const spotSubjects = (db: DbOrTx, ids: number[]) =>
  db.select({ id: s.id, name: s.name, code: s.code }).from(s).where(inArray(s.id, ids));
