// SQL of scenic spots. Status and live load are derived here, in one SQL expression that both
// the list filter and every read use, at a clock the service passes in.
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { scenicSpots } from './schema';

const s = scenicSpots;

export type SpotRecord = typeof scenicSpots.$inferSelect;
export type SpotValues = Omit<
  typeof scenicSpots.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'liveInPark' | 'liveAt'
>;

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

/** Names and codes of spots, for audit sentences ("Edited scenic spot 故宫 (BJ-GUGONG)"). */
export const spotSubjects = (db: DbOrTx, ids: number[]) =>
  db.select({ id: s.id, name: s.name, code: s.code }).from(s).where(inArray(s.id, ids));
