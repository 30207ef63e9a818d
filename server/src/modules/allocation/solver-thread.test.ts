// The plan solver in its worker thread: the same plan as in this thread, typed arrays across,
// and the event loop stays free while it solves (the brief: no request may stall other users).
import { afterAll, describe, expect, it } from 'vitest';
import { solvePlan } from './solver';
import { solveOffThread, stopSolverThread } from './solver-thread';
import { uniformPlanProblem } from './solver-instances';
import { prepare } from './solver-model';
import { problemToWire } from './solver-wire';

afterAll(() => stopSolverThread());

describe('the solver thread', () => {
  it('reads a problem as columns as it reads it as objects', () => {
    const problem = uniformPlanProblem({ teams: 40, guides: 20, density: 0.3, seed: 7 });
    // A repeated pair and one of an unknown team: the columns drop and keep the same ones.
    problem.pairs.push({ ...problem.pairs[0], score: 99 }, { teamId: -1, guideId: 1, score: 1 });
    expect(prepare(problemToWire(problem))).toEqual(prepare(problem));
  });

  it('answers the plan the solver answers in this thread, given objects or columns', async () => {
    const problem = uniformPlanProblem({ teams: 30, guides: 20, density: 0.3, seed: 3 });
    const here = await solvePlan(problem, { timeLimitMs: 10_000 });
    const columns = problemToWire(problem);
    const viaColumns = await solveOffThread(columns, { timeLimitMs: 10_000 });
    expect([...viaColumns.assignment].sort()).toEqual([...here.assignment].sort());
    // The caller's columns are its own still (a copy crossed over).
    expect(columns.pairScores.length).toBe(problem.pairs.length);
    const there = await solveOffThread(problem, { timeLimitMs: 10_000 });
    expect(there.method).not.toMatch(/fallback/);
    expect(there.objective).toBeCloseTo(here.objective, 6);
    expect(there.objectiveBound).toBeCloseTo(here.objectiveBound, 6);
    expect([...there.assignment].sort()).toEqual([...here.assignment].sort());
  });

  it('leaves the event loop free while it solves a large plan', async () => {
    const problem = uniformPlanProblem({ teams: 1000, guides: 500, density: 0.15, seed: 2 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    const solution = await solveOffThread(problem, { timeLimitMs: 1500 });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(solution.assignment.size).toBeGreaterThan(0);
    // In this thread the timer could not fire at all until the solve returned.
    expect(ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(elapsed / 100)));
  }, 60_000);
});
