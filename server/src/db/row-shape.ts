// Row → response by the contract's response shape (one definition per field): the fields the
// shape names are taken from the row by name, timestamps as ISO strings. A new scalar column
// with the same name in the row and the shape needs no mapping code; the route's response
// schema checks the result.
import { getTableColumns, type Table } from 'drizzle-orm';
import type { z } from 'zod';

/** Each shape's field names less the excepted ones, listed once (a list maps every row). */
const fieldLists = new WeakMap<z.ZodObject, Map<string, readonly string[]>>();

function fieldsNamed(shape: z.ZodObject, except: readonly string[]): readonly string[] {
  let byExcept = fieldLists.get(shape);
  if (!byExcept) fieldLists.set(shape, (byExcept = new Map()));
  const key = except.join('\0');
  let fields = byExcept.get(key);
  if (!fields) {
    fields = Object.keys(shape.shape).filter((field) => !except.includes(field));
    byExcept.set(key, fields);
  }
  return fields;
}

export function fieldsOf<S extends z.ZodObject, K extends keyof z.infer<S> = never>(
  shape: S,
  row: object,
  except: readonly K[] = [],
): Omit<z.infer<S>, K> {
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of fieldsNamed(shape, except as readonly string[])) {
    const value = source[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as Omit<z.infer<S>, K>;
}

/**
 * The table's columns a response shape names (less the excepted ones): a list's selectable
 * columns follow the contract, so a field added to the list item is selected without a list
 * kept by hand. A name the table lacks is an error at start-up, not a missing cell.
 */
export function columnsFor<
  T extends Table,
  S extends z.ZodObject,
  K extends keyof z.infer<S> & string = never,
>(
  table: T,
  shape: S,
  except: readonly K[] = [],
): Pick<T['_']['columns'], Exclude<keyof z.infer<S> & string, K> & keyof T['_']['columns']> {
  const columns = getTableColumns(table) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of fieldsNamed(shape, except)) {
    if (!(key in columns)) throw new Error(`${key}: not a column of the table`);
    out[key] = columns[key];
  }
  return out as never;
}
