// `npm run bench`: every case in bench/cases on each database, beside a bare endpoint that
// returns the same JSON from memory, in one run. Options:
//   --db pglite,postgres   databases (default both; PostgreSQL when 127.0.0.1:5432 answers)
//   --case <text>          only cases whose name contains the text
//   --duration <s>         seconds per load run (default 10)
//   --connections <n>      concurrent connections (default 20)
// or BENCH_DB / BENCH_CASE / BENCH_DURATION / BENCH_CONNECTIONS from the root:
//   BENCH_DB=pglite BENCH_CASE=info npm run bench
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used
// only to create and drop a throwaway database. BENCH_KEEP=<name> seeds into that database and
// keeps it (a second run with the same name reuses the seeded rows: every case's seed is
// idempotent), for studying a query plan at bench volume.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import net from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';
import { readEnv, REPO_ROOT, type ServerEnv } from '../src/config/env';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase, DEMO_ACCOUNTS } from '../src/seed';
import type { BenchCase, DbKind, LoadCase, LoadResult, Role, RunContext } from './framework';

const here = path.dirname(fileURLToPath(import.meta.url));
// Options also come from the environment, since `npm run bench` does not forward flags.
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DB ?? 'pglite,postgres' },
    case: { type: 'string', default: process.env.BENCH_CASE },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '20' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function loadCases(): Promise<BenchCase[]> {
  const dir = path.join(here, 'cases');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const cases: BenchCase[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: BenchCase };
    cases.push(mod.default);
  }
  return cases.filter((c) => !args.case || c.name.includes(args.case));
}

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A throwaway database of each kind, dropped afterwards. */
async function throwaway(kind: DbKind): Promise<{
  database: Database;
  /** How the server process reaches the same database. */
  serverEnv: Record<string, string>;
  dispose(): Promise<void>;
}> {
  if (kind === 'postgres') {
    const keep = process.env.BENCH_KEEP;
    if (keep !== undefined && !/^[a-z][a-z0-9_]{0,40}$/.test(keep))
      throw new Error('BENCH_KEEP must be a lower-case database name');
    const name = keep ?? `console_bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      serverEnv: { DATABASE_URL: url.toString() },
      dispose: async () => {
        await database.close();
        if (keep) return;
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    serverEnv: { DATA_DIR: dir },
    dispose: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Compiles the server as `npm start` does (server/dist). */
function buildServer() {
  const r = spawnSync(process.execPath, ['server/scripts/build.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('the server build failed');
}

/**
 * The real server, started as production starts it (`node server/dist/main.js`) in its own
 * process, so its memory and event loop are its own.
 */
async function startServer(dbEnv: Record<string, string>, sectionsDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_DATA: '1',
      // No simulated gate readings under the measured load.
      DEMO_FLOW: '0',
      // Sign-in cases send X-Forwarded-For so the per-source limit keys on each sample.
      TRUST_PROXY: '1',
      HOST_DIST: path.join(os.tmpdir(), 'console-bench-no-host'),
      SECTIONS_DIR: sectionsDir,
      // Backups the cases take are thrown away with the run.
      BACKUP_DIR: path.join(sectionsDir, 'backups'),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function drive(url: string, req: LoadCase['request'], cookie: string | undefined) {
  const opts = {
    url,
    method: req.method ?? 'GET',
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      ...(cookie ? { cookie } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
    connections,
    duration,
  };
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'drive.mjs'), JSON.stringify(opts)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as LoadResult)
        : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

/** Resident memory of a process (Linux /proc), in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** Peak resident memory of the server process (and its embedded database) meanwhile. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);
  try {
    return [await work(), peak];
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
interface Row {
  case: string;
  db: string;
  target: string;
  p50: string;
  p99: string;
  'req/s': string;
  rss: string;
  note: string;
}
const rows: Row[] = [];
const custom: { case: string; db: string; [k: string]: string | number }[] = [];

async function benchOn(kind: DbKind, cases: BenchCase[]) {
  console.log(`\n▶ ${kind}: creating a throwaway database and seeding…`);
  const { database, serverEnv, dispose } = await throwaway(kind);
  const env: ServerEnv = { ...readEnv({}), demoData: true };
  const sectionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-sections-'));
  const bare = Fastify();
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await seedDatabase(database.db, env);
    for (const c of cases) {
      if (c.seed) {
        const started = Date.now();
        await c.seed({ db: database.db, kind });
        console.log(`  seeded ${c.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    // PGlite allows one process per data directory: the seeding connection closes first.
    if (kind === 'pglite') await database.close();
    server = await startServer(serverEnv, sectionsDir);
    const { baseUrl } = server;

    const cookies = new Map<Role, string>();
    let ip = 0;
    const cookie = async (role: Role) => {
      if (!cookies.has(role)) {
        const account = DEMO_ACCOUNTS.find((a) => a.username === role)!;
        const res = await fetch(`${baseUrl}/api/user/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [CSRF_HEADER]: CSRF_HEADER_VALUE,
            'x-forwarded-for': `10.88.0.${++ip}`,
          },
          body: JSON.stringify({ username: account.username, password: account.password }),
        });
        const set = res.headers.get('set-cookie') ?? '';
        cookies.set(role, set.split(';')[0]);
      }
      return cookies.get(role)!;
    };
    const pid = server.pid;
    const ctx: RunContext = {
      kind,
      baseUrl,
      cookie,
      peakRss: (work) => withPeakRss(pid, work),
      serverRss: () => rssOf(pid),
      databaseUrl: serverEnv.DATABASE_URL,
    };

    // The bare endpoint serves each case's answer, captured once, from memory.
    const bodies: string[] = [];
    bare.get('/bare/:i', async (req, reply) =>
      reply.type('application/json').send(bodies[Number((req.params as { i: string }).i)]),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

    for (const c of cases) {
      if (c.kind === 'custom') {
        console.log(`  measuring ${c.name}…`);
        const figures = await c.measure(ctx);
        console.log(`    ${JSON.stringify(figures)}`);
        custom.push({ case: c.name, db: kind, ...figures });
        continue;
      }
      const auth = c.request.as ? await cookie(c.request.as) : undefined;
      const sample = await fetch(`${baseUrl}${c.request.path}`, {
        method: c.request.method ?? 'GET',
        headers: {
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          ...(auth ? { cookie: auth } : {}),
          ...(c.request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: c.request.body === undefined ? undefined : JSON.stringify(c.request.body),
      });
      const body = await sample.text();
      if (!sample.ok) throw new Error(`${c.name}: ${sample.status} ${body.slice(0, 200)}`);
      bodies.push(body);
      const index = bodies.length - 1;

      console.log(`  loading ${c.name} (${connections} connections, ${duration} s)…`);
      const [measured, rss] = await withPeakRss(server.pid, () =>
        drive(`${baseUrl}${c.request.path}`, c.request, auth),
      );
      const plain = await drive(`${bareUrl}/bare/${index}`, { path: '' }, undefined);
      const note = (r: LoadResult) =>
        r.non2xx || r.errors
          ? `${r.non2xx} non-2xx, ${r.errors} errors`
          : `${(body.length / 1024).toFixed(1)} KB answer`;
      console.log(
        `    server p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.rps.toFixed(0)} req/s, rss ${mb(rss)}; ` +
          `bare p50 ${plain.p50} ms, p99 ${plain.p99} ms, ${plain.rps.toFixed(0)} req/s`,
      );
      rows.push(
        {
          case: c.name,
          db: kind,
          target: 'server',
          p50: `${measured.p50} ms`,
          p99: `${measured.p99} ms`,
          'req/s': measured.rps.toFixed(0),
          rss: mb(rss),
          note: note(measured),
        },
        {
          case: c.name,
          db: kind,
          target: 'bare',
          p50: `${plain.p50} ms`,
          p99: `${plain.p99} ms`,
          'req/s': plain.rps.toFixed(0),
          rss: '',
          note: note(plain),
        },
      );
    }
  } finally {
    await server?.stop();
    await bare.close();
    await dispose();
    fs.rmSync(sectionsDir, { recursive: true, force: true });
  }
}

async function main() {
  const cases = await loadCases();
  buildServer();
  const kinds = (args.db ?? '').split(',').filter(Boolean) as DbKind[];
  const started = Date.now();
  for (const kind of kinds) {
    if (kind === 'postgres' && !(await postgresReachable())) {
      console.warn(`PostgreSQL is not reachable at ${adminUrl}; skipping it.`);
      continue;
    }
    await benchOn(kind, cases);
  }
  console.log(
    `\nLoad: ${connections} connections, ${duration} s per run; rss = peak of the server process.`,
  );
  if (rows.length) console.table(rows);
  if (custom.length) console.table(custom);
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
