// Row → response by the contract's response shape (one definition per field): the fields the
// shape names are taken from the row by name, timestamps as ISO strings. A new scalar column
// with the same name in the row and the shape needs no mapping code; the route's response
// schema checks the result.
import type { z } from 'zod';

export function fieldsOf<S extends z.ZodObject, K extends keyof z.infer<S> = never>(
  shape: S,
  row: object,
  except: readonly K[] = [],
): Omit<z.infer<S>, K> {
  const source = row as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape.shape)) {
    if ((except as readonly string[]).includes(key)) continue;
    const value = source[key];
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as Omit<z.infer<S>, K>;
}
