// The plan problem as index arrays (issue #14 point 3): pairs deduplicated, each guide's
// conflicts as maximal cliques of overlapping periods, and the connected components the
// solver treats one by one. Plain data; no HiGHS here.
import { GROUP_COVER_VALUE, groupPairValue, pairValue, type PlanProblem } from './plan-model';
import { guidesNeeded } from '@console/shared';
import { problemToWire, type WireProblem } from './solver-wire';

export interface PreparedProblem {
  teamIds: number[];
  start: Float64Array;
  end: Float64Array;
  /** Per pair (index p): team index, guide index, guide id, score, value (1000 + score). */
  pairTeam: Int32Array;
  pairGuide: Int32Array;
  guideIds: number[];
  pairScore: Float64Array;
  pairValue: Float64Array;
  /** Each team's pairs, best value first. */
  teamPairs: number[][];
  /** Per pair: the guide's capacity on the team (Infinity when not given). */
  pairCap: Float64Array;
  /** Per team: the pax to cover (0 when not given: one guide covers it). */
  teamPax: Float64Array;
  /**
   * Per team: 1 for a large group — some pair cannot hold its pax, so it is covered by a set
   * of guides whose capacities add up to it (worth GROUP_COVER_VALUE + Σ of their pair values).
   */
  group: Uint8Array;
  /** Per large group: its pairs in the order a cover takes them (capacity, then value). */
  coverOrder: number[][];
  /**
   * Σ x ≤ 1 rows over pairs: one guide and a maximal set of mutually overlapping periods,
   * numbered 0 … cliqueCount − 1, each guide's in time order. A pair belongs to a run of its
   * guide's cliques (an interval meets consecutive maximal cliques):
   * [pairCliqueFrom, pairCliqueTo), empty when it overlaps no other pair of its guide.
   */
  cliqueCount: number;
  pairCliqueFrom: Int32Array;
  pairCliqueTo: Int32Array;
  components: Component[];
  /** Scratch space, one slot per pair (a component's local column numbers). */
  scratch: Int32Array;
}

export interface Component {
  teams: number[];
  pairs: number[];
  /** Its cliques' numbers, ascending. */
  cliques: number[];
  /** Its large groups (each gets a cover column and a cover row in the model). */
  groups: number[];
}

/** An id → index table (−1: none) when the ids are small non-negative integers, else null. */
function smallIdTable(ids: ArrayLike<number>): Int32Array | null {
  let max = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!Number.isInteger(id) || id < 0 || id > 4 * ids.length + 1_000_000) return null;
    if (id > max) max = id;
  }
  return new Int32Array(max + 1).fill(-1);
}

/** Ids to indices: an array when the ids are small non-negative integers, else a map. */
function indexOfIds(ids: ArrayLike<number>): {
  get(id: number): number | undefined;
  set(id: number, index: number): void;
} {
  let max = 0;
  let small = true;
  for (let i = 0; i < ids.length && small; i++) {
    const id = ids[i];
    if (!Number.isInteger(id) || id < 0 || id > 4 * ids.length + 1_000_000) small = false;
    else if (id > max) max = id;
  }
  if (!small) return new Map<number, number>();
  const at = new Int32Array(max + 1).fill(-1);
  return {
    get: (id) => (Number.isInteger(id) && id >= 0 && id <= max && at[id] >= 0 ? at[id] : undefined),
    set: (id, index) => {
      at[id] = index;
    },
  };
}

const overlaps = (p: PreparedProblem, a: number, b: number) =>
  p.start[a] < p.end[b] && p.start[b] < p.end[a];

/**
 * Indexes the problem. Pairs naming an unknown team, a non-finite score or an empty period
 * are dropped; a repeated (team, guide) keeps its best score and capacity.
 */
