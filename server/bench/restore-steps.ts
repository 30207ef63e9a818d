// What holds PGlite's one connection during a restore, measured in-process: every statement
// outside a transaction and every transaction (with its own statements) is timed, and the
// longest are printed — each is a time every other request waits (issue 25 points 12, 16) —
// beside the waits of a `select 1` sent every 20 ms meanwhile; the same backup is restored
// with the shadow tables moved in inside the restore's transaction (`move`, as before) and
// switched to (`switch`), on the same data in the same run.
// The data are the responsiveness case's (100 000 guides, BENCH_RESPONSIVE_AUDIT_ROWS audit
// rows); BENCH_RESTORE_SEEDED=<dir> keeps the seeded data directory there and reuses it.
//   npx tsx bench/restore-steps.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { systemClock } from '@console/shared';
import { openDatabase } from '../src/db/client';
import { readEnv } from '../src/config/env';
import { seedDatabase } from '../src/seed';
import { SystemConfigService } from '../src/modules/system-config/service';
import { BackupService } from '../src/modules/backup/service';
import { createLocalBus } from '../src/events/bus';
import { holdsOf } from '../src/modules/backup/holds';
import type { ShadowSwap } from '../src/modules/backup/restore';
import type { Db } from '../src/db/types';
import { percentile } from './framework';
import responsiveness from './cases/backup-responsiveness';

/**
 * `select 1` every 20 ms (what /api/health asks) until `stop`: each one's wait in ms, counted
 * from when it was due — PGlite runs in this thread, and while it works no timer fires (a
 * client in another process would have sent it on time).
 */
function pingDuring(db: Db) {
  const waits: number[] = [];
  const at: number[] = [];
  let done = false;
  const loop = (async () => {
    let due = performance.now();
    while (!done) {
      await db.execute(sql`select 1`);
      at.push(performance.now());
      waits.push(at.at(-1)! - due);
      due = performance.now() + 20;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      done = true;
      await loop;
      return Object.assign(waits, { at });
    },
  };
}

const seeded = process.env.BENCH_RESTORE_SEEDED;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-steps-'));
const dataDir = path.join(dir, 'data');
if (seeded && fs.existsSync(seeded)) fs.cpSync(seeded, dataDir, { recursive: true });
const database = await openDatabase({ dataDir });
try {
  const env = { ...readEnv({}), demoData: true };
  await seedDatabase(database.db, env);
  await responsiveness.seed!({ db: database.db, kind: 'pglite' });
  if (seeded && !fs.existsSync(seeded)) {
    await database.close();
    fs.cpSync(dataDir, seeded, { recursive: true });
    throw new Error(`seeded into ${seeded}: run again`);
  }
  const item = await new BackupService(
    database.db,
    path.join(dir, 'backups'),
    new SystemConfigService(database.db),
    systemClock,
    createLocalBus(),
  ).create('manual');
  const summary: Record<string, string | number>[] = [];
  // The same backup restored each way in turn, on the same data (BENCH_RESTORE_RUNS rounds).
  for (let round = 0; round < Number(process.env.BENCH_RESTORE_RUNS ?? 1); round++) {
    const ways = (process.env.BENCH_RESTORE_HOW ?? 'move,switch').split(',') as ShadowSwap[];
    for (const how of ways) {
      const service = new BackupService(
        database.db,
        path.join(dir, 'backups'),
        new SystemConfigService(database.db),
        systemClock,
        createLocalBus(),
        how,
      );
      const holds = holdsOf(database.db);
      const pings = pingDuring(database.db);
      const started = performance.now();
      const phases: { at: number; phase: string }[] = [];
      await service.restoreStored(item.id, { userId: 1, username: 'admin', sessionId: 0 }, (p) => {
        if (phases.at(-1)?.phase !== p.phase)
          phases.push({ at: performance.now(), phase: p.phase });
      });
      const seconds = (performance.now() - started) / 1000;
      const waits = await pings.stop();
      const all = holds.stop();
      const p = (q: number) => percentile(waits, q).toFixed(0);
      console.log(
        `\n${how}: restore of ${item.rows} rows ${seconds.toFixed(1)} s; ${waits.length} pings ` +
          `p50 ${p(50)} p95 ${p(95)} p99 ${p(99)} max ${Math.max(...waits).toFixed(0)} ms; ${all.length} holds`,
      );
      const longest = all.reduce((a, b) => (b.ms > a.ms ? b : a));
      summary.push({
        way: how,
        rows: item.rows,
        'restore s': Number(seconds.toFixed(1)),
        'ping p50 ms': Math.round(percentile(waits, 50)),
        'ping p95 ms': Math.round(percentile(waits, 95)),
        'ping p99 ms': Math.round(percentile(waits, 99)),
        'ping max ms': Math.round(Math.max(...waits)),
        'longest hold ms': Math.round(longest.ms),
        'longest hold': longest.what.replace(/"restore_shadow_\w+"\./g, '').slice(0, 40),
      });
      // The pings that waited longest: in which phase, and the holds that ended meanwhile.
      const slow = waits
        .map((ms, i) => ({ ms, at: waits.at[i]! }))
        .sort((x, y) => y.ms - x.ms)
        .slice(0, 3);
      for (const ping of slow) {
        const phase = phases.filter((x) => x.at <= ping.at - ping.ms).at(-1)?.phase ?? 'before';
        const near = all.filter((h) => h.end >= ping.at - ping.ms && h.end <= ping.at);
        console.log(
          `  ping ${ping.ms.toFixed(0)} ms in ${phase}; holds ending then: ${near.map((h) => `${h.ms.toFixed(0)} ${h.what.slice(0, 40)}`).join(' | ')}`,
        );
      }
      // The holds over 100 ms by what they do (the statement's first words).
      const over = new Map<string, number[]>();
      for (const h of all.filter((x) => x.ms > 100)) {
        const kind = h.what.replace(/"restore_shadow_\w+"\./g, '').slice(0, 48);
        over.set(kind, [...(over.get(kind) ?? []), h.ms]);
      }
      for (const [kind, ms] of over)
        console.log(`  ${ms.length} × ${kind}: ${ms.map((m) => m.toFixed(0)).join(', ')}`);
      for (const h of [...all]
        .sort((x, y) => y.ms - x.ms)
        .slice(0, Number(process.env.BENCH_RESTORE_TOP ?? 8))) {
        const during = waits.at.filter((t) => t >= h.end - h.ms && t <= h.end + 5).length;
        console.log(
          `${h.ms.toFixed(0).padStart(6)} ms  ${h.what}  (${during} pings answered meanwhile)`,
        );
        for (const st of [...h.statements].sort((x, y) => y.ms - x.ms).slice(0, 6))
          console.log(`          ${st.ms.toFixed(0).padStart(6)} ms  ${st.what}`);
      }
    }
  }
  console.table(summary);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
