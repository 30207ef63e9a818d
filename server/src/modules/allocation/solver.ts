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
// row stands for every day's. Teams joined by such a clique form a component; components
// are solved apart (issue 29 item 5: HiGHS answers every one of them in time):
//   - no conflict at all: every team takes its best pair (exact);
//   - otherwise, smallest first: the LP relaxation by column generation (priceAndSolve:
//     HiGHS over each team's best pairs, the other pairs priced by the row duals and the
//     best entering, until none prices in; primal simplex from the last basis), LP-guided
//     rounding (covers, then pairs by x descending, each taken if its team and guide are
//     free), greedy fill, the fractional core re-planned by a short MIP, then local
//     improvement (better free guide; take a guide from the one team blocking it, which
//     moves to its best free alternative). Interval-clique LPs are close to integral: on the
//     bench's instances the rounding meets the bound within 0.01 %;
//   - then, with the time left (MIP_PHASE_MS at most), components up to MIP_MAX_PAIRS pairs
//     by HiGHS MIP from that plan (exact where it finishes).
// A pair's cliques are a run of its guide's (an interval meets consecutive maximal cliques):
// the model keeps a few numbers per column, never the nonzeros of every pair.
//
// Bounds: `objectiveBound` sums per component the best proven upper bound — the least of
// Σ of each team's best pair, the weak-duality bound of the LP's row duals over every pair
// (dualBound: the relaxation's optimum once no pair prices in, still a bound when cut short)
// and the MIP's dual bound where the MIP ran. `coverBound` sums per component
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
/** Components up to this many pairs get the exact MIP after their LP (time allowing). */
const MIP_MAX_PAIRS = 3000;
/** The small components' MIPs, after every LP, take at most this long together. */
const MIP_PHASE_MS = 600;
/** The fractional core's MIP (polishCore) takes at most this long. */
const POLISH_MS = 200;
/** Time kept after the LP for rounding and local improvement. */
const ROUNDING_RESERVE_MS = 250;
/** The warm-up's solves take at most this long each (a plan asked for meanwhile waits). */
const WARM_UP_SOLVE_MS = 800;
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
 * (teams with two pairs or more), the clique rows holding it — a run of rows, as a pair meets
 * a run of its guide's cliques — and its large group's cover row; column pairs + k is the
 * cover y of large group c.groups[k]. Kept as a few numbers per column, not as nonzeros: the
 * LP takes a few columns at a time (priceAndSolve), and pricing a column is O(1) with
 * prefix sums over the clique rows' duals.
 */
interface ComponentMatrix {
  numRows: number;
  value: Float64Array;
  /** Per column: its team row (−1: none). */
  teamRow: Int32Array;
  /** Per column: its clique rows, cliqueRow … cliqueRow + cliqueRows − 1. */
  cliqueRow: Int32Array;
  cliqueRows: Int32Array;
  /** Per column: its cover row (−1: none) and coefficient there. */
  coverRow: Int32Array;
  coverCoef: Float64Array;
  rowUpper: Float64Array;
  /** The clique rows are firstClique … firstCover − 1 (team rows before, covers after). */
  firstClique: number;
  firstCover: number;
}

function matrixOf(p: PreparedProblem, c: Component, local: Int32Array): ComponentMatrix {
  const n = c.pairs.length;
  const numCols = n + c.groups.length;
  c.pairs.forEach((pair, j) => (local[pair] = j));
  // Rows: each team's Σ x ≤ 1 (teams with two pairs or more, not large groups), then the
  // component's cliques in their order, then the large groups' covers. A clique's row is
  // firstClique + its rank among the component's (ascending) cliques, so a pair's run of
  // cliques is a run of rows from the row of its first.
  let numRows = 0;
  const teamRowOf = new Int32Array(p.teamIds.length).fill(-1);
  for (const t of c.teams) if (!p.group[t] && p.teamPairs[t].length > 1) teamRowOf[t] = numRows++;
  const firstClique = numRows;
  const cliqueRank = c.cliques.length ? new Int32Array(c.cliques[c.cliques.length - 1] + 1) : null;
  c.cliques.forEach((q, i) => (cliqueRank![q] = i));
  numRows += c.cliques.length;
  const firstCover = numRows;
  const coverRowOf = new Int32Array(p.teamIds.length).fill(-1);
  c.groups.forEach((t, k) => (coverRowOf[t] = firstCover + k));
  numRows += c.groups.length;
  const m: ComponentMatrix = {
    numRows,
    value: new Float64Array(numCols),
    teamRow: new Int32Array(numCols).fill(-1),
    cliqueRow: new Int32Array(numCols),
    cliqueRows: new Int32Array(numCols),
    coverRow: new Int32Array(numCols).fill(-1),
    coverCoef: new Float64Array(numCols),
    rowUpper: new Float64Array(numRows).fill(1),
    firstClique,
    firstCover,
  };
  m.rowUpper.fill(0, firstCover);
  for (let j = 0; j < n; j++) {
    const pair = c.pairs[j];
    const t = p.pairTeam[pair];
    m.value[j] = p.pairValue[pair];
    m.teamRow[j] = teamRowOf[t];
    const from = p.pairCliqueFrom[pair];
    const to = p.pairCliqueTo[pair];
    if (to > from) {
      m.cliqueRow[j] = firstClique + cliqueRank![from];
      m.cliqueRows[j] = to - from;
    }
    if (p.group[t]) {
      // pax × y − Σ min(capacity, pax) × x ≤ 0
      m.coverRow[j] = coverRowOf[t];
      m.coverCoef[j] = -Math.min(p.pairCap[pair], p.teamPax[t]);
    }
  }
  c.groups.forEach((t, k) => {
    m.value[n + k] = GROUP_COVER_VALUE;
    m.coverRow[n + k] = firstCover + k;
    m.coverCoef[n + k] = p.teamPax[t];
  });
  return m;
}

