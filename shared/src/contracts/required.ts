// Which fields a contract requires, read from its zod schema (issue #18 item 12): forms mark
// them from here, never by hand.
import type { z } from 'zod';

/** What a schema's object shape is, through refinements, pipes and wrappers. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  const s = schema as unknown as {
    shape?: Record<string, z.ZodType>;
    def?: { in?: z.ZodType; innerType?: z.ZodType };
  };
  if (s.shape && typeof s.shape === 'object') return s.shape;
  const inner = s.def?.in ?? s.def?.innerType;
  return inner ? objectShape(inner) : null;
}

/**
 * The top-level fields a contract requires: those that accept neither a missing value nor an
 * empty text. A switch (a boolean accepts `false`) always has a value and is not marked.
 */
export function requiredFields(schema: z.ZodType): ReadonlySet<string> {
  const shape = objectShape(schema) ?? {};
  return new Set(
    Object.entries(shape)
      .filter(
        ([, field]) =>
          !field.safeParse(undefined).success &&
          !field.safeParse('').success &&
          !field.safeParse(false).success,
      )
      .map(([name]) => name),
  );
}