export function prepare(problem: PlanProblem | WireProblem): PreparedProblem {
  // Read as columns: a plan from the database arrives so (solver-wire.ts), with no object per
  // pair to build.
  const w = 'pairTeams' in problem ? problem : problemToWire(problem);
  const teamIndex = indexOfIds(w.teamIds);
  const teamIds: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < w.teamIds.length; i++) {
    const id = w.teamIds[i];
    if (teamIndex.get(id) !== undefined) continue;
    teamIndex.set(id, teamIds.length);
    teamIds.push(id);
    starts.push(w.starts[i]);
    ends.push(w.ends[i]);
  }
  const start = Float64Array.from(starts);
  const end = Float64Array.from(ends);
  const nTeams = teamIds.length;
  const teamPax = new Float64Array(nTeams);
  if (w.paxes)
    for (let i = 0; i < w.teamIds.length; i++) {
      const t = teamIndex.get(w.teamIds[i])!;
      if (Number.isFinite(w.paxes[i]) && w.paxes[i] > 0) teamPax[t] = w.paxes[i];
    }

  // Valid pairs grouped by team (counting sort), a repeated guide keeping its best score.
  // Guide ids are looked up once a pair: straight in an array when they are small integers.
  const guideAt = smallIdTable(w.pairGuides);
  const guideIndex = guideAt ? null : new Map<number, number>();
  const guideIds: number[] = [];
  const m = w.pairTeams.length;
  const rawTeam = new Int32Array(m).fill(-1);
  const rawGuide = new Int32Array(m);
  const teamCount = new Int32Array(nTeams + 1);
  // Pairs usually come team by team: the last team's index is looked up once.
  let lastId = NaN;
  let lastIndex: number | undefined;
  for (let i = 0; i < m; i++) {
    const teamId = w.pairTeams[i];
    if (teamId !== lastId) {
      lastId = teamId;
      lastIndex = teamIndex.get(teamId);
    }
    const t = lastIndex;
    if (t === undefined || !Number.isFinite(w.pairScores[i]) || !(start[t] < end[t])) continue;
    const guideId = w.pairGuides[i];
    let g = guideAt ? guideAt[guideId] : (guideIndex!.get(guideId) ?? -1);
    if (g < 0) {
      g = guideIds.length;
      if (guideAt) guideAt[guideId] = g;
      else guideIndex!.set(guideId, g);
      guideIds.push(guideId);
    }
    rawTeam[i] = t;
    rawGuide[i] = g;
    teamCount[t + 1]++;
  }
  for (let t = 0; t < nTeams; t++) teamCount[t + 1] += teamCount[t];
  const byTeam = new Int32Array(teamCount[nTeams]);
  const fill = teamCount.slice(0, nTeams);
  for (let i = 0; i < m; i++) if (rawTeam[i] >= 0) byTeam[fill[rawTeam[i]]++] = i;

  const seenAt = new Int32Array(guideIds.length).fill(-1);
  const pairTeam = new Int32Array(byTeam.length);
  const pairGuide = new Int32Array(byTeam.length);
  const pairScore = new Float64Array(byTeam.length);
  const pairCap = new Float64Array(byTeam.length);
  const teamPairs: number[][] = [];
  let n = 0;
  for (let t = 0; t < nTeams; t++) {
    const own: number[] = [];
    for (let k = teamCount[t]; k < teamCount[t + 1]; k++) {
      const i = byTeam[k];
      const g = rawGuide[i];
      const score = w.pairScores[i];
      const at = seenAt[g];
      const cap = w.pairCapacities ? w.pairCapacities[i] : Infinity;
      if (at >= 0 && pairTeam[at] === t) {
        if (score > pairScore[at]) pairScore[at] = score;
        if (cap > pairCap[at]) pairCap[at] = cap;
        continue;
      }
      seenAt[g] = n;
      own.push(n);
      pairTeam[n] = t;
      pairGuide[n] = g;
      pairScore[n] = score;
      pairCap[n] = cap > 0 ? cap : 0;
      n++;
    }
    teamPairs.push(own);
  }
  // Large groups: a team some pair cannot hold alone. Its pairs' values are shares
  // (groupPairValue over the fewest guides that can cover it); one its pairs cannot cover at
  // all keeps no pair.
  const group = new Uint8Array(nTeams);
  const need = new Int32Array(nTeams).fill(1);
  for (let t = 0; t < nTeams; t++) {
    const pax = teamPax[t];
    if (pax <= 0) continue;
    let most = 0;
    let sum = 0;
    for (const q of teamPairs[t]) {
      if (pairCap[q] < pax) group[t] = 1;
      most = Math.max(most, pairCap[q]);
      sum += Math.min(pairCap[q], pax);
    }
    if (!group[t]) continue;
    if (sum < pax) {
      teamPairs[t] = [];
      group[t] = 0;
      continue;
    }
    need[t] = guidesNeeded(pax, most);
  }
  const values = new Float64Array(n);
  for (let p = 0; p < n; p++)
    values[p] = group[pairTeam[p]]
      ? groupPairValue(pairScore[p], need[pairTeam[p]])
      : pairValue(pairScore[p]);
  for (const list of teamPairs) list.sort((a, b) => values[b] - values[a] || a - b);
  const coverOrder = teamPairs.map((list, t) =>
    group[t]
      ? [...list].sort((a, b) => pairCap[b] - pairCap[a] || values[b] - values[a] || a - b)
      : [],
  );

  const pairCliqueFrom = new Int32Array(n);
  const pairCliqueTo = new Int32Array(n);
  const prepared: PreparedProblem = {
    teamIds,
    start,
    end,
    pairTeam: pairTeam.slice(0, n),
    pairGuide: pairGuide.slice(0, n),
    guideIds,
    pairScore: pairScore.slice(0, n),
    pairValue: values,
    teamPairs,
    pairCap: pairCap.slice(0, n),
    teamPax,
    group,
    coverOrder,
    cliqueCount: 0,
    pairCliqueFrom,
    pairCliqueTo,
    components: [],
    scratch: new Int32Array(n),
  };

  // Each guide's pairs by start and by end: visiting teams in that order keeps them sorted.
  const nGuides = guideIds.length;
  const guideCount = new Int32Array(nGuides + 1);
  // (A large group its guides cannot cover kept no pair.)
  for (const list of teamPairs) for (const q of list) guideCount[pairGuide[q] + 1]++;
  for (let g = 0; g < nGuides; g++) guideCount[g + 1] += guideCount[g];
  const byStart = new Int32Array(n);
  const byEnd = new Int32Array(n);
  const teamOrder = (key: Float64Array) =>
    Int32Array.from(teamIds, (_, i) => i).sort((a, b) => key[a] - key[b]);
  for (const [order, into] of [
    [teamOrder(start), byStart],
    [teamOrder(end), byEnd],
  ] as const) {
    const fill = guideCount.slice(0, nGuides);
    for (const t of order) for (const q of teamPairs[t]) into[fill[pairGuide[q]]++] = q;
  }

  // Maximal cliques of an interval graph by a sweep: an end right after a start closes a
  // maximal set of mutually overlapping periods. Periods are half-open, so at equal times
  // ends come first. Teams joined by a clique (a shared guide over overlapping periods) are
  // one component (union-find).
  const parent = Int32Array.from(teamIds, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const cliqueTeam: number[] = [];
  const position = new Int32Array(n);
  const active = new Int32Array(n);
  for (let g = 0; g < nGuides; g++) {
    const from = guideCount[g];
    const to = guideCount[g + 1];
    if (to - from < 2) continue;
    let size = 0;
    let grew = false;
    let i = from;
    for (let k = from; k < to; k++) {
      const e = byEnd[k];
      const until = end[pairTeam[e]];
      for (; i < to && start[pairTeam[byStart[i]]] < until; i++) {
        const q = byStart[i];
        position[q] = size;
        active[size++] = q;
        pairCliqueFrom[q] = cliqueTeam.length;
        grew = true;
      }
      if (grew && size >= 2) {
        const root = find(pairTeam[active[0]]);
        for (let j = 1; j < size; j++) {
          const r = find(pairTeam[active[j]]);
          if (r !== root) parent[r] = root;
        }
        cliqueTeam.push(pairTeam[active[0]]);
      }
      grew = false;
      pairCliqueTo[e] = cliqueTeam.length;
      const last = active[--size];
      if (last !== e) {
        active[position[e]] = last;
        position[last] = position[e];
      }
    }
  }
  prepared.cliqueCount = cliqueTeam.length;

  const byRoot = new Map<number, Component>();
  for (let t = 0; t < nTeams; t++) {
    if (!teamPairs[t].length) continue;
    const r = find(t);
    let c = byRoot.get(r);
    if (!c) byRoot.set(r, (c = { teams: [], pairs: [], cliques: [], groups: [] }));
    c.teams.push(t);
    if (group[t]) c.groups.push(t);
    for (const q of teamPairs[t]) c.pairs.push(q);
  }
  cliqueTeam.forEach((t, q) => byRoot.get(find(t))!.cliques.push(q));
  prepared.components = [...byRoot.values()];
  return prepared;
}

