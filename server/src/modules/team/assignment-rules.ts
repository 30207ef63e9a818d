// The hard allocation rules (product.md, "Allocation rules"; issue #13 point 6), in one place:
// every guide asked about is checked against one team in ONE statement of set-based SQL (a
// CTE per rule, joined to the candidate guides), never a query per guide. The assignment path
// asks about one guide and refuses with its first breach; the guide check (and the ranked
// candidates of the allocation issue) ask about thousands and show every breach.
//
// GUIDE_BUSY here compares the same `busy` ranges as the exclusion constraint of migration
// 0005 (period.ts: the covered days' working hours plus the buffer), so the check and the
// database agree; the constraint stays the guarantee against a concurrent booking.
import { sql, type SQL } from 'drizzle-orm';
import {
  ALLOCATION_RULES,
  ALLOCATION_RULE_MESSAGES,
  formatMessage,
  GUIDE_ENUM_LABELS,
  guideCapacity,
  mayLead,
  OPERATION_TIME_ZONE,
  guideLevelRank,
  type AllocationRule,
  type GuideLevel,
  type GuideStatus,
  type Localized,
  type RuleBreach,
  type SystemConfigValues,
  type TeamStatus,
  type UnavailabilityType,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { escapeLike } from '../../db/like';
import { assignmentPeriod, type TeamDayPlan } from './period';

/** What the rules read of a team. */
export interface RuleTeam extends TeamDayPlan {
  id: number;
  code: string;
  status: TeamStatus;
  endDate: string;
  pax: number;
  language: string;
  vip: boolean;
  version: number;
}

/** The configuration the rules read (system config keys `allocation.*`). */
export interface RuleConfig {
  bufferMinutes: number;
  minLevel: { vip: GuideLevel; foreignLanguage: GuideLevel; default: GuideLevel };
}

export const ruleConfigOf = (c: SystemConfigValues): RuleConfig => ({
  bufferMinutes: c['allocation.bufferMinutes'],
  minLevel: {
    vip: c['allocation.minLevel.vip'],
    foreignLanguage: c['allocation.minLevel.foreignLanguage'],
    default: c['allocation.minLevel.default'],
  },
});

/** The team language every guide is assumed to speak natively (not a "foreign" language). */
export const HOME_LANGUAGE = 'zh';

/** The lowest licence level the team needs: the highest of the minimums that apply to it. */
export function requiredLevel(team: Pick<RuleTeam, 'vip' | 'language'>, config: RuleConfig) {
  const levels: GuideLevel[] = [config.minLevel.default];
  if (team.vip) levels.push(config.minLevel.vip);
  if (team.language !== HOME_LANGUAGE) levels.push(config.minLevel.foreignLanguage);
  return levels.reduce((a, b) => (guideLevelRank(b) > guideLevelRank(a) ? b : a));
}

/** The covered days of an assignment (inside the team's period). */
export interface RuleWindow {
  from: string;
  to: string;
  /**
   * The pax a guide booked on these days must lead: what the team's local guides leave
   * uncovered there (paxToCover, uncoveredRun). Default: the team's whole pax.
   */
  pax?: number;
}

export interface GuideCheckOptions {
  /** Only these guides (the assignment path: one). */
  guideIds?: number[];
  /** Name contains, or code starts with. */
  keyword?: string;
  eligibleOnly?: boolean;
  limit?: number;
  offset?: number;
  /**
   * Ranks the eligible guides (the allocation candidates): a query over the `flags` CTE
   * (id, eligible) answering `guide_id, score, …`. Eligible guides then come by score, highest
   * first, and each listed guide carries its row as `rank`.
   */
  rank?: SQL;
}

/** One guide against the team: every rule it breaks, in ALLOCATION_RULES order. */
export interface GuideCheck {
  guideId: number;
  code: string;
  name: string;
  level: GuideLevel;
  status: GuideStatus;
  homeCity: string;
  maxGroupSize: number;
  languages: string[];
  eligible: boolean;
  breaches: RuleBreach[];
  /** The `rank` query's row of the guide (null when it has none). */
  rank: Record<string, unknown> | null;
}

const UNAVAILABILITY_LABELS: Record<UnavailabilityType, Localized> = {
  leave: { 'zh-CN': '请假', 'en-US': 'leave' },
  sick: { 'zh-CN': '病假', 'en-US': 'sick leave' },
  training: { 'zh-CN': '培训', 'en-US': 'training' },
  day_off: { 'zh-CN': '休息', 'en-US': 'day off' },
};

const GUIDE_LIMIT_LABEL: Localized = { 'zh-CN': '导游带团上限', 'en-US': "the guide's maximum" };

interface Row {
  id: number;
  code: string;
  name: string;
  level: GuideLevel;
  level_rank: number;
  status: GuideStatus;
  home_city: string;
  max_group_size: number;
  licence_expiry: string;
  busy_team: string | null;
  busy_from: string | null;
  busy_to: string | null;
  busy_buffer: number | null;
  leave_type: UnavailabilityType | null;
  leave_from: string | null;
  leave_to: string | null;
  speaks: boolean;
  uncertified: string[] | null;
  spot_limit_name: string | null;
  spot_limit: number | null;
  largest_guide: number | null;
  language_zh: string | null;
  language_en: string | null;
  languages: string[] | null;
  total: number;
  eligible_total: number;
  rank: Record<string, unknown> | null;
}

/**
 * Checks the guides chosen by `options` against `team` for the covered days `window`, in one
 * statement: per guide the facts of each rule (null when kept). Ordered eligible first, then
 * by name (pinyin), then id; `total` counts every guide the filters chose.
 */
export async function checkGuides(
  db: DbOrTx,
  team: RuleTeam,
  window: RuleWindow,
  config: RuleConfig,
  options: GuideCheckOptions = {},
): Promise<{
  list: GuideCheck[];
  total: number;
  eligibleTotal?: number;
  /** The lowest max pax per guide of the window's spots (known when a row came back). */
  spotLimit?: number | null;
  /** The largest capacity of an active guide on the team (known when a row came back). */
  largestCapacity?: number;
}> {
  const { busy } = assignmentPeriod(team, window.from, window.to, config.bufferMinutes);
  const required = requiredLevel(team, config);
  const filters: SQL[] = [];
  if (options.guideIds) {
    if (options.guideIds.length === 0) return { list: [], total: 0 };
    filters.push(
      sql`g.id in (${sql.join(
        options.guideIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (options.keyword) {
    const kw = escapeLike(options.keyword);
    filters.push(sql`(g.name like ${`%${kw}%`} or g.code like ${`${kw.toUpperCase()}%`})`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const tz = OPERATION_TIME_ZONE;
  // Pass 1 decides eligibility for every guide chosen (eligiblePairsQuery, the rules' one
  // statement of "whether"); pass 2 gathers the facts of each rule for the page's rows only.
  const result = (await db.execute(sql`
    with spots as (
      select distinct sp.id, sp.name, sp.certified_guides_only, sp.max_pax_per_guide
      from team_itinerary_items i join scenic_spots sp on sp.id = i.spot_id
      where i.team_id = ${team.id} and i.date between ${window.from}::date and ${window.to}::date
    ),
    feasible as (${eligiblePairsQuery([{ team, window }], config, options.guideIds)}),
    flags as (
      select g.id, g.name_sort, f.guide_id is not null as eligible
      from guides g
      left join feasible f on f.guide_id = g.id
      ${where}
    ),
    ${options.rank ? sql`rank as (${options.rank}),` : sql``}
    chosen as (
      select f.*, ${options.rank ? sql`r.score` : sql`null::float8`} as score from flags f
      ${options.rank ? sql`left join rank r on r.guide_id = f.id` : sql``}
      ${options.eligibleOnly ? sql`where f.eligible` : sql``}
    ),
    page as (
      select id, name_sort, eligible, score from chosen
      order by eligible desc, score desc nulls last, name_sort collate "C", id
      ${options.limit !== undefined ? sql`limit ${options.limit}` : sql``}
      ${options.offset ? sql`offset ${options.offset}` : sql``}
    ),
    spot_limit as (
      select name, max_pax_per_guide from spots order by max_pax_per_guide, name limit 1
    ),
    language_label as (
      select pi.label_zh, pi.label_en from property_items pi
      join property_categories pc on pc.id = pi.category_id
      where pc.code = 'guide_language' and pi.value = ${team.language}
    )
    select g.id, g.code, g.name, g.level, g.level_rank, g.status, g.home_city, g.max_group_size,
      g.licence_expiry::text as licence_expiry,
      bk.code as busy_team, bk.busy_from, bk.busy_to, bk.busy_buffer,
      lv.type as leave_type, lv.leave_from, lv.leave_to,
      exists (select 1 from guide_languages l where l.guide_id = g.id
        and l.language = ${team.language}) as speaks,
      (select array_agg(sp.name order by sp.name) from spots sp
        where sp.certified_guides_only and not exists (
          select 1 from guide_certifications gc where gc.guide_id = g.id
            and gc.spot_id = sp.id and gc.valid_until >= ${team.endDate}::date)) as uncertified,
      (select name from spot_limit) as spot_limit_name,
      (select max_pax_per_guide from spot_limit) as spot_limit,
      (select max(max_group_size) from guides where status = 'active') as largest_guide,
      (select count(*)::int from chosen) as total,
      (select count(*)::int from flags where eligible) as eligible_total,
      (select label_zh from language_label) as language_zh,
      (select label_en from language_label) as language_en,
      array(select gl.language from guide_languages gl where gl.guide_id = g.id
        order by gl.sort_order, gl.language) as languages,
      ${options.rank ? sql`(select to_jsonb(r) from rank r where r.guide_id = g.id)` : sql`null::jsonb`} as rank
    from page p
    join guides g on g.id = p.id
    left join lateral (
      select t.code,
        to_char(a.starts_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as busy_from,
        to_char(upper(a.busy) at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as busy_to,
        round(extract(epoch from upper(a.busy) - a.ends_at) / 60)::int as busy_buffer
      from team_assignments a join teams t on t.id = a.team_id
      where a.guide_id = g.id and a.status = 'active' and a.busy && ${busy}::tstzrange
      order by a.starts_at limit 1
    ) bk on true
    left join lateral (
      select x.type, x.start_date::text as leave_from, x.end_date::text as leave_to
      from guide_unavailability x
      where x.guide_id = g.id and x.start_date <= ${window.to}::date
        and x.end_date >= ${window.from}::date
      order by x.start_date limit 1
    ) lv on true
    order by p.eligible desc, p.score desc nulls last, p.name_sort collate "C", p.id
  `)) as unknown as { rows: Row[] };
  const rows = result.rows;
  return {
    /** Eligible among the guides the keyword and ids chose (known when a row came back). */
    eligibleTotal: rows[0]?.eligible_total,
    spotLimit: rows[0] && (rows[0].spot_limit === null ? null : Number(rows[0].spot_limit)),
    largestCapacity:
      rows[0] &&
      guideCapacity(
        Number(rows[0].largest_guide ?? 0),
        rows[0].spot_limit === null ? null : Number(rows[0].spot_limit),
      ),
    total:
      rows[0]?.total ?? (options.offset ? await countOnly(db, team, window, config, options) : 0),
    list: rows.map((r) => {
      const breaches = breachesOf(r, team, window.pax ?? team.pax, required);
      return {
        guideId: r.id,
        code: r.code,
        name: r.name,
        level: r.level,
        status: r.status,
        homeCity: r.home_city,
        maxGroupSize: r.max_group_size,
        languages: r.languages ?? [],
        eligible: breaches.length === 0,
        breaches,
        rank: r.rank,
      };
    }),
  };
}

/** The total when the page asked for lies past the end (no row carries it). */
async function countOnly(
  db: DbOrTx,
  team: RuleTeam,
  window: RuleWindow,
  config: RuleConfig,
  options: GuideCheckOptions,
): Promise<number> {
  const { total } = await checkGuides(db, team, window, config, {
    ...options,
    limit: 1,
    offset: 0,
  });
  return total;
}

/** The first rule (in ALLOCATION_RULES order) `guideId` breaks on the team, or null. */
export async function firstBreach(
  db: DbOrTx,
  team: RuleTeam,
  window: RuleWindow,
  config: RuleConfig,
  guideId: number,
): Promise<{ guide: GuideCheck | undefined; breach: RuleBreach | null }> {
  const { list } = await checkGuides(db, team, window, config, { guideIds: [guideId] });
  const guide = list[0];
  return { guide, breach: guide?.breaches[0] ?? null };
}

function breach(
  rule: AllocationRule,
  facts: Record<string, string | number>,
  localized: Partial<Record<string, Localized>> = {},
): RuleBreach {
  const message = {} as Localized;
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const params: Record<string, string | number> = { ...facts };
    for (const [key, label] of Object.entries(localized)) if (label) params[key] = label[locale];
    message[locale] = formatMessage(ALLOCATION_RULE_MESSAGES[rule][locale], params);
  }
  return { rule, facts, message };
}

/** The breaches of one checked row, in ALLOCATION_RULES order. */
function breachesOf(r: Row, team: RuleTeam, pax: number, required: GuideLevel): RuleBreach[] {
  const found: Partial<Record<AllocationRule, RuleBreach>> = {};
  if (r.status !== 'active')
    found.GUIDE_NOT_ACTIVE = breach(
      'GUIDE_NOT_ACTIVE',
      { status: r.status },
      { status: GUIDE_ENUM_LABELS.status[r.status] },
    );
  if (r.licence_expiry < team.endDate)
    found.LICENCE_EXPIRES = breach('LICENCE_EXPIRES', {
      expiry: r.licence_expiry,
      end: team.endDate,
    });
  if (r.busy_team !== null)
    found.GUIDE_BUSY = breach('GUIDE_BUSY', {
      team: r.busy_team,
      from: r.busy_from ?? '',
      to: r.busy_to ?? '',
      buffer: r.busy_buffer ?? 0,
    });
  if (r.leave_type !== null)
    found.GUIDE_UNAVAILABLE = breach(
      'GUIDE_UNAVAILABLE',
      { type: r.leave_type, from: r.leave_from ?? '', to: r.leave_to ?? '' },
      { type: UNAVAILABILITY_LABELS[r.leave_type] },
    );
  if (!r.speaks)
    found.LANGUAGE_MISSING = breach(
      'LANGUAGE_MISSING',
      { language: team.language },
      {
        language: {
          'zh-CN': r.language_zh ?? team.language,
          'en-US': r.language_en ?? team.language,
        },
      },
    );
  if (r.level_rank < guideLevelRank(required))
    found.LEVEL_TOO_LOW = breach(
      'LEVEL_TOO_LOW',
      { required, held: r.level },
      { required: GUIDE_ENUM_LABELS.level[required], held: GUIDE_ENUM_LABELS.level[r.level] },
    );
  if (r.uncertified?.length)
    found.SPOT_CERTIFICATION = breach(
      'SPOT_CERTIFICATION',
      { spots: r.uncertified.join(', ') },
      { spots: { 'zh-CN': r.uncertified.join('、'), 'en-US': r.uncertified.join(', ') } },
    );
  const spotLimit = r.spot_limit === null ? null : Number(r.spot_limit);
  const spotTighter = spotLimit !== null && spotLimit < r.max_group_size;
  const max = guideCapacity(r.max_group_size, spotLimit);
  const largest = guideCapacity(Number(r.largest_guide ?? 0), spotLimit);
  if (!mayLead(pax, max, team.pax, largest))
    found.GROUP_TOO_LARGE = breach(
      'GROUP_TOO_LARGE',
      { pax, max, limit: spotTighter ? r.spot_limit_name! : 'guide' },
      {
        limit: spotTighter
          ? {
              'zh-CN': `${r.spot_limit_name} 每名导游上限`,
              'en-US': `per guide at ${r.spot_limit_name}`,
            }
          : GUIDE_LIMIT_LABEL,
      },
    );
  return ALLOCATION_RULES.flatMap((rule) => (found[rule] ? [found[rule]] : []));
}

/**
 * Whether each guide may take each team, for many teams at once (the allocation plan, each team
 * over its whole period) or one (checkGuides, over the covered days asked): a query answering
 * `team_id, guide_id` for every pair that breaks no hard rule. Set-based — every rule is a join
 * over all the teams, never a statement per team or per guide. This is the one statement of
 * the rules' "whether"; breachesOf gives the "why" from the facts checkGuides reads, and the
 * rule tests hold the two together.
 */
/** Up to this many teams are written into the statement as VALUES. */
const FEW_TEAMS = 20;

export function eligiblePairsQuery(
  asked: { team: RuleTeam; window: RuleWindow }[],
  config: RuleConfig,
  /** Only these guides (the assignment path asks about one). */
  guideIds?: number[],
): SQL {
  const rows = asked.map(({ team, window }) => ({
    id: team.id,
    busy: assignmentPeriod(team, window.from, window.to, config.bufferMinutes).busy,
    from_date: window.from,
    to_date: window.to,
    // The licence and certifications must hold until the team's last day.
    valid_to: team.endDate,
    pax: team.pax,
    pax_left: window.pax ?? team.pax,
    language: team.language,
    required_rank: guideLevelRank(requiredLevel(team, config)),
  }));
  const onlyAsked = guideIds
    ? sql`and g.id in (${sql.join(
        guideIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  // A few teams as VALUES, so the planner knows how few (a guide check asks about one); many
  // as one JSON parameter (a plan's thousand teams), which it estimates at a hundred rows.
  const tp =
    rows.length <= FEW_TEAMS
      ? sql`select * from (values ${sql.join(
          rows.map(
            (r) =>
              sql`(${r.id}::int, ${r.busy}::tstzrange, ${r.from_date}::date, ${r.to_date}::date,
                ${r.valid_to}::date, ${r.pax}::int, ${r.pax_left}::int, ${r.language}::text,
                ${r.required_rank}::int)`,
          ),
          sql`, `,
        )}) as x(id, busy, from_date, to_date, valid_to, pax, pax_left, language, required_rank)`
      : sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int,
          busy tstzrange, from_date date, to_date date, valid_to date, pax int, pax_left int,
          language text, required_rank int)`;
  // The envelope of all the asked periods, as constants: the bookings and leave that can
  // matter at all are found through their indexes before being joined to each team.
  const bounds = rows.map((r) => r.busy.slice(1, -1).split(','));
  const busyEnvelope = `[${bounds.map((b) => b[0]).sort()[0]},${bounds
    .map((b) => b[1])
    .sort()
    .at(-1)})`;
  const firstDay = rows.map((r) => r.from_date).sort()[0];
  const lastDay = rows
    .map((r) => r.to_date)
    .sort()
    .at(-1);
  return sql`
    with tp as (${tp}),
    tspots as (
      select distinct tp.id as team_id, sp.id as spot_id, sp.certified_guides_only,
        sp.max_pax_per_guide
      from tp
      join team_itinerary_items i on i.team_id = tp.id and i.date between tp.from_date and tp.to_date
      join scenic_spots sp on sp.id = i.spot_id
    ),
    -- Per team, grouped once (a correlated subquery per team read every team's spots:
    -- quadratic in the teams asked).
    tspot_needs as (
      select team_id, min(max_pax_per_guide) as spot_max,
        count(*) filter (where certified_guides_only) as certs_needed
      from tspots group by team_id
    ),
    largest as (select max(max_group_size) as largest from guides where status = 'active'),
    tneeds as (
      select tp.*, s.spot_max, coalesce(s.certs_needed, 0) as certs_needed, l.largest
      from tp
      left join tspot_needs s on s.team_id = tp.id
      cross join largest l
    ),
    certified_all as (
      select s.team_id, gc.guide_id
      from tspots s
      join tneeds n on n.id = s.team_id
      join guide_certifications gc on gc.spot_id = s.spot_id and gc.valid_until >= n.valid_to
      where s.certified_guides_only
      group by s.team_id, gc.guide_id, n.certs_needed
      having count(*) = n.certs_needed
    )
    select n.id as team_id, g.id as guide_id, g.max_group_size, n.spot_max
    from tneeds n
    join guides g on g.status = 'active'
      and g.licence_expiry >= n.valid_to
      and g.level_rank >= n.required_rank
      -- mayLead (shared, the coverage rule): the pax left fit the guide's capacity, or no
      -- active guide's capacity holds the team (a large group: each guide takes a share).
      and (n.pax_left <= least(g.max_group_size, coalesce(n.spot_max, g.max_group_size))
        or n.pax > least(n.largest, coalesce(n.spot_max, n.largest)))
      ${onlyAsked}
    join guide_languages l on l.guide_id = g.id and l.language = n.language
    where (n.certs_needed = 0
        or exists (select 1 from certified_all c where c.team_id = n.id and c.guide_id = g.id))
      and not exists (select 1 from team_assignments a where a.guide_id = g.id
        and a.status = 'active' and a.busy && ${busyEnvelope}::tstzrange and a.busy && n.busy)
      and not exists (select 1 from guide_unavailability x where x.guide_id = g.id
        and x.start_date <= ${lastDay}::date and x.end_date >= ${firstDay}::date
        and x.start_date <= n.to_date and x.end_date >= n.from_date)
  `;
}

/** Every (team, guide) pair that breaks no hard rule, each team over its window (default: its whole period). */
export const feasiblePairsQuery = (
  teams: RuleTeam[],
  config: RuleConfig,
  windows?: ReadonlyMap<number, RuleWindow>,
): SQL =>
  eligiblePairsQuery(
    teams.map((team) => ({
      team,
      window: windows?.get(team.id) ?? { from: team.startDate, to: team.endDate },
    })),
    config,
  );

/** A team's eligible guides and each one's capacity on it (guideCapacity), in one order. */
export interface FeasibleGuides {
  guides: number[];
  capacities: number[];
}

/**
 * Every team's eligible guides (feasiblePairsQuery), one array per team, with their
 * capacities. The planner cannot estimate the teams passed as JSON, and a nested loop over 10⁵
 * pairs takes minutes where hash joins take a second: nested loops are off for this statement.
 */
export async function feasibleGuidesByTeam(
  db: Db,
  teams: RuleTeam[],
  config: RuleConfig,
  /** The days each team is checked for, when not its whole period (uncoveredRuns). */
  windows?: ReadonlyMap<number, RuleWindow>,
): Promise<Map<number, FeasibleGuides>> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    const result = await tx.execute(sql`
      select team_id, min(spot_max) as spot_max, array_agg(guide_id) as guides,
        array_agg(max_group_size) as sizes
      from (${feasiblePairsQuery(teams, config, windows)}) p group by team_id`);
    return (
      result as unknown as {
        rows: { team_id: number; spot_max: number | null; guides: number[]; sizes: number[] }[];
      }
    ).rows;
  });
  // Both arrays aggregate the same rows in the same pass: one order.
  return new Map(
    rows.map((r) => {
      const spot = r.spot_max === null ? null : Number(r.spot_max);
      return [
        r.team_id,
        { guides: r.guides, capacities: r.sizes.map((n) => guideCapacity(n, spot)) },
      ];
    }),
  );
}
