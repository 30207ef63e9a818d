// The batch plan's optimisation core (issue #14 point 3).
//
// Usage (allocation service):
//   import { solvePlan } from './solver';
//   const solution = await solvePlan({ teams, pairs }, { timeLimitMs: 2500 });
//   // solution.assignment: teamId → guideId (only given pairs, one guide per team, no guide
//   // on two overlapping periods); solution.objective / solution.objectiveBound is the
//   // quality figure ("within x % of the best possible"); solution.method says how.
// Pass only pairs that break no hard rule, existing assignments included: the solver knows
// nothing else. It never throws for a well-formed problem: when HiGHS fails or runs out of
// time, a greedy plan (and the trivial bound) stands in and `method` says so.
//
// Model: a binary x[p] per feasible pair, value PLAN_COVER_VALUE + score; per team Σ x ≤ 1;
// per guide, one Σ x ≤ 1 per maximal set of mutually overlapping periods (the maximal
// cliques of an interval graph, found by a sweep). Teams joined by such a clique form a
// component; components are solved apart, smallest first:
//   - no conflict at all: every team takes its best pair (exact);
//   - up to MIP_MAX_PAIRS pairs: HiGHS MIP from a greedy start (exact unless it hits its
//     share of the time);
//   - larger: the LP relaxation (HiGHS simplex), LP-guided rounding (pairs by x descending,
//     each taken if its team and guide are free), greedy fill and local improvement.
//
// Bounds: `objectiveBound` sums per component the best proven upper bound — the MIP's dual
// bound where the MIP ran, the LP relaxation's optimum where the LP ran, Σ of each team's
// best pair (teams apart) where neither finished. `coverBound` sums per component
// min(teams with a pair, ⌊bound / PLAN_COVER_VALUE⌋): a plan covering k teams is worth at
// least k × PLAN_COVER_VALUE, so no plan covers more.
import loadHighs from 'highs';
import { PLAN_COVER_VALUE } from '@console/shared';
import type { PlanProblem, PlanSolution, SolveOptions } from './plan-model';
import {
  greedyFill,
  improve,
  PlanState,
  prepare,
  type Component,
  type PreparedProblem,
} from './solver-model';
import { uniformPlanProblem } from './solver-instances';

export const DEFAULT_SOLVE_TIME_MS = 2500;
/** Components up to this many pairs go to the exact MIP. */
const MIP_MAX_PAIRS = 3000;
/** Time kept after the LP for rounding and local improvement. */
const ROUNDING_RESERVE_MS = 250;
/** Past this much Wasm memory the runtime is dropped after a solve and loaded afresh. */
const MEMORY_CEILING = 768 * 1024 * 1024;

type Highs = Awaited<ReturnType<typeof loadHighs>>;

let runtime: Promise<Highs> | null = null;
/** One HiGHS runtime for the process; dropped after an error or when its memory grew big. */
function highsRuntime(): Promise<Highs> {
  runtime ??= loadHighs().catch((e: unknown) => {
    runtime = null;
    throw e;
  });
  return runtime;
}

interface ComponentResult {
  bound: number;
  method: string;
}

/** Σ of each team's best pair: the bound with no conflict between teams. */
function trivialBound(p: PreparedProblem, c: Component) {
  let sum = 0;
  for (const t of c.teams) sum += p.pairValue[p.teamPairs[t][0]];
  return sum;
}

/** The component's rows over pair indices: team rows (teams with two pairs or more), cliques. */
function rowsOf(p: PreparedProblem, c: Component): number[][] {
  const rows: number[][] = [];
  for (const t of c.teams) if (p.teamPairs[t].length > 1) rows.push(p.teamPairs[t]);
  rows.push(...c.cliques);
  return rows;
}

/** The component as a HiGHS model: columns = its pairs (in c.pairs order), rows = rowsOf. */
function buildModel(highs: Highs, p: PreparedProblem, c: Component, integer: boolean) {
  const local = new Map<number, number>();
  c.pairs.forEach((pair, j) => local.set(pair, j));
  const rows = rowsOf(p, c);
  let nnz = 0;
  for (const r of rows) nnz += r.length;
  const starts = new Int32Array(rows.length + 1);
  const indices = new Int32Array(nnz);
  let k = 0;
  rows.forEach((r, i) => {
    const cols = r.map((pair) => local.get(pair)!).sort((a, b) => a - b);
    indices.set(cols, k);
    k += cols.length;
    starts[i + 1] = k;
  });
  const n = c.pairs.length;
  return highs.createModel({
    numCols: n,
    numRows: rows.length,
    sense: highs.constants.objectiveSense.maximize,
    colCost: Float64Array.from(c.pairs, (pair) => p.pairValue[pair]),
    colLower: new Float64Array(n),
    colUpper: new Float64Array(n).fill(1),
    rowLower: new Float64Array(rows.length).fill(-highs.infinity),
    rowUpper: new Float64Array(rows.length).fill(1),
    matrix: {
      format: 'csr',
      numRows: rows.length,
      numCols: n,
      starts,
      indices,
      values: new Float64Array(nnz).fill(1),
    },
    integrality: integer ? new Int32Array(n).fill(highs.constants.variableType.integer) : undefined,
  });
}