/**
 * A plan under construction: each team's chosen pair (or -1; a large group: the first of its
 * set, the set in `sets`) and each guide's teams, with the conflict test every move goes
 * through, so whatever it holds is feasible.
 */
export class PlanState {
  readonly chosen: Int32Array;
  /** A covered large group's pairs (null for every other team). */
  readonly sets: (number[] | null)[];
  private readonly guideTeams: number[][];
  value = 0;

  constructor(readonly p: PreparedProblem) {
    this.chosen = new Int32Array(p.teamIds.length).fill(-1);
    this.sets = p.teamIds.map(() => null);
    this.guideTeams = p.guideIds.map(() => []);
  }

  /** Teams holding guide `g` whose periods overlap team `t`'s (t itself excluded). */
  conflicts(g: number, t: number): number[] {
    const out: number[] = [];
    for (const u of this.guideTeams[g]) if (u !== t && overlaps(this.p, u, t)) out.push(u);
    return out;
  }

  isFree(g: number, t: number): boolean {
    for (const u of this.guideTeams[g]) if (u !== t && overlaps(this.p, u, t)) return false;
    return true;
  }

  /** Pair p if its team has none and its guide is free; true when taken (not a large group's). */
  tryTake(pair: number): boolean {
    const t = this.p.pairTeam[pair];
    if (this.p.group[t]) return false;
    if (this.chosen[t] >= 0 || !this.isFree(this.p.pairGuide[pair], t)) return false;
    this.take(pair);
    return true;
  }

