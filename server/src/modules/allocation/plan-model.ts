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
  /**
   * The pax its guides must cover (paxToCover: what its local guides leave). Absent: one
   * guide covers the team, as every pair given can hold it.
   */
  pax?: number;
}

/** A guide that may take a team: it breaks no hard rule, existing assignments included. */
export interface PlanPair {
  teamId: number;
  guideId: number;
  /** The soft-preference score, 0–100. */
  score: number;
  /** The pax the guide can lead on the team (guideCapacity). Absent: the team's whole pax. */
  capacity?: number;
}

export interface PlanProblem {
  teams: PlanTeam[];
  pairs: PlanPair[];
}

export interface PlanSolution {
  /**
   * teamId → its guides, for every covered team: one, or for a large group (a team whose pairs
   * cannot each hold its pax) guides whose capacities cover its pax.
   */
  assignment: Map<number, number[]>;
  /** Σ over covered teams of PLAN_COVER_VALUE + score (a large group: its guides' mean less a little per guide). */
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

/**
 * A large group in the model: covering it is worth GROUP_COVER_VALUE, and each of its k guides
 * (k = the fewest that can cover it) adds (score − 100) / k less GROUP_GUIDE_COST — k guides
 * of mean score s are worth PLAN_COVER_VALUE + s − k × cost, as one guide's team would, and a
 * guide more than the cover needs only costs.
 */
export const GROUP_COVER_VALUE = PLAN_COVER_VALUE + 100;
export const GROUP_GUIDE_COST = 0.01;
export const groupPairValue = (score: number, need: number) =>
  (score - 100) / need - GROUP_GUIDE_COST;