/**
 * Weak duality, checked here rather than trusted: for any row prices y ≥ 0, Σ y + Σ over
 * pairs of max(0, value − Σ y of its rows) bounds every fractional plan, so every plan. Fed
 * the LP's row duals it gives the relaxation's optimum (exactly, not within the solver's
 * tolerances); fed the dual simplex's iterate after a time limit it still gives a bound.
 */
function dualBound(p: PreparedProblem, c: Component, rowDual: Float64Array): number {
  const rows = rowsOf(p, c);
  if (rowDual.length !== rows.length) return Infinity;
  const reduced = new Map<number, number>();
  for (const pair of c.pairs) reduced.set(pair, p.pairValue[pair]);
  let bound = 0;
  rows.forEach((r, i) => {
    const y = Math.max(0, rowDual[i]);
    if (!Number.isFinite(y)) bound = Infinity;
    bound += y;
    for (const pair of r) reduced.set(pair, reduced.get(pair)! - y);
  });
  for (const v of reduced.values()) if (v > 0) bound += v;
  return bound;
}

/** Takes the component's pairs in order of LP value (ties: higher value first). */
function roundFrom(state: PlanState, c: Component, x: Float64Array) {
  const p = state.p;
  const order = c.pairs.map((_, j) => j).filter((j) => x[j] > 1e-6);
  order.sort((a, b) => x[b] - x[a] || p.pairValue[c.pairs[b]] - p.pairValue[c.pairs[a]]);
  for (const j of order) state.tryTake(c.pairs[j]);
}

function solveExact(
  highs: Highs,
  state: PlanState,
  c: Component,
  seconds: number,
): ComponentResult {
  const p = state.p;
  greedyFill(state, c.teams);
  const model = buildModel(highs, p, c, true);
  try {
    model.options.set({ output_flag: false, time_limit: seconds, mip_rel_gap: 0 });
    model.setSolution({
      colValue: Float64Array.from(c.pairs, (pair) =>
        state.chosen[p.pairTeam[pair]] === pair ? 1 : 0,
      ),
    });
    const { modelStatus } = model.run();
    const status = highs.constants.modelStatus;
    const dual = Number(model.info.get('mip_dual_bound'));
    const bound = Number.isFinite(dual) ? Math.min(dual, trivialBound(p, c)) : trivialBound(p, c);
    const primal = Number(model.info.get('primal_solution_status'));
    if (primal === highs.constants.solutionStatus.feasible) {
      const x = model.getSolution().colValue;
      const before = state.value;
      const chosen = c.teams.map((t) => state.chosen[t]);
      for (const t of c.teams) state.drop(t);
      roundFrom(state, c, x);
      if (state.value < before - 1e-9) {
        // The incumbent is worse than the greedy start (cannot normally happen): keep greedy.
        for (const t of c.teams) state.drop(t);
        for (const pair of chosen) if (pair >= 0) state.take(pair);
      }
    }
    return { bound, method: modelStatus === status.optimal ? 'exact' : 'mip-time-limit' };
  } finally {
    model.dispose();
  }
}

function solveRelaxed(
  highs: Highs,
  state: PlanState,
  c: Component,
  deadline: number,
): ComponentResult {
  const p = state.p;
  let bound = trivialBound(p, c);
  let method = 'greedy+local-search (LP unfinished)';
  let x: Float64Array | null = null;
  const model = buildModel(highs, p, c, false);
  try {
    const seconds = Math.max(0.05, (deadline - performance.now() - ROUNDING_RESERVE_MS) / 1000);
    // Dual simplex without presolve: measured fastest on these clique models (presolve
    // costs more than it removes; the interior-point and PDLP solvers are several times slower).
    model.options.set({
      output_flag: false,
      time_limit: seconds,
      solver: 'simplex',
      presolve: 'off',
    });
    const { modelStatus } = model.run();
    const solution = model.getSolution();
    bound = Math.min(bound, dualBound(p, c, solution.rowDual));
    if (modelStatus === highs.constants.modelStatus.optimal) {
      x = solution.colValue;
      method = 'lp-rounding+local-search';
    }
  } finally {
    model.dispose();
  }
  if (x) roundFrom(state, c, x);
  greedyFill(state, c.teams);
  improve(state, c.teams, deadline);
  return { bound, method };
}

