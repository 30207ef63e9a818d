// Seeded PlanProblem generators for the solver's tests and the `allocation-plan` bench: plain
// data, no database. `uniformPlanProblem` is the small random model the exact comparison runs
// on; `realisticPlanProblem` imitates a fortnight of waiting teams (languages, levels,
// certifications, leave, existing bookings and soft scores with structure).
import type { PlanPair, PlanProblem, PlanTeam } from './plan-model';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** 2026-12-01T00:00Z, an arbitrary Monday-ish origin. */
const ORIGIN = Date.UTC(2026, 11, 1);

/** mulberry32: a small seeded generator, so every instance is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, weighted: [T, number][]): T => {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [v, w] of weighted) {
    r -= w;
    if (r < 0) return v;
  }
  return weighted[weighted.length - 1][0];
};

/**
 * Teams with periods anywhere over a fortnight (1–5 days, 08:00 to 18:00 plus a 2 h buffer),
 * each pair feasible with probability `density`, scores uniform 0–100.
 */
export function uniformPlanProblem(opts: {
  teams: number;
  guides: number;
  density: number;
  seed: number;
}): PlanProblem {
  const rnd = seededRandom(opts.seed);
  const teams: PlanTeam[] = [];
  const pairs: PlanPair[] = [];
  for (let t = 1; t <= opts.teams; t++) {
    const days = 1 + Math.floor(rnd() * 5);
    const day = Math.floor(rnd() * (15 - days));
    const start = ORIGIN + day * DAY + (7 + Math.floor(rnd() * 3)) * HOUR;
    teams.push({ id: t, start, end: ORIGIN + (day + days - 1) * DAY + 20 * HOUR });
    for (let g = 1; g <= opts.guides; g++)
      if (rnd() < opts.density)
        pairs.push({ teamId: t, guideId: g, score: Math.round(rnd() * 100) });
  }
  return { teams, pairs };
}

const LANGUAGES: [string, number][] = [
  ['zh', 45],
  ['en', 30],
  ['ja', 8],
  ['ko', 7],
  ['fr', 4],
  ['de', 3],
  ['ru', 3],
];
const CITIES = ['Hangzhou', 'Suzhou', 'Huangshan', 'Guilin', 'Xian', 'Chengdu'];

interface Guide {
  id: number;
  languages: Map<string, number>; // language → proficiency value (1 native … 1/3 working)
  level: number; // 1 junior … 3 senior
  certified: boolean; // e.g. mountain / VIP certification
  city: string;
  rating: number; // 1–5
  workedDays: number; // in the last 30 days
  busy: [number, number][]; // leave and existing bookings
}

/**
 * A fortnight of `teams` waiting teams and `guides` local guides. A pair is feasible when
 * the guide speaks the team's language, has the level it needs, holds the certification a
 * mountain or VIP team needs and is neither on leave nor already booked over the team's
 * period; the mix is tuned so about `feasibleShare` of all pairs are (≈ 15 % by default).
 * Scores follow the soft preferences' default weights (fairness 30, rating 25, continuity
 * 20, language 15, home city 10).
 */
export function realisticPlanProblem(opts: {
  teams: number;
  guides: number;
  seed: number;
}): PlanProblem {
  const rnd = seededRandom(opts.seed);
  const guides: Guide[] = [];
  for (let g = 1; g <= opts.guides; g++) {
    const languages = new Map<string, number>();
    languages.set(pick(rnd, LANGUAGES), 1);
    // Most guides speak a second language (usually English or Chinese).
    if (rnd() < 0.8) {
      const second = rnd() < 0.6 ? (languages.has('en') ? 'zh' : 'en') : pick(rnd, LANGUAGES);
      if (!languages.has(second)) languages.set(second, rnd() < 0.5 ? 2 / 3 : 1 / 3);
    }
    if (rnd() < 0.15) {
      const third = pick(rnd, LANGUAGES);
      if (!languages.has(third)) languages.set(third, 1 / 3);
    }
    const busy: [number, number][] = [];
    // Leave: a quarter of the guides take 2–6 days off.
    if (rnd() < 0.25) {
      const from = Math.floor(rnd() * 14);
      busy.push([ORIGIN + from * DAY, ORIGIN + (from + 2 + Math.floor(rnd() * 5)) * DAY]);
    }
    // Existing bookings: 0–2 teams already assigned by hand.
    const booked = Math.floor(rnd() * 3);
    for (let i = 0; i < booked; i++) {
      const from = Math.floor(rnd() * 14);
      const len = 1 + Math.floor(rnd() * 4);
      busy.push([ORIGIN + from * DAY + 8 * HOUR, ORIGIN + (from + len - 1) * DAY + 20 * HOUR]);
    }
    guides.push({
      id: g,
      languages,
      level: pick(rnd, [
        [1, 40],
        [2, 40],
        [3, 20],
      ]),
      certified: rnd() < 0.3,
      city: CITIES[Math.floor(rnd() * CITIES.length)],
      rating: Math.min(5, Math.max(1, 3.8 + (rnd() + rnd() + rnd() - 1.5) * 1.2)),
      workedDays: Math.floor(rnd() * 24),
      busy,
    });
  }

  const teams: PlanTeam[] = [];
  const pairs: PlanPair[] = [];
  for (let t = 1; t <= opts.teams; t++) {
    const days = pick(rnd, [
      [1, 25],
      [2, 30],
      [3, 20],
      [4, 15],
      [5, 10],
    ]);
    const day = Math.floor(rnd() * 14);
    const start = ORIGIN + day * DAY + (7 + Math.floor(rnd() * 3)) * HOUR;
    const end = ORIGIN + (day + days - 1) * DAY + 20 * HOUR; // 18:00 + 2 h buffer
    teams.push({ id: t, start, end });
    const language = pick(rnd, LANGUAGES);
    const level = pick(rnd, [
      [1, 55],
      [2, 30],
      [3, 15],
    ]);
    const needsCert = rnd() < 0.3;
    const city = CITIES[Math.floor(rnd() * CITIES.length)];
    for (const g of guides) {
      const proficiency = g.languages.get(language);
      if (proficiency === undefined) continue;
      if (g.level < level || (needsCert && !g.certified)) continue;
      if (g.busy.some(([a, b]) => a < end && start < b)) continue;
      // Other rules (age limits, region permits, blacklists) thin the list further.
      if (rnd() < 0.36) continue;
      const fairness = Math.max(0, 1 - g.workedDays / 30);
      const rating = (g.rating - 1) / 4;
      const continuity = rnd() < 0.02 ? 1 : 0;
      const home = g.city === city ? 1 : 0;
      const score = 30 * fairness + 25 * rating + 20 * continuity + 15 * proficiency + 10 * home;
      pairs.push({ teamId: t, guideId: g.id, score: Math.round(score * 10) / 10 });
    }
  }
  return { teams, pairs };
}
