// The batch plan as an optimisation problem, apart from the database (issue #14 point 3):
// the allocation service builds a PlanProblem from SQL (only pairs that break no hard rule),
// the solver answers with a conflict-free choice and the LP relaxation's bound.
import { PLAN_COVER_VALUE } from '@console/shared';

export interface PlanTeam {
  id: number;
  /**
   * The period a guide on this team is taken, as epoch milliseconds [start, end) — the
   * assignment's `busy` range (period.ts: the covered days plus the buffer). Two teams whose
   * periods overlap cannot share a guide.
   */
  start: number;
  end: number;
}

/** A guide that may take a team: it breaks no hard rule, existing assignments included. */
export interface PlanPair {
  teamId: number;
  guideId: number;
  /** The soft-preference score, 0–100. */
  score: number;
}

export interface PlanProblem {
  teams: PlanTeam[];
  pairs: PlanPair[];
}

export interface PlanSolution {
  /** teamId → guideId for every covered team. */
  assignment: Map<number, number>;
  /** Σ over chosen pairs of PLAN_COVER_VALUE + score. */
  objective: number;
  /** The LP relaxation's optimum: an upper bound on any plan's objective. */
  objectiveBound: number;
  /** The most teams any plan can cover, by the relaxation (floor of its Σ x). */
  coverBound: number;
  totalScore: number;
  /** How it was solved, for the plan summary ("exact", "lp-rounding+repair", …). */
  method: string;
  solveMs: number;
}

export interface SolveOptions {
  /** Wall-clock budget for the whole solve. */
  timeLimitMs?: number;
}

/** The value of choosing one pair. */
export const pairValue = (score: number) => PLAN_COVER_VALUE + score;
