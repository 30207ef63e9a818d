// Pure arithmetic of the allocation page: the board's day columns, where a bar sits on them,
// which guide rows are in view (the board renders only those: 500 guides scroll smoothly),
// and the plan's quality as the user reads it. Dates are `YYYY-MM-DD` operation days.
import { addDays } from '@console/shared';

/** The days from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 366; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Columns a `[from, to]` bar covers on `days`, or null when it lies outside them. */
export function barSpan(
  bar: { from: string; to: string },
  days: readonly string[],
): { start: number; length: number } | null {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last || bar.to < first || bar.from > last) return null;
  const start = bar.from <= first ? 0 : days.indexOf(bar.from);
  const end = bar.to >= last ? days.length - 1 : days.indexOf(bar.to);
  return { start, length: end - start + 1 };
}

/** The rows to render for a scroll position: those in view plus `overscan` on each side. */
export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = 8,
): { first: number; last: number } {
  if (rowCount === 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(
    rowCount - 1,
    Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan,
  );
  return { first, last };
}

/**
 * How far the plan is from the best possible, in percent with one decimal (quality is
 * objective / objectiveBound; 1 means provably optimal). Null when it cannot be told.
 */
export function qualityGapPercent(quality: number): number | null {
  if (!Number.isFinite(quality) || quality <= 0) return null;
  return Math.max(0, Math.round((1 - Math.min(1, quality)) * 1000) / 10);
}