function solveComponent(
  highs: Highs | null,
  state: PlanState,
  c: Component,
  deadline: number,
  share: number,
  mipMaxPairs: number,
): ComponentResult {
  const p = state.p;
  if (c.cliques.length === 0) {
    for (const t of c.teams) state.take(p.teamPairs[t][0]);
    return { bound: state.p.pairValue.length ? trivialBound(p, c) : 0, method: 'exact' };
  }
  const left = deadline - performance.now();
  if (highs && left > 5) {
    try {
      if (c.pairs.length <= mipMaxPairs)
        return solveExact(highs, state, c, Math.max(0.01, Math.min(left, share) / 1000));
      return solveRelaxed(highs, state, c, deadline);
    } catch (e) {
      // A failed Wasm call may leave the runtime unusable: load a fresh one next time.
      runtime = null;
      for (const t of c.teams) state.drop(t);
      greedyFill(state, c.teams);
      improve(state, c.teams, deadline);
      return {
        bound: trivialBound(p, c),
        method: `greedy-fallback (HiGHS failed: ${e instanceof Error ? e.message : String(e)})`,
      };
    }
  }
  greedyFill(state, c.teams);
  improve(state, c.teams, deadline);
  return {
    bound: trivialBound(p, c),
    method: highs ? 'greedy-fallback (time limit)' : 'greedy-fallback (HiGHS unavailable)',
  };
}

function solutionOf(
  state: PlanState,
  bounds: { bound: number; teams: number }[],
  method: string,
  started: number,
): PlanSolution {
  const p = state.p;
  const assignment = new Map<number, number>();
  let objective = 0;
  let totalScore = 0;
  state.chosen.forEach((pair, t) => {
    if (pair < 0) return;
    assignment.set(p.teamIds[t], p.guideIds[p.pairGuide[pair]]);
    objective += p.pairValue[pair];
    totalScore += p.pairScore[pair];
  });
  let objectiveBound = 0;
  let coverBound = 0;
  for (const b of bounds) {
    objectiveBound += b.bound;
    coverBound += Math.min(b.teams, Math.floor(b.bound / PLAN_COVER_VALUE + 1e-9));
  }
  return {
    assignment,
    objective,
    // A bound is never below a plan that exists (guards float noise from the solver).
    objectiveBound: Math.max(objectiveBound, objective),
    coverBound: Math.max(coverBound, assignment.size),
    totalScore,
    method,
    solveMs: Math.round(performance.now() - started),
  };
}

/** Knobs for tests and measurements; the service leaves them alone. */
export interface TuningOptions {
  /** Components up to this many pairs go to the exact MIP (default MIP_MAX_PAIRS). */
  mipMaxPairs?: number;
}

/** Conflict-free plan maximising Σ (PLAN_COVER_VALUE + score), with a proven upper bound. */
export async function solvePlan(
  problem: PlanProblem,
  options: SolveOptions & TuningOptions = {},
): Promise<PlanSolution> {
  const started = performance.now();
  const deadline = started + (options.timeLimitMs ?? DEFAULT_SOLVE_TIME_MS);
  const mipMaxPairs = options.mipMaxPairs ?? MIP_MAX_PAIRS;
  const p = prepare(problem);
  const state = new PlanState(p);
  let highs: Highs | null = null;
  let loadError = '';
  if (p.components.some((c) => c.cliques.length > 0)) {
    try {
      highs = await highsRuntime();
    } catch (e) {
      loadError = e instanceof Error ? e.message : String(e);
    }
  }
  const components = [...p.components].sort((a, b) => a.pairs.length - b.pairs.length);
  let pairsLeft = components.reduce((s, c) => s + c.pairs.length, 0);
  const bounds: { bound: number; teams: number }[] = [];
  const methods = new Map<string, number>();
  for (const c of components) {
    const share = (Math.max(0, deadline - performance.now()) * c.pairs.length) / pairsLeft;
    pairsLeft -= c.pairs.length;
    const r = solveComponent(highs, state, c, deadline, share, mipMaxPairs);
    bounds.push({ bound: r.bound, teams: c.teams.length });
    const label =
      loadError && r.method.includes('unavailable') ? `${r.method}: ${loadError}` : r.method;
    methods.set(label, (methods.get(label) ?? 0) + 1);
  }
  if (highs && highs.memoryBytes > MEMORY_CEILING) runtime = null;
  const method =
    [...methods].map(([m, n]) => (methods.size === 1 ? m : `${m} ×${n}`)).join(', ') || 'empty';
  return solutionOf(state, bounds, method, started);
}

/**
 * Loads HiGHS and solves a mid-size plan once, so the first real plan does not pay for the
 * Wasm code's warm-up (measured: the first large LP of a process runs 3–5× slower than the
 * next ones). Call it once at start-up, without awaiting it on a request path.
 */
export async function warmUpSolver(): Promise<void> {
  await solvePlan(uniformPlanProblem({ teams: 600, guides: 300, density: 0.15, seed: 1 }), {
    timeLimitMs: 10_000,
  });
}

/** The baseline the bench prints beside the solver: teams by start, best free pair each. */
export function greedyPlan(problem: PlanProblem): PlanSolution {
  const started = performance.now();
  const p = prepare(problem);
  const state = new PlanState(p);
  greedyFill(
    state,
    p.components.flatMap((c) => c.teams),
  );
  const bounds = p.components.map((c) => ({ bound: trivialBound(p, c), teams: c.teams.length }));
  return solutionOf(state, bounds, 'greedy', started);
}
