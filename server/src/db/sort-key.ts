// Chinese names sort by pinyin (issue #18 item 15). Neither engine can do it alone: PGlite has
// no zh ICU collation (only `und`, which orders Han by radical and stroke), so each name gets
// a pinyin key column written with the row, and lists order by it under the "C" collation so
// PGlite and PostgreSQL give the same order whatever the database's own collation.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pinyin } from 'pinyin-pro';
import type { Db } from './types';
import { guides } from '../modules/guide/schema';
import { scenicSpots } from '../modules/scenic/schema';

/**
 * A name's sort key: each Han character as its toneless-then-tone pinyin syllable ("wang2"),
 * other runs lower-cased, joined by spaces (a space sorts before every letter, so 万 "wan4"
 * comes before 王 "wang2"). `person` reads a leading surname as one (单 shan4, not dan1).
 */
export function nameSortKey(name: string, person = false): string {
  const parts = pinyin(name.trim(), {
    toneType: 'num',
    type: 'array',
    nonZh: 'consecutive',
    v: true,
    surname: person ? 'head' : 'off',
  });
  return parts
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .join(' ');
}

/** The key column of a row whose name is being written (unchanged when the name is not). */
export function withNameSort<T extends { name?: string }>(
  values: T,
  person = false,
): T & { nameSort?: string } {
  return values.name === undefined
    ? values
    : { ...values, nameSort: nameSortKey(values.name, person) };
}

/** ORDER BY expression of a key column, byte-wise so both engines agree. */
export const bySortKey = (column: AnyPgColumn): SQL => sql`${column} collate "C"`;

/**
 * Rows written before the key column existed (migration 0003) get their key at start-up;
 * a no-op once every row has one.
 */
export async function fillMissingNameSortKeys(db: Db): Promise<number> {
  let filled = 0;
  for (const [table, person] of [
    [guides, true],
    [scenicSpots, false],
  ] as const) {
    for (;;) {
      const rows = await db
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(eq(table.nameSort, ''))
        .limit(500);
      const todo = rows.filter((r) => nameSortKey(r.name, person) !== '');
      if (todo.length === 0) break;
      await db.transaction(async (tx) => {
        for (const r of todo) {
          await tx
            .update(table)
            .set({ nameSort: nameSortKey(r.name, person) })
            .where(eq(table.id, r.id));
        }
      });
      filled += todo.length;
      if (todo.length < rows.length) break;
    }
  }
  return filled;
}
