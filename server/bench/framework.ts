// The benchmark framework (architecture.md, "Performance targets"): each case seeds its own
// data into a throwaway database, the real server runs in its own process on a free port (as
// `npm start` runs it, so its memory is measured alone), and autocannon drives it from
// another child process. A bare endpoint returning the same JSON from memory runs beside it.
//
// Adding a case: drop a file in bench/cases/ whose default export is a `BenchCase`.
import type { Db } from '../src/db/types';

export type DbKind = 'pglite' | 'postgres';
export type Role = 'admin' | 'operator' | 'user';

export interface SeedContext {
  db: Db;
  kind: DbKind;
}

export interface RunContext {
  kind: DbKind;
  baseUrl: string;
  /** Session cookie header of a demo account (signed in once per run). */
  cookie(role: Role): Promise<string>;
  /** Runs `work` and measures the server process's peak resident memory meanwhile (bytes). */
  peakRss<T>(work: () => Promise<T>): Promise<[T, number]>;
  /** Resident memory of the server process now, in bytes (Linux /proc). */
  serverRss(): number;
  /** PostgreSQL: the throwaway database's URL (for pg_dump / pg_restore beside the server). */
  databaseUrl?: string;
}

/** An HTTP load case: autocannon at `connections` against one request. */
export interface LoadCase {
  kind: 'load';
  name: string;
  /** Data the case needs, written once per database before the server starts. */
  seed?(ctx: SeedContext): Promise<void>;
  request: {
    method?: 'GET' | 'POST' | 'PUT';
    /** Path and query, e.g. `/api/guides?pageSize=20`. */
    path: string;
    body?: unknown;
    /** Signed-in role; none = anonymous. */
    as?: Role;
  };
}

/** A case that measures on its own (e.g. sequential sign-in latency). */
export interface CustomCase {
  kind: 'custom';
  name: string;
  seed?(ctx: SeedContext): Promise<void>;
  measure(ctx: RunContext): Promise<Record<string, string | number>>;
}

export type BenchCase = LoadCase | CustomCase;

export const defineCase = <T extends BenchCase>(c: T): T => c;

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
