// Which records use a dictionary item (issue #15 point 3: an item in use cannot be deleted,
// only disabled). One row per place a category's values are stored; a module that stores a
// dictionary value adds its row here (teams: agency and market, when the team module lands).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';

export interface UsageSource {
  /** The table and column holding the item's value. */
  table: string;
  column: string;
}

export const PROPERTY_USAGE: Record<string, UsageSource[]> = {
  guide_language: [{ table: 'guide_languages', column: 'language' }],
  guide_specialty: [{ table: 'guide_specialties', column: 'specialty' }],
  scenic_category: [{ table: 'scenic_spots', column: 'category' }],
  agency: [],
  market: [],
};

type Rows<T> = { rows?: T[] };

async function tableExists(db: DbOrTx, table: string): Promise<boolean> {
  const res = (await db.execute(
    sql`select to_regclass(${table}) is not null as present`,
  )) as unknown as Rows<{ present: boolean }>;
  return res.rows?.[0]?.present === true;
}

/**
 * How many records hold each value of category `code` (unused values are absent), or only
 * `value` when given.
 */
export async function usageCounts(
  db: DbOrTx,
  code: string,
  value?: string,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const source of PROPERTY_USAGE[code] ?? []) {
    // A source whose module is not installed yet (a table from a later migration) uses nothing.
    if (!(await tableExists(db, source.table))) continue;
    const col = sql.identifier(source.column);
    const where = value === undefined ? sql`` : sql`where ${col} = ${value}`;
    const res = (await db.execute(
      sql`select ${col} as value, count(*)::int as n from ${sql.identifier(source.table)} ${where} group by ${col}`,
    )) as unknown as Rows<{ value: string; n: number }>;
    for (const row of res.rows ?? []) counts.set(row.value, (counts.get(row.value) ?? 0) + row.n);
  }
  return counts;
}
