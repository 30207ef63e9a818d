// The batch plan's optimisation core (issue #14 point 3).
//
// Usage (allocation service):
//   import { solvePlan, warmUpSolver } from './solver';
//   void warmUpSolver();            // once at start-up, not awaited (see below)
//   const solution = await solvePlan({ teams, pairs }, { timeLimitMs: 2500 });
//   // solution.assignment: teamId → guideId (only given pairs, one guide per team, no guide
//   // on two overlapping periods); solution.objective / solution.objectiveBound is the
//   // quality figure ("within x % of the best possible"); solution.method says how.
// Pass only pairs that break no hard rule, existing assignments included: the solver knows
// nothing else. It never throws for a well-formed problem: when HiGHS fails or runs out of
// time, a greedy plan (improved locally) stands in, with the best bound proven so far, and
// `method` says so. The solve is synchronous CPU work inside (HiGHS is single-threaded
// Wasm): it holds the event loop for up to the time limit; move it to a worker thread if
// that matters. The first large LP of a process runs several times slower than later ones
// (the Wasm code is still being optimised by V8): warmUpSolver pays that at start-up.
//
// Model: a binary x[p] per feasible pair, value PLAN_COVER_VALUE + score; per team Σ x ≤ 1;
// per guide, one Σ x ≤ 1 per maximal set of mutually overlapping periods (the maximal
// cliques of an interval graph, found by a sweep). A large group (issue 29 item 1: a team some
// pair cannot hold alone) has instead a binary y[t] worth GROUP_COVER_VALUE and the covering
// row Σ capacity × x ≥ pax × y over its pairs, whose values (groupPairValue) are ≤ 0: its
// guides only serve its cover. Its pairs span the same days (the run planned), so one covering
// row stands for every day's. Teams joined by such a clique form a
// component; components are solved apart, smallest first, each with its share of the time:
//   - no conflict at all: every team takes its best pair (exact);
//   - up to MIP_MAX_PAIRS pairs: HiGHS MIP from the greedy plan (exact unless it hits its
//     share of the time);
//   - larger: the LP relaxation (HiGHS dual simplex), LP-guided rounding (pairs by x
//     descending, each taken if its team and guide are free), greedy fill, then local
//     improvement (better free guide; take a guide from the one team blocking it, which
//     moves to its best free alternative). Interval-clique LPs are close to integral: on the
//     bench's instances the rounding meets the bound.
//
// Bounds: `objectiveBound` sums per component the best proven upper bound — the MIP's dual
// bound where the MIP ran; otherwise the least of Σ of each team's best pair and the
// weak-duality bound of the LP's row duals (dualBound: the relaxation's optimum when the LP
// finished, still a bound when it was cut short). `coverBound` sums per component
// min(teams with a pair, ⌊bound / PLAN_COVER_VALUE⌋): a plan covering k teams is worth at
// least k × PLAN_COVER_VALUE, so no plan covers more.
import loadHighs from 'highs';
import { PLAN_COVER_VALUE } from '@console/shared';
import {
  GROUP_COVER_VALUE,
  type PlanProblem,
  type PlanSolution,
  type SolveOptions,
} from './plan-model';
import type { WireProblem } from './solver-wire';
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
  for (const t of c.teams)
    sum += (p.group[t] ? GROUP_COVER_VALUE : 0) + p.pairValue[p.teamPairs[t][0]];
  return sum;
}

/**
 * The component column-wise: column j < pairs is pair c.pairs[j], its rows the team row
 * (teams with two pairs or more), the clique rows holding it and its large group's cover row;
 * column pairs + k is the cover y of large group c.groups[k].
 */
interface ComponentMatrix {
  numRows: number;
  value: Float64Array;
  /** Rows of column j: rowIndex[colStart[j] .. colStart[j + 1]), coefficients in coef. */
  colStart: Int32Array;
  rowIndex: Int32Array;
  coef: Float64Array;
  rowUpper: Float64Array;
}