  take(pair: number) {
    const t = this.p.pairTeam[pair];
    this.chosen[t] = pair;
    this.guideTeams[this.p.pairGuide[pair]].push(t);
    this.value += this.p.pairValue[pair];
  }

  /**
   * Covers large group t with free guides taken in `order` until their capacities hold its
   * pax, then lets go of those it does not need (lowest value first); nothing when they cannot.
   */
  tryCover(t: number, order: readonly number[] = this.p.coverOrder[t]): boolean {
    const p = this.p;
    if (this.chosen[t] >= 0) return false;
    const pax = p.teamPax[t];
    const set: number[] = [];
    let held = 0;
    for (const q of order) {
      if (held >= pax) break;
      if (p.pairTeam[q] !== t || !this.isFree(p.pairGuide[q], t)) continue;
      set.push(q);
      held += p.pairCap[q];
    }
    if (held < pax) return false;
    set.sort((a, b) => p.pairValue[a] - p.pairValue[b]);
    for (let i = 0; i < set.length;) {
      if (held - p.pairCap[set[i]] >= pax) {
        held -= p.pairCap[set[i]];
        set.splice(i, 1);
      } else i++;
    }
    this.takeSet(t, set);
    return true;
  }

  takeSet(t: number, set: number[]) {
    this.sets[t] = set;
    this.chosen[t] = set[0];
    this.value += this.setValue(set);
    for (const q of set) this.guideTeams[this.p.pairGuide[q]].push(t);
  }

  private setValue(set: readonly number[]) {
    let v = GROUP_COVER_VALUE;
    for (const q of set) v += this.p.pairValue[q];
    return v;
  }

