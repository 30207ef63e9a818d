// The allocation module's SQL: the soft scores of (team, guide) pairs, the waiting teams, the
// board, and what a plan relied on (fingerprints). Hard rules are the team module's
// (assignment-rules.ts); these queries only rank and show.
import { sql, type SQL } from 'drizzle-orm';
import {
  FAIRNESS_WINDOW_DAYS,
  NEUTRAL_RATING,
  PROFICIENCY_VALUE,
  SOFT_PREFERENCES,
  addDays,
  softEnabledKey,
  softWeightKey,
  type BoardBar,
  type SoftPreference,
  type SystemConfigValues,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import {
  feasiblePairsQuery,
  type RuleConfig,
  type RuleTeam,
  type RuleWindow,
} from '../team/assignment-rules';
import { escapeLike } from '../../db/like';
import type { PlanPair } from './plan-model';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The enabled preferences and their weights (system config `allocation.soft.*`). */
export type SoftWeights = Record<SoftPreference, number>;

export const softWeightsOf = (c: SystemConfigValues): SoftWeights =>
  Object.fromEntries(
    SOFT_PREFERENCES.map((p) => [p, c[softEnabledKey(p)] ? c[softWeightKey(p)] : 0]),
  ) as SoftWeights;

/** A pair's value on each preference (0–1), the facts behind them, and its 0–100 score. */
export interface SoftRow {
  team_id: number;
  guide_id: number;
  code: string;
  name: string;
  level: string;
  days_worked: number;
  rating: number;
  rated: boolean;
  continuity: boolean;
  proficiency: string | null;
  home_city: string;
  team_city: string | null;
  v_fairness: number;
  v_rating: number;
  v_continuity: number;
  v_language: number;
  v_home_city: number;
  score: number;
}

/** Each preference's share of the score: its weight over the enabled weights' sum. */
export function weightShares(weights: SoftWeights): SoftWeights {
  const sum = SOFT_PREFERENCES.reduce((s, p) => s + weights[p], 0);
  return Object.fromEntries(
    SOFT_PREFERENCES.map((p) => [p, sum > 0 ? weights[p] / sum : 0]),
  ) as SoftWeights;
}

/**
 * Per guide of `guides` (a relation `guide_id`): its worked days in the FAIRNESS_WINDOW_DAYS
 * before `today`, its average feedback, and their values (0–1) as preferences.
 */
function guideFactorsQuery(guides: SQL, today: string): SQL {
  const windowFrom = addDays(today, -FAIRNESS_WINDOW_DAYS);
  const yesterday = addDays(today, -1);
  return sql`
    with pg as (${guides}),
    worked as (
      select a.guide_id, count(distinct d.day)::int as days
      from team_assignments a
      join pg on pg.guide_id = a.guide_id
      cross join lateral generate_series(greatest(a.from_date, ${windowFrom}::date),
        least(a.to_date, ${yesterday}::date), interval '1 day') as d(day)
      where a.status = 'active' and a.to_date >= ${windowFrom}::date
        and a.from_date <= ${yesterday}::date
      group by a.guide_id
    ),
    rated as (
      select f.guide_id, avg(f.score)::float8 as rating
      from team_feedback f join pg on pg.guide_id = f.guide_id
      group by f.guide_id
    )
    select g.id, g.code, g.name, g.level, g.home_city,
      coalesce(w.days, 0) as days_worked,
      coalesce(r.rating, ${NEUTRAL_RATING}::float8) as rating,
      r.rating is not null as rated,
      greatest(0, 1 - coalesce(w.days, 0)::float8 / ${FAIRNESS_WINDOW_DAYS}) as v_fairness,
      (coalesce(r.rating, ${NEUTRAL_RATING}::float8) - 1) / 4 as v_rating
    from pg join guides g on g.id = pg.guide_id
    left join worked w on w.guide_id = g.id
    left join rated r on r.guide_id = g.id`;
}

/** Per guide of `guides` and language it speaks: the proficiency and its value (0–1). */
function guideLanguagesQuery(guides: SQL): SQL {
  const proficiency = sql.join(
    Object.entries(PROFICIENCY_VALUE).map(([k, v]) => sql`when ${k} then ${v}::float8`),
    sql` `,
  );
  return sql`
    select gl.guide_id, gl.language, gl.proficiency,
      coalesce(case gl.proficiency ${proficiency} end, 0)::float8 as v_language
    from guide_languages gl join (${guides}) pg on pg.guide_id = gl.guide_id`;
}

/** Per team of `teams` (a relation `team_id`): its language and its first spot's city. */
function teamFactorsQuery(teams: SQL): SQL {
  return sql`
    select t.id, t.language,
      (select sp.city from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
        where i.team_id = t.id order by i.date, i.seq limit 1) as city
    from teams t join (${teams}) pt on pt.team_id = t.id`;
}

/** The (team, guide) pairs of `teams` where the guide already leads the team (continuity). */
function continuityQuery(teams: SQL): SQL {
  return sql`
    select distinct a.team_id, a.guide_id from team_assignments a
    join (${teams}) pt on pt.team_id = a.team_id
    where a.status = 'active' and a.role = 'local_guide'`;
}

/**
 * The soft score of every pair `pairs` answers (`team_id, guide_id`), set-based: per guide its
 * worked days and average feedback (guideFactorsQuery); per pair continuity (an active
 * local-guide booking on that team), the proficiency of the team's language and whether its
 * home city is the city of the team's first spot. planScores computes the same from the same
 * factors for a whole plan's pairs; a test holds the two together.
 */
export function softScoresQuery(pairs: SQL, weights: SoftWeights, today: string): SQL {
  const shares = weightShares(weights);
  const w = (p: SoftPreference) => sql.raw(String(shares[p]));
  return sql`
    with p as (${pairs}),
    pg as (select distinct guide_id from p),
    pt as (select distinct team_id from p),
    cont as (${continuityQuery(sql`select team_id from pt`)}),
    tinfo as materialized (${teamFactorsQuery(sql`select team_id from pt`)}),
    -- Per guide and per (guide, language) once, so each pair joins narrow, small relations.
    ginfo as materialized (${guideFactorsQuery(sql`select guide_id from pg`, today)}),
    glang as materialized (${guideLanguagesQuery(sql`select guide_id from pg`)}),
    valued as (
      select p.team_id, p.guide_id, gi.code, gi.name, gi.level, gi.home_city, gi.days_worked,
        gi.rating, gi.rated, c.guide_id is not null as continuity, gl.proficiency,
        ti.city as team_city, gi.v_fairness, gi.v_rating,
        case when c.guide_id is not null then 1 else 0 end::float8 as v_continuity,
        coalesce(gl.v_language, 0) as v_language,
        case when ti.city <> '' and gi.home_city = ti.city then 1 else 0 end::float8
          as v_home_city
      from p
      join ginfo gi on gi.id = p.guide_id
      join tinfo ti on ti.id = p.team_id
      left join cont c on c.team_id = p.team_id and c.guide_id = p.guide_id
      left join glang gl on gl.guide_id = p.guide_id and gl.language = ti.language
    )
    select valued.*,
      100 * (${w('fairness')} * v_fairness + ${w('rating')} * v_rating
      + ${w('continuity')} * v_continuity + ${w('language')} * v_language
      + ${w('homeCity')} * v_home_city) as score
    from valued
  `;
}

export async function softScores(
  db: DbOrTx,
  pairs: SQL,
  weights: SoftWeights,
  today: string,
): Promise<SoftRow[]> {
  return rowsOf<SoftRow>(await db.execute(softScoresQuery(pairs, weights, today)));
}

/** An int array as a relation of one column, for the factor queries. */
const idsOf = (ids: number[], column: string): SQL =>
  sql`select unnest(${`{${ids.join(',')}}`}::int[]) as ${sql.raw(column)}`;

/**
 * The scores of a whole plan's pairs (10⁵ and more): the factors are read per guide, per
 * (guide, language) and per team — a few thousand rows — and each pair's score is their
 * weighted sum, as softScoresQuery writes it, computed here rather than joined row by row in
 * SQL (half a second at 350 000 pairs). They come as columns (issue 29 item 5: no object per
 * pair on the way to the solver), team by team: each team's pairs are one run of rows.
 */
export interface ScoredPairs {
  teamIds: Int32Array;
  guideIds: Int32Array;
  scores: Float64Array;
  /** Per team id: the [start, end) of its rows. */
  runs: Map<number, [number, number]>;
}

/** The factor rows a plan's scores are made of (per guide, per guide language, per team). */
export interface PlanFactors {
  guides: unknown;
  languages: unknown;
  teams: unknown;
  continuity: unknown;
}

/**
 * The factors of the given teams, and of these guides or of every active guide (a superset of
 * the eligible ones): a plan reads them while the rules' statement runs (issue 29 item 5).
 */
export async function readPlanFactors(
  db: DbOrTx,
  teamIds: number[],
  today: string,
  guideIds?: number[],
): Promise<PlanFactors> {
  const guidesRel = guideIds
    ? idsOf(guideIds, 'guide_id')
    : sql`select id as guide_id from guides where status = 'active'`;
  const teamsRel = idsOf(teamIds, 'team_id');
  const [guides, languages, teams, continuity] = await Promise.all([
    db.execute(guideFactorsQuery(guidesRel, today)),
    db.execute(guideLanguagesQuery(guidesRel)),
    db.execute(teamFactorsQuery(teamsRel)),
    db.execute(continuityQuery(teamsRel)),
  ]);
  return { guides, languages, teams, continuity };
}

/** Teams per statement of a plan's feasible pairs (feasiblePairColumns), and statements at once. */
const FEASIBLE_CHUNK = 250;
const FEASIBLE_STATEMENTS = 3;

/**
 * A plan's feasible pairs (issue 29 item 5: straight into typed arrays), team by team in the
 * order the teams were given: each team's pairs are one run of rows.
 */
export interface FeasiblePairs {
  teamIds: Int32Array;
  guideIds: Int32Array;
  /** The guide's capacity on the team (guideCapacity: its maximum, or the spots' if lower). */
  capacities: Int32Array;
  /** Per team id with a pair: the [start, end) of its rows. */
  runs: Map<number, [number, number]>;
}

/**
 * Every pair of `teams` that breaks no hard rule (the rules' one statement, feasiblePairsQuery),
 * with the guide's capacity on the team. The teams are asked in chunks of FEASIBLE_CHUNK,
 * FEASIBLE_STATEMENTS statements side by side (connections on PostgreSQL; PGlite takes them
 * in turn): each chunk's teams and their spots are small relations the rules join cheaply
 * (the statement's per-team needs grow with the square of the teams asked at once: 0.3 s of
 * a whole 1 000-team plan's 1 s in one statement). Each statement answers one line of
 * text — `team guide capacity …` — read here into typed arrays: no row object per pair.
 * The planner cannot estimate the teams passed as JSON, and a nested loop over 10⁵ pairs
 * takes minutes where hash joins take a second: nested loops are off for these statements.
 */
export async function feasiblePairColumns(
  db: Db,
  teams: RuleTeam[],
  config: RuleConfig,
  /** The days each team is checked for, when not its whole period (uncoveredRuns). */
  windows?: ReadonlyMap<number, RuleWindow>,
  chunkSize = FEASIBLE_CHUNK,
  statements = FEASIBLE_STATEMENTS,
): Promise<FeasiblePairs> {
  const chunks: RuleTeam[][] = [];
  for (let i = 0; i < teams.length; i += chunkSize) chunks.push(teams.slice(i, i + chunkSize));
  const read = (chunk: RuleTeam[]) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_nestloop = off`);
      const result = await tx.execute(sql`
        select string_agg(p.team_id || ' ' || p.guide_id || ' ' ||
          least(p.max_group_size, coalesce(p.spot_max, p.max_group_size)), ' ') as pairs
        from (${feasiblePairsQuery(chunk, config, windows)}) p`);
      return rowsOf<{ pairs: string | null }>(result)[0]?.pairs ?? '';
    });
  // FEASIBLE_STATEMENTS at a time: a few connections the pool keeps, not one per chunk.
  const texts: string[] = new Array<string>(chunks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(statements, chunks.length) }, async () => {
      while (next < chunks.length) {
        const i = next++;
        texts[i] = await read(chunks[i]);
      }
    }),
  );
  // Three numbers a pair, read digit by digit.
  let total = 0;
  for (const text of texts)
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) total++;
  total = Math.floor((total + texts.filter((t) => t.length > 0).length) / 3);
  const rawTeam = new Int32Array(total);
  const rawGuide = new Int32Array(total);
  const rawCap = new Int32Array(total);
  let k = 0;
  let field = 0;
  for (const text of texts) {
    if (!text.length) continue;
    let value = 0;
    for (let i = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 32;
      if (c !== 32) {
        value = value * 10 + (c - 48);
        continue;
      }
      if (field === 0) rawTeam[k] = value;
      else if (field === 1) rawGuide[k] = value;
      else rawCap[k++] = value;
      field = (field + 1) % 3;
      value = 0;
    }
  }
  // Grouped by team, in the teams' order (a counting sort).
  const at = new Map<number, number>(teams.map((t, i) => [t.id, i]));
  const count = new Int32Array(teams.length + 1);
  for (let i = 0; i < total; i++) count[at.get(rawTeam[i])! + 1]++;
  for (let i = 0; i < teams.length; i++) count[i + 1] += count[i];
  const out: FeasiblePairs = {
    teamIds: new Int32Array(total),
    guideIds: new Int32Array(total),
    capacities: new Int32Array(total),
    runs: new Map(),
  };
  teams.forEach((t, i) => {
    if (count[i + 1] > count[i]) out.runs.set(t.id, [count[i], count[i + 1]]);
  });
  const fill = count.slice(0, teams.length);
  for (let i = 0; i < total; i++) {
    const j = fill[at.get(rawTeam[i])!]++;
    out.teamIds[j] = rawTeam[i];
    out.guideIds[j] = rawGuide[i];
    out.capacities[j] = rawCap[i];
  }
  return out;
}

/**
 * The scores of a plan's pairs from their factors (read once, readPlanFactors), and the facts
 * behind any pair's score (the plan shows its chosen and best other guides): what
 * softScoresQuery computes in SQL, computed here — a test holds the two together.
 */
export interface PlanScorer {
  /** Each pair's 0–100 score, in the pairs' order (NaN: a guide without factors). */
  scores: Float64Array;
  /** The pair's row as softScoresQuery answers it (null: a guide without factors). */
  facts(teamId: number, guideId: number): SoftRow | null;
}

interface GuideFactorRow {
  id: number;
  code: string;
  name: string;
  level: string;
  home_city: string;
  days_worked: number;
  rating: number;
  rated: boolean;
  v_fairness: number;
  v_rating: number;
}

export function planScorer(
  factors: PlanFactors,
  pairs: { teamIds: ArrayLike<number>; guideIds: ArrayLike<number> },
  weights: SoftWeights,
): PlanScorer {
  const share = weightShares(weights);
  const guides = new Map<number, GuideFactorRow & { own: number }>();
  for (const g of rowsOf<GuideFactorRow>(factors.guides))
    guides.set(g.id, {
      ...g,
      days_worked: Number(g.days_worked),
      rating: Number(g.rating),
      v_fairness: Number(g.v_fairness),
      v_rating: Number(g.v_rating),
      // The part of the score that does not depend on the team.
      own: share.fairness * Number(g.v_fairness) + share.rating * Number(g.v_rating),
    });
  // Per language, per guide: the proficiency and its value.
  const speaks = new Map<string, Map<number, { proficiency: string; value: number }>>();
  for (const l of rowsOf<{
    guide_id: number;
    language: string;
    proficiency: string;
    v_language: number;
  }>(factors.languages)) {
    let byGuide = speaks.get(l.language);
    if (!byGuide) speaks.set(l.language, (byGuide = new Map()));
    byGuide.set(l.guide_id, { proficiency: l.proficiency, value: Number(l.v_language) });
  }
  const teams = new Map(
    rowsOf<{ id: number; language: string; city: string | null }>(factors.teams).map((t) => [
      t.id,
      t,
    ]),
  );
  const leads = new Map<number, Set<number>>();
  for (const c of rowsOf<{ team_id: number; guide_id: number }>(factors.continuity))
    leads.set(c.team_id, (leads.get(c.team_id) ?? new Set()).add(c.guide_id));

  const scores = new Float64Array(pairs.teamIds.length);
  let lastTeam = -1;
  let city: string | null = null;
  let proficiency: Map<number, { proficiency: string; value: number }> | undefined;
  let led: Set<number> | undefined;
  for (let i = 0; i < scores.length; i++) {
    const teamId = pairs.teamIds[i];
    if (teamId !== lastTeam) {
      lastTeam = teamId;
      const t = teams.get(teamId);
      city = t?.city ?? null;
      proficiency = t ? speaks.get(t.language) : undefined;
      led = leads.get(teamId);
    }
    const guideId = pairs.guideIds[i];
    const g = guides.get(guideId);
    scores[i] = g
      ? 100 *
        (g.own +
          share.continuity * (led?.has(guideId) ? 1 : 0) +
          share.language * (proficiency?.get(guideId)?.value ?? 0) +
          share.homeCity * (city && g.home_city === city ? 1 : 0))
      : NaN;
  }
  return {
    scores,
    facts(teamId, guideId) {
      const g = guides.get(guideId);
      const t = teams.get(teamId);
      if (!g || !t) return null;
      const spoken = speaks.get(t.language)?.get(guideId);
      const continuity = leads.get(teamId)?.has(guideId) ?? false;
      const row: SoftRow = {
        team_id: teamId,
        guide_id: guideId,
        code: g.code,
        name: g.name,
        level: g.level,
        days_worked: g.days_worked,
        rating: g.rating,
        rated: g.rated,
        continuity,
        proficiency: spoken?.proficiency ?? null,
        home_city: g.home_city,
        team_city: t.city,
        v_fairness: g.v_fairness,
        v_rating: g.v_rating,
        v_continuity: continuity ? 1 : 0,
        v_language: spoken?.value ?? 0,
        v_home_city: t.city && g.home_city === t.city ? 1 : 0,
        score: 0,
      };
      row.score =
        100 *
        (share.fairness * row.v_fairness +
          share.rating * row.v_rating +
          share.continuity * row.v_continuity +
          share.language * row.v_language +
          share.homeCity * row.v_home_city);
      return row;
    },
  };
}

/** The scores of pairs given per team (planScores), as columns team by team. */
export async function planScoreColumns(
  db: DbOrTx,
  guidesByTeam: Map<number, ArrayLike<number>>,
  weights: SoftWeights,
  today: string,
): Promise<ScoredPairs> {
  const teamIds = [...guidesByTeam.keys()];
  const seen = new Set<number>();
  let total = 0;
  for (const list of guidesByTeam.values()) {
    total += list.length;
    for (let i = 0; i < list.length; i++) seen.add(list[i]);
  }
  const pairs = { teamIds: new Int32Array(total), guideIds: new Int32Array(total) };
  let n = 0;
  for (const [teamId, list] of guidesByTeam)
    for (let i = 0; i < list.length; i++) {
      pairs.teamIds[n] = teamId;
      pairs.guideIds[n++] = list[i];
    }
  const factors = total ? await readPlanFactors(db, teamIds, today, [...seen]) : null;
  const scores = factors ? planScorer(factors, pairs, weights).scores : new Float64Array(0);
  // Pairs of a guide without factors (not active) are left out.
  const out: ScoredPairs = {
    teamIds: new Int32Array(total),
    guideIds: new Int32Array(total),
    scores: new Float64Array(total),
    runs: new Map(),
  };
  let k = 0;
  for (let i = 0; i < total; i++) {
    if (Number.isNaN(scores[i])) continue;
    const teamId = pairs.teamIds[i];
    const run = out.runs.get(teamId);
    if (run) run[1] = k + 1;
    else out.runs.set(teamId, [k, k + 1]);
    out.teamIds[k] = teamId;
    out.guideIds[k] = pairs.guideIds[i];
    out.scores[k++] = scores[i];
  }
  return sliceColumns(out, k);
}

const sliceColumns = (c: ScoredPairs, n: number): ScoredPairs => ({
  teamIds: c.teamIds.subarray(0, n),
  guideIds: c.guideIds.subarray(0, n),
  scores: c.scores.subarray(0, n),
  runs: c.runs,
});

/** planScoreColumns as one object per pair (tests, small plans). */
export async function planScores(
  db: DbOrTx,
  guidesByTeam: Map<number, number[]>,
  weights: SoftWeights,
  today: string,
): Promise<PlanPair[]> {
  const c = await planScoreColumns(db, guidesByTeam, weights, today);
  return Array.from(c.teamIds, (teamId, i) => ({
    teamId,
    guideId: c.guideIds[i],
    score: c.scores[i],
  }));
}

/** The given (team, guide) pairs as a relation `team_id, guide_id`, for softScores. */
export const pairsOf = (pairs: { teamId: number; guideId: number }[]): SQL =>
  sql`select * from unnest(${`{${pairs.map((p) => p.teamId).join(',')}}`}::int[],
    ${`{${pairs.map((p) => p.guideId).join(',')}}`}::int[]) as p(team_id, guide_id)`;

// Waiting teams ---------------------------------------------------------------------------

export interface WaitingRow {
  id: number;
  code: string;
  name: string;
  status: 'pending';
  start_date: string;
  end_date: string;
  pax: number;
  language: string;
  vip: boolean;
  pickup_time: string;
  version: number;
  items: { date: string; plannedStart: string; plannedEnd: string; spot: string }[];
  total: number;
}

/** Pending teams starting in [from, to], by start, then code; `ids` narrows them. */
export async function waitingTeams(
  db: DbOrTx,
  range: { from: string; to: string },
  options: { keyword?: string; ids?: number[]; limit?: number; offset?: number } = {},
): Promise<{ rows: WaitingRow[]; total: number }> {
  const filters: SQL[] = [
    sql`t.status = 'pending'`,
    sql`t.start_date between ${range.from}::date and ${range.to}::date`,
  ];
  if (options.keyword) {
    const kw = escapeLike(options.keyword);
    filters.push(sql`(t.name like ${`%${kw}%`} or t.code like ${`%${kw.toUpperCase()}%`})`);
  }
  if (options.ids)
    filters.push(
      sql`t.id in (${sql.join(
        options.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const rows = rowsOf<WaitingRow>(
    await db.execute(sql`
      with chosen as (
        select t.*, count(*) over ()::int as total from teams t
        where ${sql.join(filters, sql` and `)}
        order by t.start_date, t.code
        ${options.limit !== undefined ? sql`limit ${options.limit}` : sql``}
        ${options.offset ? sql`offset ${options.offset}` : sql``}
      )
      select c.id, c.code, c.name, c.status, c.start_date::text as start_date,
        c.end_date::text as end_date, c.pax, c.language, c.vip, c.pickup_time, c.version,
        c.total,
        coalesce((select jsonb_agg(jsonb_build_object('date', i.date::text,
            'plannedStart', i.planned_start, 'plannedEnd', i.planned_end, 'spot', sp.name)
            order by i.date, i.seq)
          from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
          where i.team_id = c.id), '[]'::jsonb) as items
      from chosen c
      order by c.start_date, c.code
    `),
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

// Fingerprints: what a plan relied on --------------------------------------------------------

/** Per guide: md5 of its row version, its active assignments and its leave. */
export async function guideFingerprints(
  db: DbOrTx,
  guideIds: number[],
): Promise<Map<number, string>> {
  if (guideIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; fp: string }>(
    await db.execute(sql`
      select g.id, md5(g.version::text || '|' || g.status || '|' ||
        coalesce((select string_agg(a.id || ':' || a.version, ',' order by a.id)
          from team_assignments a where a.guide_id = g.id and a.status = 'active'), '') || '|' ||
        coalesce((select string_agg(x.id || ':' || x.version, ',' order by x.id)
          from guide_unavailability x where x.guide_id = g.id), '')) as fp
      from guides g
      where g.id in (${sql.join(
        guideIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    `),
  );
  return new Map(rows.map((r) => [r.id, r.fp]));
}

/** The teams' current version and status. */
export async function teamStates(
  db: DbOrTx,
  teamIds: number[],
): Promise<Map<number, { version: number; status: string; code: string }>> {
  if (teamIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; version: number; status: string; code: string }>(
    await db.execute(sql`
      select id, version, status, code from teams where id in (${sql.join(
        teamIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    `),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

// Board -------------------------------------------------------------------------------------

export interface BoardRow {
  id: number;
  code: string;
  name: string;
  level: string;
  status: string;
  workload_days: number;
  bars: BoardBar[];
  total: number;
}

/** Guides (by name) with their bookings and leave overlapping [from, to]. */
export async function boardGuides(
  db: DbOrTx,
  range: { from: string; to: string },
  options: { keyword?: string; limit: number; offset: number },
): Promise<{ rows: BoardRow[]; total: number }> {
  const where = options.keyword
    ? sql`where (g.name like ${`%${escapeLike(options.keyword)}%`}
        or g.code like ${`${escapeLike(options.keyword).toUpperCase()}%`})`
    : sql``;
  const rows = rowsOf<BoardRow>(
    await db.execute(sql`
      with page as (
        select g.id, g.code, g.name, g.level, g.status, g.name_sort,
          count(*) over ()::int as total
        from guides g ${where}
        order by g.name_sort collate "C", g.id
        limit ${options.limit} offset ${options.offset}
      )
      select p.id, p.code, p.name, p.level, p.status, p.total,
        (select count(distinct d.day)::int from team_assignments a
          cross join lateral generate_series(greatest(a.from_date, ${range.from}::date),
            least(a.to_date, ${range.to}::date), interval '1 day') as d(day)
          where a.guide_id = p.id and a.status = 'active'
            and a.from_date <= ${range.to}::date and a.to_date >= ${range.from}::date)
          as workload_days,
        coalesce((select jsonb_agg(b order by b."from", b.kind, b.id) from (
          select 'team' as kind, t.id, t.code as label, a.from_date::text as "from",
            a.to_date::text as "to", t.name, t.pax, t.status
          from team_assignments a join teams t on t.id = a.team_id
          where a.guide_id = p.id and a.status = 'active'
            and a.from_date <= ${range.to}::date and a.to_date >= ${range.from}::date
          union all
          select 'leave', x.id, x.type, x.start_date::text, x.end_date::text, '', 0, null
          from guide_unavailability x
          where x.guide_id = p.id and x.start_date <= ${range.to}::date
            and x.end_date >= ${range.from}::date
        ) b), '[]'::jsonb) as bars
      from page p
      order by p.name_sort collate "C", p.id
    `),
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