function matrixOf(p: PreparedProblem, c: Component, local: Int32Array): ComponentMatrix {
  const n = c.pairs.length;
  const numCols = n + c.groups.length;
  c.pairs.forEach((pair, j) => (local[pair] = j));
  // Rows as (columns, coefficients); a null coefficient list means all ones.
  const rows: { cols: number[]; coef: number[] | null; upper: number }[] = [];
  for (const t of c.teams)
    if (!p.group[t] && p.teamPairs[t].length > 1)
      rows.push({ cols: p.teamPairs[t].map((q) => local[q]), coef: null, upper: 1 });
  for (const q of c.cliques) rows.push({ cols: q.map((x) => local[x]), coef: null, upper: 1 });
  c.groups.forEach((t, k) => {
    // pax × y − Σ min(capacity, pax) × x ≤ 0
    const pax = p.teamPax[t];
    const own = p.teamPairs[t];
    rows.push({
      cols: [...own.map((q) => local[q]), n + k],
      coef: [...own.map((q) => -Math.min(p.pairCap[q], pax)), pax],
      upper: 0,
    });
  });
  const colStart = new Int32Array(numCols + 1);
  for (const r of rows) for (const j of r.cols) colStart[j + 1]++;
  for (let j = 0; j < numCols; j++) colStart[j + 1] += colStart[j];
  const fill = colStart.slice(0, numCols);
  const rowIndex = new Int32Array(colStart[numCols]);
  const coef = new Float64Array(colStart[numCols]);
  rows.forEach((r, i) => {
    r.cols.forEach((j, k) => {
      coef[fill[j]] = r.coef ? r.coef[k] : 1;
      rowIndex[fill[j]++] = i;
    });
  });
  const value = new Float64Array(numCols);
  c.pairs.forEach((pair, j) => (value[j] = p.pairValue[pair]));
  c.groups.forEach((_, k) => (value[n + k] = GROUP_COVER_VALUE));
  return {
    numRows: rows.length,
    value,
    colStart,
    rowIndex,
    coef,
    rowUpper: Float64Array.from(rows, (r) => r.upper),
  };
}

/** The given columns as HiGHS CSC data. */
function columns(m: ComponentMatrix, cols: ArrayLike<number>) {
  let nnz = 0;
  for (let k = 0; k < cols.length; k++) nnz += m.colStart[cols[k] + 1] - m.colStart[cols[k]];
  const starts = new Int32Array(cols.length + 1);
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  for (let k = 0; k < cols.length; k++) {
    const j = cols[k];
    indices.set(m.rowIndex.subarray(m.colStart[j], m.colStart[j + 1]), starts[k]);
    values.set(m.coef.subarray(m.colStart[j], m.colStart[j + 1]), starts[k]);
    starts[k + 1] = starts[k] + m.colStart[j + 1] - m.colStart[j];
  }
  const cost = Float64Array.from(cols, (j) => m.value[j]);
  return {
    cost,
    lower: new Float64Array(cols.length),
    upper: new Float64Array(cols.length).fill(1),
    matrix: {
      format: 'csc' as const,
      numRows: m.numRows,
      numCols: cols.length,
      starts,
      indices,
      values,
    },
  };
}

/** Every column of the matrix. */
const allColumns = (m: ComponentMatrix) => Int32Array.from(m.value, (_, j) => j);

function createModel(highs: Highs, m: ComponentMatrix, cols: ArrayLike<number>, integer: boolean) {
  const data = columns(m, cols);
  return highs.createModel({
    numCols: cols.length,
    numRows: m.numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: data.cost,
    colLower: data.lower,
    colUpper: data.upper,
    rowLower: new Float64Array(m.numRows).fill(-highs.infinity),
    rowUpper: m.rowUpper,
    matrix: data.matrix,
    integrality: integer
      ? new Int32Array(cols.length).fill(highs.constants.variableType.integer)
      : undefined,
  });
}

/**
 * Weak duality, computed here rather than trusted: for any row prices y ≥ 0,
 * Σ y + Σ over all the component's pairs of max(0, value − Σ y of its rows) bounds every
 * fractional plan, so every plan. With the LP's optimal duals it is the relaxation's optimum;
 * with the duals of an LP over some columns only, or of a run cut short, it is still a
 * bound. `reduced` receives each column's reduced value.
 */
function dualBound(m: ComponentMatrix, rowDual: Float64Array, reduced: Float64Array): number {
  if (rowDual.length !== m.numRows) return Infinity;
  let bound = 0;
  const y = new Float64Array(m.numRows);
  for (let i = 0; i < m.numRows; i++) {
    y[i] = Math.max(0, rowDual[i]);
    bound += y[i] * m.rowUpper[i];
  }
  for (let j = 0; j < m.value.length; j++) {
    let r = m.value[j];
    for (let k = m.colStart[j]; k < m.colStart[j + 1]; k++) r -= y[m.rowIndex[k]] * m.coef[k];
    reduced[j] = r;
    if (r > 0) bound += r;
  }
  return Number.isFinite(bound) ? bound : Infinity;
}

