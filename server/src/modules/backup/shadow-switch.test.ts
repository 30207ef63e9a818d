// A PGlite restore switches to its shadow tables in a short transaction and moves them into
// public after it, a statement at a time (issue 25 point 12, shadow.ts): every state in between
// reads the restored rows, a process stopped after the switch is finished at its next start
// with nothing lost, and the restore never holds the one connection much longer than the piece
// of rows it loads at a time. PostgreSQL replaces the rows in one transaction (no switch).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '@console/shared';
import { createTestApp, dbKind, type TestApp } from '../../../test/support/app';
import type { Db } from '../../db/types';
import { verifyChain } from '../audit/log';
import { allTables, EPHEMERAL_TABLES, ident } from './tables';
import { rowsOf } from './write';
import { holdsOf, type Hold } from './holds';
import { BackupService } from './service';
import { SystemConfigService } from '../system-config/service';
import { createLocalBus } from '../../events/bus';
import * as shadowModule from './shadow';

// The restore's tidying after its switch, held back when a test says so (a process stopped
// right after the switch's commit); the real one otherwise.
const stopAfterSwitch = { on: false, schemas: [] as string[] };
vi.mock('./shadow', async (importOriginal) => {
  const original = await importOriginal<typeof shadowModule>();
  return {
    ...original,
    finishSwitch: (...args: Parameters<typeof original.finishSwitch>) => {
      if (!stopAfterSwitch.on) return original.finishSwitch(...args);
      stopAfterSwitch.schemas.push(args[1]);
      return Promise.resolve();
    },
  };
});
const { finishSwitch, leftoverShadows, settleShadowsLeftByAStop } =
  await vi.importActual<typeof shadowModule>('./shadow');

