// Process environment, read once at start-up. Every variable is documented in the README.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout's root: the nearest folder above this module holding `server/drizzle` (the
 * same from the sources and from the compiled `server/dist`). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'server', 'drizzle'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No server/drizzle above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

export interface ServerEnv {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where backups are stored (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir: string;
  production: boolean;
  /** Environment whose section pins this server serves (section versions). */
  appEnv: string;
  /** Seeds demo data and accounts on the first start of an empty database. */
  demoData: boolean;
  /**
   * Simulated gate readings for the demo spots every few seconds (issue #16 part 3). Only on
   * the embedded database with demo data, never in production; DEMO_FLOW=0 turns it off.
   */
  demoFlow: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Directory holding built host files served at `/`. */
  hostDist: string;
  /** Root of the section store (published section bundles). */
  sectionsDir: string;
  /** Serve sections from the dev servers instead of built bundles. */
  devSections: boolean;
  trustProxy: boolean;
  logLevel: string;
  /**
   * Bearer token of `GET /metrics` (Prometheus, plugins/metrics.ts); without one the metrics
   * are off and `/metrics` answers 404.
   */
  metricsToken: string | undefined;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const production = env.NODE_ENV === 'production';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    backupDir: path.resolve(
      env.BACKUP_DIR ?? path.join(env.DATA_DIR ?? path.join(REPO_ROOT, 'data'), 'backups'),
    ),
    production,
    appEnv: env.APP_ENV ?? 'development',
    demoData: env.DEMO_DATA ? env.DEMO_DATA === '1' : !production,
    demoFlow:
      env.DEMO_FLOW !== '0' &&
      !production &&
      !env.DATABASE_URL &&
      (env.DEMO_DATA ? env.DEMO_DATA === '1' : true),
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    hostDist: path.resolve(env.HOST_DIST ?? path.join(REPO_ROOT, 'host/dist')),
    sectionsDir: path.resolve(env.SECTIONS_DIR ?? path.join(REPO_ROOT, 'sections-store')),
    devSections: env.DEV_SECTIONS === '1',
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