/**
 * Takes the component's large groups the LP covers by half or more (most first), each with its
 * pairs by LP value then capacity, then the other pairs in order of LP value (ties: higher
 * value first).
 */
function roundFrom(state: PlanState, c: Component, x: Float64Array) {
  const p = state.p;
  const n = c.pairs.length;
  if (c.groups.length) {
    const at = new Map<number, number>();
    c.pairs.forEach((pair, j) => at.set(pair, j));
    const groups = c.groups.map((t, k) => ({ t, y: x[n + k] })).filter((g) => g.y >= 0.5);
    groups.sort((a, b) => b.y - a.y || a.t - b.t);
    for (const { t } of groups) {
      const order = [...p.teamPairs[t]].sort(
        (a, b) => x[at.get(b)!] - x[at.get(a)!] || p.pairCap[b] - p.pairCap[a],
      );
      state.tryCover(t, order);
    }
  }
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
  const m = matrixOf(p, c, p.scratch);
  const model = createModel(highs, m, allColumns(m), true);
  try {
    model.options.set({ output_flag: false, time_limit: seconds, mip_rel_gap: 0 });
    const start = new Float64Array(m.value.length);
    c.pairs.forEach((pair, j) => (start[j] = state.holds(pair) ? 1 : 0));
    c.groups.forEach((t, k) => (start[c.pairs.length + k] = state.chosen[t] >= 0 ? 1 : 0));
    model.setSolution({ colValue: start });
    const { modelStatus } = model.run();
    const status = highs.constants.modelStatus;
    const dual = Number(model.info.get('mip_dual_bound'));
    const bound = Number.isFinite(dual) ? Math.min(dual, trivialBound(p, c)) : trivialBound(p, c);
    const primal = Number(model.info.get('primal_solution_status'));
    if (primal === highs.constants.solutionStatus.feasible) {
      const x = model.getSolution().colValue;
      const before = state.value;
      const chosen = state.snapshot(c.teams);
      for (const t of c.teams) state.drop(t);
      roundFrom(state, c, x);
      // The incumbent is worse than the greedy start (cannot normally happen): keep greedy.
      if (state.value < before - 1e-9) state.restore(c.teams, chosen);
    }
    return { bound, method: modelStatus === status.optimal ? 'exact' : 'mip-time-limit' };
  } finally {
    model.dispose();
  }
}

/**
 * The LP relaxation (dual simplex), its duals turned into a bound (dualBound), then rounding
 * by LP value, greedy fill and local improvement; the greedy plan stays if that ends worse.
 * (Measured and dropped: column generation from each team's best pairs — the restricted LPs
 * need twice the simplex iterations of the full one and end slower.)
 */
function solveRelaxed(
  highs: Highs,
  state: PlanState,
  c: Component,
  deadline: number,
): ComponentResult {
  const p = state.p;
  greedyFill(state, c.teams);
  const greedyChosen = state.snapshot(c.teams);
  const greedyValue = state.value;

  const m = matrixOf(p, c, p.scratch);
  const n = m.value.length;
  let bound = trivialBound(p, c);
  let x: Float64Array | null = null;
  const seconds = (deadline - performance.now() - ROUNDING_RESERVE_MS) / 1000;
  if (seconds > 0.01) {
    const model = createModel(highs, m, allColumns(m), false);
    try {
      // Dual simplex without presolve: measured fastest on these clique models (presolve
      // costs more than it removes; interior point and PDLP are several times slower).
      model.options.set({
        output_flag: false,
        solver: 'simplex',
        presolve: 'off',
        time_limit: seconds,
      });
      const { modelStatus } = model.run();
      const solution = model.getSolution();
      bound = Math.min(bound, dualBound(m, solution.rowDual, new Float64Array(n)));
      if (modelStatus === highs.constants.modelStatus.optimal) x = solution.colValue;
    } finally {
      model.dispose();
    }
  }
  if (!x) {
    improve(state, c.teams, deadline);
    return { bound, method: 'greedy+local-search (LP unfinished)' };
  }
  const restore = (chosen: (number[] | null)[]) => state.restore(c.teams, chosen);
  const plain = () => {
    roundFrom(state, c, x!);
    greedyFill(state, c.teams);
    if (state.value < greedyValue) restore(greedyChosen);
    improve(state, c.teams, deadline);
  };
  for (const t of c.teams) state.drop(t);
  plain();
  // Where the LP left teams fractional, re-plan them exactly and keep the better plan.
  const core = new Set<number>();
  c.pairs.forEach((pair, j) => {
    if (x![j] > 1e-6 && x![j] < 1 - 1e-6) core.add(p.pairTeam[pair]);
  });
  c.groups.forEach((t, k) => {
    if (x![c.pairs.length + k] > 1e-6 && x![c.pairs.length + k] < 1 - 1e-6) core.add(t);
  });
  let polished = false;
  if (core.size && deadline - performance.now() > ROUNDING_RESERVE_MS) {
    const first = state.snapshot(c.teams);
    const firstValue = state.value;
    for (const t of c.teams) state.drop(t);
    roundFrom(state, c, x);
    for (const t of core) state.drop(t);
    polishCore(highs, state, [...core], deadline);
    greedyFill(state, c.teams);
    improve(state, c.teams, deadline);
    polished = state.value > firstValue + 1e-9;
    if (!polished) restore(first);
  }
  return {
    bound,
    method: polished ? 'lp-rounding+core-mip+local-search' : 'lp-rounding+local-search',
  };
}

