// Pure arithmetic of the allocation page: the board's day columns, where a bar sits on them,
// which guide rows are in view (the board renders only those: 500 guides scroll smoothly),
// and the plan's quality as the user reads it. Dates are `YYYY-MM-DD` operation days.
import { PLAN_COVER_VALUE, addDays, type PlanSummary } from '@console/shared';

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
  // Past the end (the list shrank under a scroll position the page has not clamped yet): the
  // last rows, as the page shows once it has.
  const top = Math.max(0, Math.min(scrollTop, rowCount * rowHeight - viewportHeight));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(rowCount - 1, Math.ceil((top + viewportHeight) / rowHeight) + overscan);
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

/** The most a team's score can add (scores are 0–100). */
const SCORE_MAX = 100;

export interface PlanQuality {
  /** The solver proved no plan does better. */
  proven: boolean;
  /** Teams the bound says could be covered at most (at least the plan's own). */
  coverBound: number;
  /**
   * The highest total score a plan covering as many teams could reach (the objective's bound
   * less the teams' cover value, and never above 100 a team): the page's unit.
   */
  scoreBound: number;
  /** The plan's total score as a share of `scoreBound`, in percent with one decimal. */
  sharePercent: number | null;
}

/**
 * The plan's quality in the units the page shows — teams covered and total score — rather than
 * the solver's objective (issue 26 item 4: 目标值 2120.4 beside 总得分 120.4 said nothing).
 */
export function planQuality(
  plan: Pick<
    PlanSummary,
    'quality' | 'teamsCovered' | 'totalScore' | 'objectiveBound' | 'coverBound'
  >,
): PlanQuality {
  const proven = qualityGapPercent(plan.quality) === 0;
  const coverBound = Math.max(plan.coverBound, plan.teamsCovered);
  const fromObjective = plan.objectiveBound - PLAN_COVER_VALUE * plan.teamsCovered;
  const scoreBound = proven
    ? plan.totalScore
    : Math.max(plan.totalScore, Math.min(SCORE_MAX * plan.teamsCovered, fromObjective));
  const sharePercent =
    scoreBound > 0
      ? Math.min(100, Math.floor((plan.totalScore / scoreBound) * 1000) / 10)
      : plan.teamsCovered === 0
        ? null
        : 100;
  return { proven, coverBound, scoreBound: Math.round(scoreBound * 10) / 10, sharePercent };
}

/** The solver's method string ("exact", "lp-rounding+local-search", …) as a kind to word. */
export function solveMethodKind(method: string): 'exact' | 'mip' | 'lp' | 'greedy' | 'none' {
  if (method === '' || method === 'empty') return 'none';
  if (method.includes('greedy')) return 'greedy';
  if (method.includes('lp-rounding')) return 'lp';
  if (method.includes('mip-time-limit')) return 'mip';
  return 'exact';
}
