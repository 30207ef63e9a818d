// The batch plan's solver (issue #14 point 3) against a plain checker and an exact optimum
// computed apart: the reference model below is written as LP text with one constraint per
// pair of overlapping teams (not the solver's cliques), solved by HiGHS without
// decomposition or time limit, or enumerated by brute force when tiny. Real HiGHS, no mocks.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import loadHighs from 'highs';
import { PLAN_COVER_VALUE } from '@console/shared';
import {
  GROUP_COVER_VALUE,
  groupPairValue,
  type PlanProblem,
  type PlanSolution,
} from './plan-model';
import { greedyPlan, solvePlan } from './solver';
import { uniformPlanProblem } from './solver-instances';

const EPS = 1e-6;

/**
 * Independent feasibility check; returns the plan's value recomputed from the problem. A team
 * with `pax` some given pair cannot hold alone is a large group: its guides are distinct given
 * pairs whose capacities add up to its pax (the coverage rule), and it is worth
 * GROUP_COVER_VALUE + Σ groupPairValue over them; any other team has one guide.
 */
function checkPlan(problem: PlanProblem, assignment: Map<number, number[]>): number {
  const teams = new Map(problem.teams.map((t) => [t.id, t]));
  const byGuide = new Map<number, number[]>();
  let value = 0;
  for (const [teamId, guideIds] of assignment) {
    const team = teams.get(teamId);
    if (!team) throw new Error(`team ${teamId} is not in the problem`);
    const own = problem.pairs.filter(
      (p) => p.teamId === teamId && Number.isFinite(p.score) && team.start < team.end,
    );
    const pax = team.pax ?? 0;
    // A guide given twice counts at his best score and capacity.
    const capOf = (g: number) =>
      Math.max(...own.filter((p) => p.guideId === g).map((p) => p.capacity ?? Infinity));
    const large = pax > 0 && own.some((p) => capOf(p.guideId) < pax);
    if (new Set(guideIds).size !== guideIds.length)
      throw new Error(`team ${teamId}: a guide twice`);
    if (!large && guideIds.length !== 1)
      throw new Error(`team ${teamId}: ${guideIds.length} guides`);
    const best = (guideId: number) => {
      const scores = own.filter((p) => p.guideId === guideId).map((p) => p.score);
      if (!scores.length) throw new Error(`team ${teamId} → guide ${guideId} is not a given pair`);
      return Math.max(...scores);
    };
    if (large) {
      const caps = guideIds.map(capOf);
      if (caps.reduce((a, b) => a + b, 0) < pax)
        throw new Error(`team ${teamId}: capacities ${caps.join('+')} do not cover ${pax} pax`);
      const most = Math.max(...own.map((p) => capOf(p.guideId)));
      const need = Math.ceil(pax / most);
      value += GROUP_COVER_VALUE;
      for (const g of guideIds) value += groupPairValue(best(g), need);
    } else value += PLAN_COVER_VALUE + best(guideIds[0]);
    for (const guideId of guideIds) {
      for (const other of byGuide.get(guideId) ?? []) {
        const o = teams.get(other)!;
        if (o.start < team.end && team.start < o.end)
          throw new Error(`guide ${guideId} takes overlapping teams ${other} and ${teamId}`);
      }
      byGuide.set(guideId, [...(byGuide.get(guideId) ?? []), teamId]);
    }
  }
  return value;
}

function checkSolution(problem: PlanProblem, s: PlanSolution) {
  const value = checkPlan(problem, s.assignment);
  expect(s.objective).toBeCloseTo(value, 6);
  expect(s.objective).toBeLessThanOrEqual(s.objectiveBound + EPS);
  expect(s.assignment.size).toBeLessThanOrEqual(s.coverBound);
}

const highsReady = loadHighs();

/** The exact optimum: pairwise conflict rows, integer, no time limit, zero gap. */
async function exactOptimum(problem: PlanProblem): Promise<number> {
  const highs = await highsReady;
  const teams = new Map(problem.teams.map((t) => [t.id, t]));
  const pairs = problem.pairs.filter((p) => teams.has(p.teamId));
  const name = (i: number) => `x${i}`;
  const rows: string[] = [];
  const byTeam = new Map<number, number[]>();
  const byGuide = new Map<number, number[]>();
  pairs.forEach((p, i) => {
    byTeam.set(p.teamId, [...(byTeam.get(p.teamId) ?? []), i]);
    byGuide.set(p.guideId, [...(byGuide.get(p.guideId) ?? []), i]);
  });
  for (const list of byTeam.values())
    if (list.length > 1) rows.push(list.map(name).join(' + ') + ' <= 1');
  for (const list of byGuide.values())
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const ta = teams.get(pairs[list[a]].teamId)!;
        const tb = teams.get(pairs[list[b]].teamId)!;
        if (ta.start < tb.end && tb.start < ta.end && ta.id !== tb.id)
          rows.push(`${name(list[a])} + ${name(list[b])} <= 1`);
      }
  if (!pairs.length) return 0;
  const lp = [
    'Maximize',
    ' obj: ' + pairs.map((p, i) => `${PLAN_COVER_VALUE + p.score} ${name(i)}`).join(' + '),
    'Subject To',
    ...rows.map((r, i) => ` c${i}: ${r}`),
    'Binary',
    ' ' + pairs.map((_, i) => name(i)).join(' '),
    'End',
  ].join('\n');
  const result = highs.solve(lp, { output_flag: false, mip_rel_gap: 0 });
  if (result.Status !== 'Optimal') throw new Error(`reference MIP: ${result.Status}`);
  return result.ObjectiveValue;
}

