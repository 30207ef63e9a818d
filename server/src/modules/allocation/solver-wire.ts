// How a plan problem and its solution cross to the solver's worker thread (solver-thread.ts):
// as typed arrays, transferred rather than copied — 350 k pairs as objects take longer to
// clone than to solve.
import type { PlanProblem, PlanSolution } from './plan-model';

export interface WireProblem {
  teamIds: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
  pairTeams: Int32Array;
  pairGuides: Int32Array;
  pairScores: Float64Array;
}

export type WireSolution = Omit<PlanSolution, 'assignment'> & {
  teams: Int32Array;
  guides: Int32Array;
};

export function problemToWire(p: PlanProblem): WireProblem {
  return {
    teamIds: Int32Array.from(p.teams, (t) => t.id),
    starts: Float64Array.from(p.teams, (t) => t.start),
    ends: Float64Array.from(p.teams, (t) => t.end),
    pairTeams: Int32Array.from(p.pairs, (x) => x.teamId),
    pairGuides: Int32Array.from(p.pairs, (x) => x.guideId),
    pairScores: Float64Array.from(p.pairs, (x) => x.score),
  };
}

export function problemFromWire(w: WireProblem): PlanProblem {
  return {
    teams: Array.from(w.teamIds, (id, i) => ({ id, start: w.starts[i], end: w.ends[i] })),
    pairs: Array.from(w.pairTeams, (teamId, i) => ({
      teamId,
      guideId: w.pairGuides[i],
      score: w.pairScores[i],
    })),
  };
}

export const wireBuffers = (w: WireProblem | WireSolution): ArrayBuffer[] =>
  Object.values(w)
    .filter((v): v is Int32Array | Float64Array => ArrayBuffer.isView(v))
    .map((v) => v.buffer as ArrayBuffer);

export function solutionToWire(s: PlanSolution): WireSolution {
  const { assignment, ...rest } = s;
  return {
    ...rest,
    teams: Int32Array.from(assignment.keys()),
    guides: Int32Array.from(assignment.values()),
  };
}

export function solutionFromWire(w: WireSolution): PlanSolution {
  const { teams, guides, ...rest } = w;
  return { ...rest, assignment: new Map(Array.from(teams, (t, i) => [t, guides[i]])) };
}