  drop(t: number) {
    const pair = this.chosen[t];
    if (pair < 0) return;
    const set = this.sets[t];
    for (const q of set ?? [pair]) {
      const list = this.guideTeams[this.p.pairGuide[q]];
      list.splice(list.indexOf(t), 1);
    }
    this.chosen[t] = -1;
    this.sets[t] = null;
    this.value -= set ? this.setValue(set) : this.p.pairValue[pair];
  }

  /** Whether the plan holds pair q. */
  holds(q: number): boolean {
    const t = this.p.pairTeam[q];
    const set = this.sets[t];
    return set ? set.includes(q) : this.chosen[t] === q;
  }

  currentValue(t: number) {
    if (this.chosen[t] < 0) return 0;
    const set = this.sets[t];
    return set ? this.setValue(set) : this.p.pairValue[this.chosen[t]];
  }

  /** The teams' choices, to put back with restore. */
  snapshot(teams: readonly number[]): (number[] | null)[] {
    return teams.map((t) =>
      this.chosen[t] < 0 ? null : (this.sets[t]?.slice() ?? [this.chosen[t]]),
    );
  }

  restore(teams: readonly number[], saved: readonly (number[] | null)[]) {
    for (const t of teams) this.drop(t);
    teams.forEach((t, i) => {
      const choice = saved[i];
      if (!choice) return;
      if (this.p.group[t]) this.takeSet(t, choice);
      else this.take(choice[0]);
    });
  }
}

/** The baseline: teams by start, each takes its best pair (a large group: a cover) still free. */
export function greedyFill(state: PlanState, teams: number[]) {
  const p = state.p;
  const order = [...teams].sort((a, b) => p.start[a] - p.start[b] || p.end[a] - p.end[b] || a - b);
  for (const t of order) {
    if (state.chosen[t] >= 0) continue;
    if (p.group[t]) state.tryCover(t);
    else for (const pair of p.teamPairs[t]) if (state.tryTake(pair)) break;
  }
}

/**
 * Local improvement until no move helps or the deadline: a team moves to a better pair
 * whose guide is free, or takes a busy guide from the one team holding it over that period,
 * which moves to its best free alternative (or is left out) when the exchange gains value.
 * Large groups keep their cover (neither moved nor robbed).
 */
export function improve(state: PlanState, teams: number[], deadline: number): number {
  const p = state.p;
  let moves = 0;
  for (let pass = 0; pass < 50; pass++) {
    let improved = false;
    for (let i = 0; i < teams.length; i++) {
      if ((i & 31) === 0 && performance.now() > deadline) return moves;
      const t = teams[i];
      if (p.group[t]) continue;
      const cur = state.currentValue(t);
      const curPair = state.chosen[t];
      for (const pair of p.teamPairs[t]) {
        const value = p.pairValue[pair];
        if (value <= cur + 1e-9) break;
        if (pair === curPair) continue;
        const g = p.pairGuide[pair];
        state.drop(t);
        const blocking = state.conflicts(g, t);
        if (blocking.length === 0) {
          state.take(pair);
          improved = true;
          moves++;
          break;
        }
        if (blocking.length === 1 && !p.group[blocking[0]]) {
          const u = blocking[0];
          const uPair = state.chosen[u];
          const loss = p.pairValue[uPair];
          state.drop(u);
          state.take(pair);
          let alternative = -1;
          for (const q of p.teamPairs[u]) {
            if (value - cur - loss + p.pairValue[q] <= 1e-9) break;
            if (p.pairGuide[q] !== g && state.isFree(p.pairGuide[q], u)) {
              alternative = q;
              break;
            }
          }
          const gain = value - cur - loss + (alternative >= 0 ? p.pairValue[alternative] : 0);
          if (alternative >= 0 && gain > 1e-9) {
            state.take(alternative);
            improved = true;
            moves++;
            break;
          }
          if (alternative < 0 && gain > 1e-9) {
            improved = true;
            moves++;
            break;
          }
          state.drop(t);
          state.take(uPair);
        }
        if (curPair >= 0) state.take(curPair);
      }
    }
    if (!improved) break;
  }
  return moves;
}