/**
 * The fractional core: the teams the LP left fractional (unassigned in `state`) are
 * re-planned exactly (HiGHS MIP within the time left) around the teams it settled.
 */
function polishCore(highs: Highs, state: PlanState, teams: number[], deadline: number) {
  const p = state.p;
  // Team and guide ids of the sub-problem are this problem's indices.
  const sub: PlanProblem = {
    teams: teams.map((t) => ({
      id: t,
      start: p.start[t],
      end: p.end[t],
      pax: p.group[t] ? p.teamPax[t] : undefined,
    })),
    pairs: [],
  };
  for (const t of teams)
    for (const pair of p.teamPairs[t])
      if (state.isFree(p.pairGuide[pair], t))
        sub.pairs.push({
          teamId: t,
          guideId: p.pairGuide[pair],
          score: p.pairScore[pair],
          capacity: p.group[t] ? p.pairCap[pair] : undefined,
        });
  const sp = prepare(sub);
  const ss = new PlanState(sp);
  for (const sc of [...sp.components].sort((a, b) => a.pairs.length - b.pairs.length)) {
    const left = deadline - performance.now() - ROUNDING_RESERVE_MS / 2;
    if (sc.cliques.length === 0) coverAlone(ss, sc);
    else if (left > 10) solveExact(highs, ss, sc, left / 1000);
    else greedyFill(ss, sc.teams);
  }
  ss.chosen.forEach((subPair, st) => {
    if (subPair < 0) return;
    const t = sp.teamIds[st];
    const pairOf = (sub: number) => {
      const g = sp.guideIds[sp.pairGuide[sub]];
      return p.teamPairs[t].find((q) => p.pairGuide[q] === g);
    };
    if (p.group[t]) {
      const set = (ss.sets[st] ?? []).map(pairOf).filter((q) => q !== undefined);
      state.tryCover(t, set);
      return;
    }
    const pair = pairOf(subPair);
    if (pair !== undefined) state.tryTake(pair);
  });
}

/** A component without conflicts: each team its best pair, each large group its cover. */
function coverAlone(state: PlanState, c: Component) {
  for (const t of c.teams)
    if (state.p.group[t]) state.tryCover(t);
    else state.take(state.p.teamPairs[t][0]);
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
    coverAlone(state, c);
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
  const assignment = new Map<number, number[]>();
  let objective = 0;
  let totalScore = 0;
  state.chosen.forEach((pair, t) => {
    if (pair < 0) return;
    const set = state.sets[t] ?? [pair];
    assignment.set(
      p.teamIds[t],
      set.map((q) => p.guideIds[p.pairGuide[q]]),
    );
    objective += state.currentValue(t);
    // A large group scores its guides' mean.
    totalScore += set.reduce((sum, q) => sum + p.pairScore[q], 0) / set.length;
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
  problem: PlanProblem | WireProblem,
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
  await solvePlan(uniformPlanProblem({ teams: 300, guides: 150, density: 0.15, seed: 1 }), {
    timeLimitMs: 20_000,
  });
}

/** The baseline the bench prints beside the solver: teams by start, best free pair each. */
export function greedyPlan(problem: PlanProblem | WireProblem): PlanSolution {
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
