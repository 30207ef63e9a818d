// Opens the database: PGlite in a data directory (embedded default) or PostgreSQL.
// PGlite rules (architecture.md): one process per data directory, only db.transaction(),
// close() on shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Db } from './types';

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trip check for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
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
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    let closing = false;
    // An idle connection that PostgreSQL ends (restart, failover, a dropped database) is
    // reported here; without a listener it would crash the process. The pool replaces it.
    pool.on('error', (err) => {
      if (!closing) console.error(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        closing = true;
        await pool.end();
      },
    };
  }
  const unlock = opts.memory || !opts.dataDir ? () => {} : lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(opts.memory || !opts.dataDir ? undefined : opts.dataDir, {
      loadDataDir: opts.loadDataDir,
    });
    const typed = drizzlePglite({ client, schema });
    await migratePglite(typed, { migrationsFolder: MIGRATIONS_FOLDER });
    let closed = false;
    return {
      db: typed as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        if (closed) throw new Error('database closed');
        await client.query('select 1');
      },
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
