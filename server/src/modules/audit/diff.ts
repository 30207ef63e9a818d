import type { FieldChange } from './schema';

// Secrets never appear in the audit trail (product.md, "Audit trail").
const SECRET_KEY = /password|token|secret|hash|apikey|api_key/i;
const REDACTED = '[redacted]';
// Bookkeeping columns change on every write; they would only add noise to the diff.
const IGNORED = new Set(['updatedAt', 'version']);

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/**
 * Field-level diff of two versions of a record (either may be null for create / delete).
 * Secret fields show only that they changed.
 */
export function diffRecords(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, FieldChange> {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: Record<string, FieldChange> = {};
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const b = before?.[key];
    const a = after?.[key];
    if (same(b, a)) continue;
    out[key] = SECRET_KEY.test(key)
      ? { before: b === undefined ? null : REDACTED, after: a === undefined ? null : REDACTED }
      : { before: normalise(b) ?? null, after: normalise(a) ?? null };
  }
  return out;
}
