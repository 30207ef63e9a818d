// Hot list queries are built once per shape (which filters are present, the sort) with
// placeholders for every value, and kept prepared: building a query through Drizzle costs
// more of the server's time than PostgreSQL spends running it.
import { createHash } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './types';

/**
 * How many shapes of one query are kept prepared per database. PostgreSQL keeps a prepared
 * statement until its connection closes, so the number must stay bounded whatever callers
 * send: past it, a new shape runs unprepared (an empty name).
 */
const MAX_SHAPES = 128;

/** Keys of a list query that are not filters: paging and sort. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['current', 'pageSize', 'sortField', 'sortOrder']);

/** The filters a list query gives (neither undefined nor empty), sorted by name. */
export function presentFilters(query: object): string[] {
  return Object.entries(query)
    .filter(([key, value]) => !NOT_FILTERS.has(key) && value !== undefined && value !== '')
    .map(([key]) => key)
    .sort();
}

/**
 * The shape of a list query: which filters are present and the sort. Lists whose SQL depends
 * only on these can be kept prepared under it.
 */
export function listShape(query: { sortField?: string; sortOrder?: string }): string {
  return `${presentFilters(query).join(',')}|${query.sortField ?? ''}|${query.sortOrder ?? ''}`;
}

export interface Runnable<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/**
 * A cache of prepared queries keyed by shape. On a miss, `build` returns the query for the
 * shape, with `sql.placeholder(...)` for every value, prepared under the name it is given;
 * the shape string must name everything that changes the query's text. Inside a transaction
 * the query is built for that transaction and not kept.
 */
export function preparedByShape<R>(label: string) {
  const perDb = new WeakMap<DbOrTx, Map<string, Runnable<R>>>();
  const nameOf = (shape: string) =>
    `${label}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
  return (
    db: DbOrTx,
    shape: string,
    build: (db: DbOrTx, name: string) => Runnable<R>,
  ): Runnable<R> => {
    if (db instanceof PgTransaction) return build(db, nameOf(shape));
    let shapes = perDb.get(db);
    if (!shapes) {
      shapes = new Map();
      perDb.set(db, shapes);
    }
    let query = shapes.get(shape);
    if (!query) {
      if (shapes.size >= MAX_SHAPES) return build(db, '');
      query = build(db, nameOf(shape));
      shapes.set(shape, query);
    }
    return query;
  };
}

/**
 * Runs queries side by side on the pool, but one after another inside a transaction: a
 * transaction holds one connection, which runs one query at a time (node-postgres deprecates
 * queueing them on it).
 */
export async function allQueries<T extends readonly unknown[]>(
  db: DbOrTx,
  tasks: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction))
    return Promise.all(tasks.map((t) => t())) as unknown as Promise<T>;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