/** Brute force over every choice (tiny instances only). */
function bruteForce(problem: PlanProblem): number {
  const teams = problem.teams;
  let best = 0;
  const chosen: { guideId: number; start: number; end: number }[] = [];
  const walk = (i: number, value: number) => {
    if (i === teams.length) {
      best = Math.max(best, value);
      return;
    }
    walk(i + 1, value);
    const t = teams[i];
    for (const p of problem.pairs) {
      if (p.teamId !== t.id) continue;
      if (chosen.some((c) => c.guideId === p.guideId && c.start < t.end && t.start < c.end))
        continue;
      chosen.push({ guideId: p.guideId, start: t.start, end: t.end });
      walk(i + 1, value + PLAN_COVER_VALUE + p.score);
      chosen.pop();
    }
  };
  walk(0, 0);
  return best;
}

// No database here: run once, not again in the PostgreSQL project.
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('plan solver', () => {
  it('30 teams × 20 guides, 50 seeds: ≥ 98 % of the exact optimum, never above the bound', async () => {
    const ratios = { default: [] as number[], lp: [] as number[] };
    let exactHits = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const problem = uniformPlanProblem({ teams: 30, guides: 20, density: 0.3, seed });
      const exact = await exactOptimum(problem);
      // Default path (small components go to the MIP) and the large-instance path forced
      // (LP relaxation, rounding, local improvement) on the same instance.
      const solved = await solvePlan(problem, { timeLimitMs: 10_000 });
      const relaxed = await solvePlan(problem, { timeLimitMs: 10_000, mipMaxPairs: 0 });
      for (const [kind, s] of [
        ['default', solved],
        ['lp', relaxed],
      ] as const) {
        checkSolution(problem, s);
        expect(s.objective, `seed ${seed} ${kind}: ${s.method}`).toBeGreaterThanOrEqual(
          0.98 * exact,
        );
        expect(exact).toBeLessThanOrEqual(s.objectiveBound + EPS);
        ratios[kind].push(s.objective / exact);
      }
      if (Math.abs(solved.objective - exact) < EPS) exactHits++;
    }
    const summary = (xs: number[]) =>
      `mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(5)}, worst ${Math.min(...xs).toFixed(5)}`;
    console.log(
      `plan vs exact MIP over 50 seeds (30 teams × 20 guides): default ${summary(ratios.default)} ` +
        `(${exactHits}/50 optimal); LP rounding path ${summary(ratios.lp)}`,
    );
  });

  it('property: any small instance gives a feasible plan, within its bound, optimal on the MIP path', async () => {
    const instance = fc
      .record({
        teams: fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: 20 }),
            length: fc.integer({ min: 1, max: 6 }),
          }),
          { minLength: 0, maxLength: 6 },
        ),
        pairs: fc.array(
          fc.record({
            team: fc.nat(7), // may name a team that does not exist
            guideId: fc.integer({ min: 1, max: 3 }),
            score: fc.integer({ min: 0, max: 100 }),
          }),
          { maxLength: 14 },
        ),
      })
      .map(({ teams, pairs }): PlanProblem => ({
        teams: teams.map((t, i) => ({
          id: i + 1,
          start: t.start * 3_600_000,
          end: (t.start + t.length) * 3_600_000,
        })),
        pairs: pairs.map((p) => ({ teamId: p.team + 1, guideId: p.guideId, score: p.score })),
      }));
    await fc.assert(
      fc.asyncProperty(instance, async (problem) => {
        // Duplicate (team, guide) pairs count at their best score, like the solver.
        const best = bruteForce(problem);
        const exact = await solvePlan(problem, { timeLimitMs: 10_000 });
        checkSolution(problem, exact);
        expect(exact.objective).toBeCloseTo(best, 6);
        expect(best).toBeLessThanOrEqual(exact.objectiveBound + EPS);
        const relaxed = await solvePlan(problem, { timeLimitMs: 10_000, mipMaxPairs: 0 });
        checkSolution(problem, relaxed);
        expect(best).toBeLessThanOrEqual(relaxed.objectiveBound + EPS);
        checkSolution(problem, greedyPlan(problem));
      }),
      { numRuns: 150 },
    );
  });

  it('out of time: a feasible greedy plan, and the method says so', async () => {
    const problem = uniformPlanProblem({ teams: 200, guides: 60, density: 0.3, seed: 7 });
    const s = await solvePlan(problem, { timeLimitMs: 0 });
    checkSolution(problem, s);
    expect(s.method).toContain('greedy-fallback (time limit)');
    expect(s.assignment.size).toBeGreaterThan(0);
  });

  it('back-to-back periods share a guide; bad pairs are ignored; a team without pairs is left out', async () => {
    const h = 3_600_000;
    const problem: PlanProblem = {
      teams: [
        { id: 1, start: 0, end: 10 * h },
        { id: 2, start: 10 * h, end: 20 * h },
        { id: 3, start: 5 * h, end: 15 * h },
        { id: 4, start: 0, end: 5 * h },
      ],
      pairs: [
        { teamId: 1, guideId: 9, score: 50 },
        { teamId: 2, guideId: 9, score: 50 },
        { teamId: 3, guideId: 9, score: 100 },
        { teamId: 3, guideId: 9, score: 20 }, // a repeat keeps the best score
        { teamId: 42, guideId: 9, score: 100 }, // unknown team
        { teamId: 1, guideId: 8, score: Number.NaN },
      ],
    };
    const s = await solvePlan(problem);
    checkSolution(problem, s);
    // Teams 1 and 2 (2 × 1050) beat team 3 alone (1100); team 4 has no pair.
    expect([...s.assignment].sort()).toEqual([
      [1, [9]],
      [2, [9]],
    ]);
    expect(s.objective).toBe(2100);
    expect(s.objectiveBound).toBeCloseTo(2100, 6);
    expect(s.coverBound).toBe(2);
    expect(s.totalScore).toBe(100);

    const empty = await solvePlan({ teams: [], pairs: [] });
    expect(empty.assignment.size).toBe(0);
    expect(empty.objectiveBound).toBe(0);
  });

  it('large groups: as many guides as their pax need, never a guide on two overlapping teams', async () => {
    const h = 3_600_000;
    const problem: PlanProblem = {
      teams: [
        { id: 1, start: 0, end: 10 * h, pax: 100 },
        { id: 2, start: 5 * h, end: 15 * h },
        { id: 3, start: 0, end: 10 * h, pax: 500 }, // its guides cannot cover it
      ],
      pairs: [
        ...[1, 2, 3, 4].map((g) => ({ teamId: 1, guideId: g, score: 20 * g, capacity: 40 })),
        { teamId: 2, guideId: 4, score: 100 },
        { teamId: 2, guideId: 5, score: 10 },
        ...[6, 7].map((g) => ({ teamId: 3, guideId: g, score: 50, capacity: 40 })),
      ],
    };
    for (const mipMaxPairs of [undefined, 0]) {
      const s = await solvePlan(problem, { timeLimitMs: 10_000, mipMaxPairs });
      checkSolution(problem, s);
      // Three guides of 40 cover 100 pax; guide 4 goes to the group (its best share), team 2
      // takes guide 5.
      expect(s.assignment.get(1)?.length, s.method).toBe(3);
      expect(s.assignment.get(2)).toHaveLength(1);
      expect(s.assignment.has(3)).toBe(false);
      expect(s.coverBound).toBe(2);
    }
    const greedy = greedyPlan(problem);
    checkSolution(problem, greedy);
  });

  it('property: instances with large groups give feasible plans within their bound', async () => {
    const instance = fc
      .record({
        teams: fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: 20 }),
            length: fc.integer({ min: 1, max: 6 }),
            pax: fc.option(fc.integer({ min: 30, max: 150 })),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        pairs: fc.array(
          fc.record({
            team: fc.nat(5),
            guideId: fc.integer({ min: 1, max: 6 }),
            score: fc.integer({ min: 0, max: 100 }),
            capacity: fc.integer({ min: 20, max: 60 }),
          }),
          { maxLength: 24 },
        ),
      })
      .map(({ teams, pairs }): PlanProblem => ({
        teams: teams.map((t, i) => ({
          id: i + 1,
          start: t.start * 3_600_000,
          end: (t.start + t.length) * 3_600_000,
          pax: t.pax ?? undefined,
        })),
        pairs: pairs.map((p) => ({
          teamId: p.team + 1,
          guideId: p.guideId,
          score: p.score,
          capacity: p.capacity,
        })),
      }));
    await fc.assert(
      fc.asyncProperty(instance, async (problem) => {
        checkSolution(problem, await solvePlan(problem, { timeLimitMs: 10_000 }));
        checkSolution(problem, await solvePlan(problem, { timeLimitMs: 10_000, mipMaxPairs: 0 }));
        checkSolution(problem, greedyPlan(problem));
      }),
      { numRuns: 150 },
    );
  });
});
