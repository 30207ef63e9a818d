// The form round trip (issue 25): an edit form saved untouched changes nothing, and a form with
// one field changed changes only that field. The field lists come from the contracts' keys, so
// a field added to a contract is covered (or the test asks for its changed value).
import { expect } from 'vitest';
import type { z } from 'zod';
import type { FieldSpecs } from '@console/shared';

/** The keys of a contract's object shape (through its refinements). */
export function contractKeys(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('the contract has no object shape');
  return Object.keys(shape);
}

/** The fields an edit form writes: the update contract's keys but the version. */
export const editedKeys = (update: z.ZodType) =>
  contractKeys(update).filter((k) => k !== 'version');

/** The fields `a` and `b` differ on, among `keys` (compared as JSON). */
export function changedKeys(keys: readonly string[], a: object, b: object): string[] {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
}

/**
 * One changed value per edited field. A field without one fails the test by name, so a new
 * field of the contract cannot slip past the family.
 */
export function changedValue<R>(
  alternatives: Record<string, (record: R) => unknown>,
  key: string,
  record: R,
): unknown {
  const alternative = alternatives[key];
  expect(alternative, `no changed value for the field "${key}": add one to the test`).toBeTypeOf(
    'function',
  );
  const value = alternative(record);
  expect(JSON.stringify(value), `the changed value of "${key}" equals the record's value`).not.toBe(
    JSON.stringify((record as Record<string, unknown>)[key]),
  );
  return value;
}

/** Fields a create contract lets a client leave out (they have a default or are optional). */
export const omittableKeys = (create: z.ZodType) => {
  const shape = (create as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.keys(shape).filter((k) => shape[k].safeParse(undefined).success);
};

/**
 * A changed value for every free-text field of a contract's field specs (issue 27): empty when
 * the record has one, else the spec's sheet example (or 'x'). A descriptive field added to the
 * specs is covered by the round trips without a line of its own; fields with a pattern or a
 * rule keep their explicit alternative, which wins.
 */
export function textAlternatives<R>(specs: FieldSpecs): Record<string, (record: R) => unknown> {
  return Object.fromEntries(
    Object.entries(specs)
      .filter(([, spec]) => spec.widget.kind === 'text')
      .map(([key, spec]) => [
        key,
        (record: R) =>
          (record as Record<string, unknown>)[key]
            ? ''
            : ((spec.sheet && spec.sheet.example) ?? 'x'),
      ]),
  );
}
