import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defineCase } from '../framework';
import guideList from './guide-list';

// Issue #15 point 6: backup and restore time and the server's peak memory with 1 M audit rows
// and 100 000 guides (the guide-list case's guides). Issue 25 point 16: on PostgreSQL, beside
// `pg_dump -Fc` and `pg_restore` (into a new database) of the same database in the same run,
// with the ratios (target: at most 3). Smaller runs:
//   BENCH_BACKUP_AUDIT_ROWS=200000 BENCH_CASE=backup BENCH_DB=pglite npm run bench
const AUDIT_ROWS = Number(process.env.BENCH_BACKUP_AUDIT_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs a PostgreSQL client tool; its time in seconds. */
function timed(tool: string, args: string[]): number {
  const started = performance.now();
  const r = spawnSync(`/usr/bin/${tool}`, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`${tool}: ${r.stderr.toString().slice(0, 500)}`);
  return (performance.now() - started) / 1000;
}

/** `pg_dump -Fc` of the database, then `pg_restore` of it into a new database (dropped). */
async function postgresTools(databaseUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-pgdump-'));
  const dump = path.join(dir, 'dump.pgc');
  const target = new URL(databaseUrl);
  const name = `${target.pathname.slice(1)}_pgrestore`;
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const dumpS = timed('pg_dump', ['-Fc', '-f', dump, databaseUrl]);
    await admin.query(`create database "${name}"`);
    const restoreS = timed('pg_restore', ['--no-owner', '-d', target.toString(), dump]);
    return { dumpS, restoreS, size: fs.statSync(dump).size };
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default defineCase({
  kind: 'custom',
  name: `backup and restore (${AUDIT_ROWS.toLocaleString('en')} audit rows + 100k guides)`,
  async seed(ctx) {
    await guideList.seed?.(ctx);
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from audit_log`),
    );
    // Rows shaped like a busy day's log: a diff, a user agent, a request id each.
    for (let from = n + 1; from <= AUDIT_ROWS; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, AUDIT_ROWS);
      await ctx.db.execute(sql`
        insert into audit_log (at, user_id, username, role, action, entity_type, entity_id, diff,
          request_id, ip, user_agent, result, duration_ms, prev_hash, hash)
        select now() - (i || ' seconds')::interval, 1 + i % 3, 'operator', 'operator',
          'guide.update', 'guide', (1 + i % 100000)::text,
          jsonb_build_object('phone', jsonb_build_object('before', '1380000' || i, 'after', '1390000' || i)),
          md5(i::text), '10.0.' || (i % 250) || '.' || (i % 200),
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          200, i % 300, md5('p' || i) || md5('q' || i), md5('h' || i) || md5('k' || i)
        from generate_series(${from}::int, ${to}::int) as i`);
    }
  },
  async measure({ baseUrl, cookie, peakRss, databaseUrl }) {
    // The tools first: the same rows our backup then reads (its restore adds none).
    const tools = databaseUrl ? await postgresTools(databaseUrl) : null;
    const headers = {
      cookie: await cookie('admin'),
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    };
    let started = performance.now();
    const [made, backupRss] = await peakRss(async () => {
      const res = await fetch(`${baseUrl}/api/backups`, { method: 'POST', headers, body: '{}' });
      if (!res.ok) throw new Error(`backup: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: string; size: number; rows: number } }).data;
    });
    const backupS = (performance.now() - started) / 1000;
    started = performance.now();
    // When each phase was first seen (GET /api/backups/progress, polled): where the time goes.
    const phaseAt = new Map<string, number>();
    let restoring = true;
    const watcher = (async () => {
      while (restoring) {
        const res = await fetch(`${baseUrl}/api/backups/progress`, { headers });
        const p = ((await res.json()) as { data: { phase: string } | null }).data;
        if (p && !phaseAt.has(p.phase)) phaseAt.set(p.phase, performance.now());
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const [, restoreRss] = await peakRss(async () => {
      const res = await fetch(`${baseUrl}/api/backups/${made.id}/restore`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ confirm: true }),
      });
      if (!res.ok) throw new Error(`restore: ${res.status} ${await res.text()}`);
    }).finally(() => (restoring = false));
    const ended = performance.now();
    await watcher;
    const restoreS = (ended - started) / 1000;
    // Each phase's seconds, up to the next phase seen (validate runs beside pre-restore).
    const seen = [...phaseAt.entries()].sort((a, b) => a[1] - b[1]);
    const phases = Object.fromEntries(
      seen.map(([phase, at], i) => [
        `restore ${phase} s`,
        Number((((seen[i + 1]?.[1] ?? ended) - at) / 1000).toFixed(1)),
      ]),
    );
    return {
      rows: made.rows,
      'file MB': mb(made.size),
      'backup s': Number(backupS.toFixed(1)),
      'backup peak rss MB': mb(backupRss),
      // Validation, the automatic pre-restore backup and the replacement.
      'restore s': Number(restoreS.toFixed(1)),
      'restore peak rss MB': mb(restoreRss),
      ...phases,
      ...(tools
        ? {
            'pg_dump -Fc s': Number(tools.dumpS.toFixed(1)),
            'pg_dump file MB': mb(tools.size),
            'pg_restore s': Number(tools.restoreS.toFixed(1)),
            'backup / pg_dump': Number((backupS / tools.dumpS).toFixed(2)),
            'restore / pg_restore': Number((restoreS / tools.restoreS).toFixed(2)),
          }
        : {}),
    };
  },
});