/** What the app reads of each table (unqualified names, as it sends them): count and md5. */
async function seen(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of allTables()) {
    if (EPHEMERAL_TABLES.has(t.name) || t.name === 'audit_log') continue;
    const [row] = rowsOf<{ sum: string; n: number }>(
      await db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum, count(*)::int as n from ${ident(t.name)} t`,
        ),
      ),
    );
    out[t.name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

const restorer = { userId: 1, username: 'admin', sessionId: 0 };
let t: TestApp;
let backupDir: string;

beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shadow-switch-test-'));
  t = await createTestApp({ backupDir }, {}, { jobs: false });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe.runIf(dbKind() === 'pglite')('the switch to the restored tables (PGlite)', () => {
  /** A backup, then changes to it: the restore must bring back exactly the backup's rows. */
  async function backupThenChange(): Promise<{ id: string; restored: Record<string, string> }> {
    const { db, backup } = t.services;
    const made = await backup.create('manual');
    const restored = await seen(db);
    await db.execute(sql`update guides set phone = '13900000000' where id in (
      select id from guides order by id limit 5)`);
    await db.execute(sql`delete from guide_languages where guide_id in (
      select id from guides order by id limit 3)`);
    expect(await seen(db)).not.toEqual(restored);
    return { id: made.id, restored };
  }

  it('reads the restored rows at every step after the switch, and the chain verifies', async () => {
    const { db, backup } = t.services;
    const { id, restored } = await backupThenChange();
    const [{ path: pathBefore }] = rowsOf<{ path: string }>(
      await db.execute(sql`select current_setting('search_path') as path`),
    );
    stopAfterSwitch.on = true;
    try {
      await backup.restoreStored(id, restorer);
    } finally {
      stopAfterSwitch.on = false;
    }
    const [schema] = stopAfterSwitch.schemas.splice(0);
    expect(await leftoverShadows(db)).toEqual([schema]);
    // Switched: a request reads the restored rows, and one through the API too.
    expect(await seen(db)).toEqual(restored);
    const answered = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answered.statusCode).toBe(200);

    let steps = 0;
    await finishSwitch(db, schema!, async () => {
      steps++;
      expect(await seen(db), `after step ${steps}`).toEqual(restored);
    });
    // Every table dropped, then moved, then the path and the schema.
    expect(steps).toBeGreaterThan(2 * 10);
    expect(await leftoverShadows(db)).toEqual([]);
    const [where] = rowsOf<{ table: string; path: string }>(
      await db.execute(sql`select to_regclass('guides')::text as table,
        current_setting('search_path') as path`),
    );
    expect(where).toEqual({ table: 'guides', path: pathBefore });
    expect(await seen(db)).toEqual(restored);
    const chain = await verifyChain(db);
    expect(chain.intact).toBe(true);
  });

  it('finishes at the next start a restore stopped after its switch, midway or not, losing nothing', async () => {
    const { db, backup } = t.services;
    // Stopped right after the switch, midway through the drops, midway through the moves.
    for (const stopAt of ['switch', 'drops', 'moves'] as const) {
      const { id, restored } = await backupThenChange();
      const [{ n: auditBefore }] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from audit_log`),
      );
      stopAfterSwitch.on = true;
      try {
        await backup.restoreStored(id, restorer);
      } finally {
        stopAfterSwitch.on = false;
      }
      const [schema] = stopAfterSwitch.schemas.splice(0);
      const [{ n: tables }] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from pg_class
          where relnamespace = ${schema}::regnamespace and relkind = 'r'`),
      );
      const steps = { switch: 0, drops: tables / 2, moves: tables * 1.5 }[stopAt];
      if (steps > 0) {
        let done = 0;
        const stopped = new Error('stopped');
        await finishSwitch(db, schema!, async () => {
          if (++done >= steps) throw stopped;
        }).catch((err: unknown) => {
          if (err !== stopped) throw err;
        });
      }
      // A new process: the search_path of a new connection.
      await db.execute(sql`set search_path to default`);
      expect(await settleShadowsLeftByAStop(t.database), stopAt).toEqual({
        finished: [schema],
        dropped: [],
      });
      expect(await leftoverShadows(db)).toEqual([]);
      expect(await seen(db), stopAt).toEqual(restored);
      // The trail kept every row and recorded the restore; it verifies.
      const [{ n: auditAfter }] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from audit_log`),
      );
      expect(auditAfter).toBeGreaterThan(auditBefore);
      const recorded = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from audit_log
          where entity_type = 'backup' and entity_id = ${id} and diff ? 'restoredFrom'`),
      );
      expect(recorded[0]!.n).toBe(1);
      expect((await verifyChain(db)).intact).toBe(true);
    }
  });

  it('holds the connection for no step much longer than a piece of rows it loads', async () => {
    const { db, backup } = t.services;
    // Rows enough for many pieces, in a table the restore loads.
    await db.execute(sql`
      insert into guide_specialties (guide_id, specialty)
      select g.id, 'filler ' || i || ' ' || repeat('x', 40) from guides g, generate_series(1, 400) as i
      on conflict do nothing`);
    const made = await backup.create('manual');
    const restoreHolds = async (service: BackupService) => {
      const holds = holdsOf(db);
      await service.restoreStored(made.id, restorer);
      return holds.stop();
    };
    const all = await restoreHolds(backup);
    // The same restore with its shadow tables moved in inside its transaction (as before).
    const moved = await restoreHolds(
      new BackupService(
        db,
        backupDir,
        new SystemConfigService(db),
        systemClock,
        createLocalBus(),
        'move',
      ),
    );
    await db.execute(sql`delete from guide_specialties where specialty like 'filler %'`);

    // CPU time: PGlite works in this thread, so it is each hold's own work, however loaded the
    // machine is. The unit the restore is cut into: a piece of rows copied into a shadow table.
    const pieces = all
      .filter((h) => h.what.startsWith('copy "restore_shadow_'))
      .map((h) => h.cpuMs)
      .sort((a, b) => a - b);
    expect(pieces.length).toBeGreaterThan(20);
    const piece = pieces[Math.floor(pieces.length * 0.9)]!;
    const transaction = (holds: Hold[]) => holds.find((h) => h.what === 'transaction')!.cpuMs;
    const show = (h: Hold) => `${h.what}: ${h.cpuMs.toFixed(0)} ms, a piece ${piece.toFixed(0)} ms`;
    // The restore's one transaction switches, and so costs a few pieces at most ...
    expect(transaction(all), show(all.find((h) => h.what === 'transaction')!)).toBeLessThan(
      4 * piece,
    );
    // ... where moving the tables in it cost more than the switch, on the same rows.
    expect(transaction(moved)).toBeGreaterThan(transaction(all));
    // And no other step holds the connection for much more than a piece either.
    const longest = all.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
    expect(longest.cpuMs, show(longest)).toBeLessThan(10 * piece);
  });
});
