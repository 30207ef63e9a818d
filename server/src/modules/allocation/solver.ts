// PLACEHOLDER solver (replaced at merge by the real one): a greedy over pairs by value, so the
// allocation service can be built and tested. Its bound is Σ over teams of their best pair's
// value — an upper bound on any plan, not the LP relaxation's.
import { pairValue, type PlanProblem, type PlanSolution, type SolveOptions } from './plan-model';

export function solvePlan(problem: PlanProblem, _options: SolveOptions = {}): PlanSolution {
  const started = performance.now();
  const teams = new Map(problem.teams.map((t) => [t.id, t]));
  const best = new Map<number, number>();
  for (const p of problem.pairs) best.set(p.teamId, Math.max(best.get(p.teamId) ?? 0, p.score));
  const taken = new Map<number, { start: number; end: number }[]>();
  const assignment = new Map<number, number>();
  let totalScore = 0;
  const order = [...problem.pairs].sort(
    (a, b) => b.score - a.score || a.teamId - b.teamId || a.guideId - b.guideId,
  );
  for (const p of order) {
    if (assignment.has(p.teamId)) continue;
    const team = teams.get(p.teamId);
    if (!team) continue;
    const busy = taken.get(p.guideId) ?? [];
    if (busy.some((b) => b.start < team.end && team.start < b.end)) continue;
    busy.push({ start: team.start, end: team.end });
    taken.set(p.guideId, busy);
    assignment.set(p.teamId, p.guideId);
    totalScore += p.score;
  }
  const objectiveBound = [...best.values()].reduce((s, score) => s + pairValue(score), 0);
  return {
    assignment,
    objective: assignment.size * pairValue(0) + totalScore,
    objectiveBound,
    coverBound: best.size,
    totalScore,
    method: 'placeholder-greedy',
    solveMs: performance.now() - started,
  };
}
