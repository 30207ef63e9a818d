// Opens the database: PGlite in a data directory (embedded default) or PostgreSQL.
// PGlite rules (architecture.md): one process per data directory, only db.transaction(),
// close() on shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import type { Db, DbKind, SettledRestore } from './types';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { keepClientsFromCrashing, retryLostReadsOnce } from './availability';

export { MIGRATIONS_FOLDER };

export interface Database {
  db: Db;
  kind: DbKind;
  /** PostgreSQL only: the connection string (the live-event LISTEN connection uses it). */
  url?: string;
  /** Round-trip check for /api/health. */
  ping(): Promise<void>;
  /**
   * How many of this build's migrations the database has not applied (readiness,
   * `/api/health/ready`): another instance is migrating it, or it went back to an older schema.
   */
  pendingMigrations(): Promise<number>;
  /**
   * PGlite: what opening settled of a restore a stopped process left midway (before migrating:
   * `openDatabase`), for the server to log.
   */
  settledAtOpen?: SettledRestore;
  /** PostgreSQL: the connection pool's use now (the operator's metrics). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

let migrationsOfThisBuild: { folderMillis: number }[] | undefined;

/** Migrations of this build newer than the last one the database recorded as applied. */
async function pendingMigrationsOf(db: Db): Promise<number> {
  migrationsOfThisBuild ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const expected = migrationsOfThisBuild;
  let last: number;
  try {
    // Where drizzle's migrators (node-postgres and PGlite alike) record what they applied.
    const result = await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: { last: string | number | null }[] }).rows;
    last = Number(rows[0]?.last ?? 0);
  } catch (err) {
    // No record at all: nothing applied yet (or still being created by the first migrator).
    if ((err as { code?: string }).code === '42P01') return expected.length;
    throw err;
  }
  return expected.filter((m) => m.folderMillis > last).length;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: string) {
    super(
      `The data directory ${dir} is in use by another server process (pid ${pid}). ` +
        'Stop it first, or point DATA_DIR at another directory.',
    );
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dir>/server.lock` exclusively; a stale lock of a dead process is taken over. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = fs.readFileSync(lockFile, 'utf8').trim();
      if (holder && processAlive(Number(holder)) && Number(holder) !== process.pid) {
        throw new DataDirLockedError(dir, holder);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests clone one migrated database). */
  loadDataDir?: Blob | File;
  /** Skip the lock file (in-memory PGlite in tests). */
  memory?: boolean;
  /** Migrations to apply instead of this build's (a test brings a newer build's). */
  migrationsFolder?: string;
}

/**
 * At most this many distinct statements are prepared per connection (Npgsql-style
 * auto-prepare); PostgreSQL keeps each until the connection closes, so the number stays
 * bounded.
 */
const MAX_PREPARED = 256;
/** Longer texts (bulk inserts of an import) are not worth keeping prepared. */
const MAX_PREPARED_TEXT = 4096;
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/** Statement text → the name it is prepared under. */
const statementNames = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED || text.length > MAX_PREPARED_TEXT) return;
    if (!PREPARABLE.test(text)) return;
    name = `ap${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

const plainQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/**
 * A node-postgres client that prepares every parameterised statement it sees, named by its
 * text, so PostgreSQL parses it once per connection and can keep its plan: the list and
 * session queries otherwise spend longer in parse and plan than in execution. Statements
 * without parameters (transaction control, migrations) stay on the simple protocol.
 */
export class AutoPreparingClient extends pg.Client {}

// pg's overloads cannot be restated on an override: the config-object form gets a name,
// every other form passes through unchanged.
AutoPreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, params] = args;
  // The values come inside the config or, as drizzle sends them, as the second argument.
  const values =
    config !== null && typeof config === 'object' && 'values' in config ? config.values : params;
  if (
    config !== null &&
    typeof config === 'object' &&
    'text' in config &&
    typeof config.text === 'string' &&
    // An empty name asks for an unprepared statement (see db/prepared.ts).
    (!('name' in config) || config.name === undefined) &&
    Array.isArray(values) &&
    values.length > 0
  ) {
    const name = statementName(config.text);
    if (name) args[0] = { ...config, name };
  }
  return plainQuery.apply(this, args);
} as pg.Client['query'];

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 20,
      Client: AutoPreparingClient,
      // No JIT: the console's statements are short, and a few (the plan's 10⁵ pairs, the
      // ranked candidates) cost enough to trigger compilation that takes longer than the
      // statement itself (measured: 1.5 s of a 2 s statement).
      options: '-c jit=off',
    });
    let closing = false;
    // An idle connection that PostgreSQL ends (restart, failover, a dropped database) is
    // reported here; without a listener it would crash the process. The pool replaces it.
    const onLost = (err: Error) => {
      if (!closing) console.error(`PostgreSQL connection lost: ${err.message}`);
    };
    pool.on('error', onLost);
    keepClientsFromCrashing(pool, onLost);
    retryLostReadsOnce(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await migratePg(drizzlePg({ client: pool, schema }), {
      migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_FOLDER,
    });
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      ping: async () => {
        await pool.query('select 1');
      },
      pendingMigrations: () => pendingMigrationsOf(db),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max,
      }),
      close: async () => {
        closing = true;
        await pool.end();
      },
    };
  }
  const unlock = opts.memory || !opts.dataDir ? () => {} : lockDataDir(opts.dataDir);
  try {
    // Loaded only for the embedded database: a PostgreSQL server never pays for the WASM build.
    const [
      { PGlite },
      { btree_gist },
      { drizzle: drizzlePglite },
      { migrate: migratePglite },
      { settleRestoreLeftByAStop },
    ] = await Promise.all([
      import('@electric-sql/pglite'),
      // The exclusion constraints on guide bookings and leave need it (migration 0005).
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('../modules/backup/shadow'),
    ]);
    const client = await PGlite.create(opts.memory || !opts.dataDir ? undefined : opts.dataDir, {
      loadDataDir: opts.loadDataDir,
      extensions: { btree_gist },
    });
    const typed = drizzlePglite({ client, schema });
    // Settled first: a process stopped in a restore's tidying after its switch left some of the
    // restored tables outside public, and a migration (a newer build's) must find them in place.
    // This process holds the data directory alone, so no restore runs now. (PostgreSQL never
    // switches: its restore is one transaction.)
    const settledAtOpen = await settleRestoreLeftByAStop({
      kind: 'pglite',
      db: typed as unknown as Db,
    });
    await migratePglite(typed, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_FOLDER });
    let closed = false;
    return {
      db: typed as unknown as Db,
      kind: 'pglite',
      settledAtOpen,
      ping: async () => {
        if (closed) throw new Error('database closed');
        await client.query('select 1');
      },
      pendingMigrations: () => pendingMigrationsOf(typed as unknown as Db),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