/** The given columns as HiGHS CSC data. */
function columns(m: ComponentMatrix, cols: ArrayLike<number>) {
  const starts = new Int32Array(cols.length + 1);
  for (let k = 0; k < cols.length; k++) {
    const j = cols[k];
    starts[k + 1] =
      starts[k] + (m.teamRow[j] >= 0 ? 1 : 0) + m.cliqueRows[j] + (m.coverRow[j] >= 0 ? 1 : 0);
  }
  const indices = new Int32Array(starts[cols.length]);
  const values = new Float64Array(starts[cols.length]).fill(1);
  for (let k = 0; k < cols.length; k++) {
    const j = cols[k];
    let at = starts[k];
    if (m.teamRow[j] >= 0) indices[at++] = m.teamRow[j];
    for (let r = 0; r < m.cliqueRows[j]; r++) indices[at++] = m.cliqueRow[j] + r;
    if (m.coverRow[j] >= 0) {
      indices[at] = m.coverRow[j];
      values[at++] = m.coverCoef[j];
    }
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

function createModel(
  highs: Highs,
  m: ComponentMatrix,
  cols: ArrayLike<number>,
  integer: boolean,
  rowUpper: Float64Array = m.rowUpper,
) {
  const data = columns(m, cols);
  return highs.createModel({
    numCols: cols.length,
    numRows: m.numRows,
    sense: highs.constants.objectiveSense.maximize,
    colCost: data.cost,
    colLower: data.lower,
    colUpper: data.upper,
    rowLower: new Float64Array(m.numRows).fill(-highs.infinity),
    rowUpper,
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
  // Σ of the clique rows' prices before each row, so a run of them sums in O(1).
  const before = new Float64Array(m.numRows + 1);
  for (let i = 0; i < m.numRows; i++) before[i + 1] = before[i] + y[i];
  // A team row's price raised by its pairs' largest positive reduced value prices them all
  // out at once: a tighter bound than each pair's own max(0, reduced) (x ≤ 1).
  const raise = new Float64Array(m.firstClique);
  for (let j = 0; j < m.value.length; j++) {
    let r = m.value[j];
    const team = m.teamRow[j];
    if (team >= 0) r -= y[team];
    if (m.cliqueRows[j] > 0) r -= before[m.cliqueRow[j] + m.cliqueRows[j]] - before[m.cliqueRow[j]];
    if (m.coverRow[j] >= 0) r -= y[m.coverRow[j]] * m.coverCoef[j];
    reduced[j] = r;
    if (team >= 0) {
      if (r > raise[team]) raise[team] = r;
    } else if (r > 0) bound += r;
  }
  for (let i = 0; i < raise.length; i++) bound += raise[i];
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
    // Each pair's column (matrixOf numbered the component's pairs in p.scratch).
    const at = p.scratch;
    const groups = c.groups.map((t, k) => ({ t, y: x[n + k] })).filter((g) => g.y >= 0.5);
    groups.sort((a, b) => b.y - a.y || a.t - b.t);
    for (const { t } of groups) {
      const order = [...p.teamPairs[t]].sort(
        (a, b) => x[at[b]] - x[at[a]] || p.pairCap[b] - p.pairCap[a],
      );
      state.tryCover(t, order);
    }
  }
  const order: number[] = [];
  for (let j = 0; j < n; j++) if (x[j] > 1e-6) order.push(j);
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

/** Each team's best pairs the LP starts from (a large group's: all of them). */
const START_PAIRS = 16;
/** At most this many pairs of a team enter the LP per pricing round. */
const ENTERING_PAIRS = 6;
/** HiGHS's simplex_strategy for the primal simplex. */
const SIMPLEX_PRIMAL = 4;
/** The clique rows' slack in the LP that prices pairs (priceAndSolve). */
const CLIQUE_SLACK = 1e-3;
/** A reduced value above this prices a pair into the LP. */
const PRICE_EPS = 1e-6;

/**
 * The component's LP relaxation by column generation: HiGHS solves it over a few columns —
 * each team's best pairs, every pair of a large group, the greedy plan's — with every row;
 * the row duals price all the other pairs (dualBound), and the best few of each team whose
 * reduced value is positive enter; until none is (the restricted optimum is then the full
 * LP's, and the bound equals it). The model stays in HiGHS between rounds, so each solve
 * starts from the last basis. Out of time, the last restricted optimum stands (a feasible
 * point of the full LP) with the weak-duality bound of its duals.
 */
function priceAndSolve(
  highs: Highs,
  state: PlanState,
  c: Component,
  m: ComponentMatrix,
  until: number,
): { x: Float64Array | null; bound: number; converged: boolean; rounds: number } {
  const p = state.p;
  const local = p.scratch;
  const n = c.pairs.length;
  const numCols = m.value.length;
  const inModel = new Uint8Array(numCols);
  const cols: number[] = [];
  const add = (j: number) => {
    if (inModel[j]) return;
    inModel[j] = 1;
    cols.push(j);
  };
  for (const t of c.teams) {
    const list = p.teamPairs[t];
    const k = p.group[t] ? list.length : Math.min(list.length, START_PAIRS);
    for (let i = 0; i < k; i++) add(local[list[i]]);
    if (state.chosen[t] >= 0) for (const q of state.sets[t] ?? [state.chosen[t]]) add(local[q]);
  }
  for (let k = 0; k < c.groups.length; k++) add(n + k);
  let bound = Infinity;
  let x: Float64Array | null = null;
  let converged = false;
  let rounds = 0;
  if ((until - performance.now()) / 1000 <= 0.01) return { x, bound, converged, rounds };
  // The clique rows get a little slack (1 + CLIQUE_SLACK): where one team holds a guide
  // alone, its team row, not the guide's clique, then carries the price — the prices that
  // price the other pairs out — instead of one of the many equally optimal splits the
  // degenerate LP may answer. The slack LP is a relaxation of the LP, and its row prices are
  // a dual point of the LP as well: dualBound (with the rows' true bounds) stays a bound.
  const slack = m.rowUpper.slice();
  slack.fill(1 + CLIQUE_SLACK, m.firstClique, m.firstCover);
  const model = createModel(highs, m, cols, false, slack);
  const reduced = new Float64Array(numCols);
  const best = new Int32Array(ENTERING_PAIRS);
  try {
    // Dual simplex without presolve: measured fastest on these clique models (presolve
    // costs more than it removes; interior point and PDLP are several times slower).
    model.options.set({ output_flag: false, solver: 'simplex', presolve: 'off' });
    for (;;) {
      const seconds = (until - performance.now()) / 1000;
      if (seconds <= 0.01) break;
      model.options.set({ time_limit: seconds });
      const { modelStatus } = model.run();
      if (modelStatus !== highs.constants.modelStatus.optimal) break;
      rounds++;
      const solution = model.getSolution();
      bound = Math.min(bound, dualBound(m, solution.rowDual, reduced));
      x = new Float64Array(numCols);
      for (let k = 0; k < cols.length; k++) x[cols[k]] = solution.colValue[k];
      const entering: number[] = [];
      for (const t of c.teams) {
        if (p.group[t]) continue;
        let found = 0;
        for (const q of p.teamPairs[t]) {
          const j = local[q];
          if (inModel[j] || !(reduced[j] > PRICE_EPS)) continue;
          // Keep the team's best ENTERING_PAIRS by reduced value (insertion into a short list).
          let at;
          if (found < ENTERING_PAIRS) at = found++;
          else if (reduced[best[ENTERING_PAIRS - 1]] < reduced[j]) at = ENTERING_PAIRS - 1;
          else continue;
          while (at > 0 && reduced[best[at - 1]] < reduced[j]) {
            best[at] = best[at - 1];
            at--;
          }
          best[at] = j;
        }
        for (let i = 0; i < found; i++) entering.push(best[i]);
      }
      if (!entering.length) {
        converged = true;
        break;
      }
      for (const j of entering) add(j);
      // The basis stays primal feasible as pairs enter: primal simplex goes on from it.
      model.options.set({ simplex_strategy: SIMPLEX_PRIMAL });
      const data = columns(m, entering);
      model.addCols({
        cost: data.cost,
        lower: data.lower,
        upper: data.upper,
        matrix: data.matrix,
      });
    }
  } finally {
    model.dispose();
  }
  return { x, bound, converged, rounds };
}

/**
 * The LP relaxation (priceAndSolve), its duals turned into a bound (dualBound), then rounding
 * by LP value, greedy fill, the fractional core's MIP and local improvement; the greedy plan
 * stays if that ends worse.
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
  const lp = priceAndSolve(highs, state, c, m, deadline - ROUNDING_RESERVE_MS);
  const bound = Math.min(trivialBound(p, c), lp.bound);
  const x = lp.x;
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
    polishCore(highs, state, [...core], Math.min(deadline, performance.now() + POLISH_MS));
    greedyFill(state, c.teams);
    improve(state, c.teams, deadline);
    polished = state.value > firstValue + 1e-9;
    if (!polished) restore(first);
  }
  const method = polished ? 'lp-rounding+core-mip+local-search' : 'lp-rounding+local-search';
  // Out of time before every pair was priced: the plan rounds a restricted LP, and the bound
  // is its duals' (the LP itself unfinished).
  return {
    bound,
    method: lp.converged ? method : `${method} (LP unfinished: pairs left to price)`,
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
): ComponentResult {
  const p = state.p;
  if (c.cliques.length === 0) {
    coverAlone(state, c);
    return { bound: state.p.pairValue.length ? trivialBound(p, c) : 0, method: 'exact' };
  }
  const left = deadline - performance.now();
  if (highs && left > 5) {
    try {
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
  // First every component by its LP (HiGHS), smallest first: the whole plan and its bound
  // early. Then, with the time left (up to MIP_PHASE_MS), the small ones exactly (HiGHS MIP
  // from the plan so far): a better plan and a tighter bound where it finishes.
  const components = [...p.components].sort((a, b) => a.pairs.length - b.pairs.length);
  const results = components.map((c) => {
    const r = solveComponent(highs, state, c, deadline);
    return r;
  });
  const mipUntil = Math.min(deadline, performance.now() + MIP_PHASE_MS);
  components.forEach((c, i) => {
    const r = results[i];
    const left = mipUntil - performance.now();
    if (!highs || c.cliques.length === 0 || c.pairs.length > mipMaxPairs || left <= 5) return;
    if (r.method.startsWith('greedy')) return;
    try {
      const exact = solveExact(highs, state, c, left / 1000);
      results[i] = {
        bound: Math.min(r.bound, exact.bound),
        method: exact.method === 'exact' ? 'exact' : r.method,
      };
    } catch {
      // A failed Wasm call may leave the runtime unusable: load a fresh one next time. The
      // component keeps its LP plan.
      runtime = null;
    }
  });
  const bounds: { bound: number; teams: number }[] = [];
  const methods = new Map<string, number>();
  components.forEach((c, i) => {
    const r = results[i];
    bounds.push({ bound: r.bound, teams: c.teams.length });
    const label =
      loadError && r.method.includes('unavailable') ? `${r.method}: ${loadError}` : r.method;
    methods.set(label, (methods.get(label) ?? 0) + 1);
  });
  if (highs && highs.memoryBytes > MEMORY_CEILING) runtime = null;
  const method =
    [...methods].map(([m, n]) => (methods.size === 1 ? m : `${m} ×${n}`)).join(', ') || 'empty';
  return solutionOf(state, bounds, method, started);
}

/**
 * Loads HiGHS and solves a small, then a mid-size plan, so the first real plan does not pay
 * for the Wasm code's warm-up (measured: the first large LP of a process runs 3–5× slower
 * than the next ones). Call it once at start-up, without awaiting it on a request path. A
 * plan asked for meanwhile waits for the solve under way only: `stop` (checked between the
 * two, after the event loop had its turn) ends the warm-up, and each solve is capped at
 * WARM_UP_SOLVE_MS.
 */
export async function warmUpSolver(stop: () => boolean = () => false): Promise<void> {
  for (const size of [
    { teams: 60, guides: 30 },
    { teams: 300, guides: 150 },
  ]) {
    await new Promise((resolve) => setImmediate(resolve));
    if (stop()) return;
    await solvePlan(uniformPlanProblem({ ...size, density: 0.15, seed: 1 }), {
      timeLimitMs: WARM_UP_SOLVE_MS,
    });
  }
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
