// A PGlite restore switches to its shadow tables in a short transaction and moves them into
// public after it, a statement at a time (issue 25 point 12, shadow.ts): every state in between
// reads the restored rows, a process stopped after the switch is finished when the database
// next opens (before a newer build's migrations) with nothing lost, one stopped before it leaves
// nothing behind, and the restore never holds the one connection much longer than the piece of
// rows it loads at a time. PostgreSQL replaces the rows in one transaction (no switch).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '@console/shared';
import { createTestApp, dbKind, type TestApp } from '../../../test/support/app';
import { MIGRATIONS_FOLDER, openDatabase, type Database } from '../../db/client';
import type { Db } from '../../db/types';
import { verifyChain } from '../audit/log';
import * as mergeModule from '../audit/merge';
import { recordAudit } from '../audit/writer';
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
// A process stopped before the switch: right after staging the backup's audit rows, or in the
// restore's transaction (which never commits). Its clean-up never runs either.
const stopBeforeSwitch = { at: null as 'staging' | 'transaction' | null };
const stopped = () => Promise.reject(new Error('stopped'));
vi.mock('./shadow', async (importOriginal) => {
  const original = await importOriginal<typeof shadowModule>();
  return {
    ...original,
    finishSwitch: (...args: Parameters<typeof original.finishSwitch>) => {
      if (!stopAfterSwitch.on) return original.finishSwitch(...args);
      stopAfterSwitch.schemas.push(args[1]);
      return Promise.resolve();
    },
    switchTo: (...args: Parameters<typeof original.switchTo>) =>
      stopBeforeSwitch.at === 'transaction' ? stopped() : original.switchTo(...args),
    dropShadow: (...args: Parameters<typeof original.dropShadow>) =>
      stopBeforeSwitch.at ? Promise.resolve() : original.dropShadow(...args),
  };
});
vi.mock('../audit/merge', async (importOriginal) => {
  const original = await importOriginal<typeof mergeModule>();
  return {
    ...original,
    dropStagedRowsPresent: (...args: Parameters<typeof original.dropStagedRowsPresent>) =>
      stopBeforeSwitch.at === 'staging' ? stopped() : original.dropStagedRowsPresent(...args),
    dropAuditStaging: (...args: Parameters<typeof original.dropAuditStaging>) =>
      stopBeforeSwitch.at ? Promise.resolve() : original.dropAuditStaging(...args),
  };
});
const { finishSwitch, leftoverShadows, settleRestoreLeftByAStop } =
  await vi.importActual<typeof shadowModule>('./shadow');
const { leftoverAuditStaging } = await vi.importActual<typeof mergeModule>('../audit/merge');

/**
 * What the app reads of each table (unqualified names, as it sends them): count and md5; of
 * its columns but `added` (by a newer build's migration).
 */
async function seen(db: Db, added: string[] = []): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const row = `(to_jsonb(t) - '{${added.join(',')}}'::text[])::text`;
  for (const t of allTables()) {
    if (EPHEMERAL_TABLES.has(t.name) || t.name === 'audit_log') continue;
    const [read] = rowsOf<{ sum: string; n: number }>(
      await db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as sum, count(*)::int as n from ${ident(t.name)} t`,
        ),
      ),
    );
    out[t.name] = `${read!.n}:${read!.sum}`;
  }
  return out;
}

/** The trail as the app reads it: its rows and its last hash. */
async function trailOf(db: Db): Promise<{ n: number; last: string | null }> {
  const [trail] = rowsOf<{ n: number; last: string | null }>(
    await db.execute(sql`select count(*)::int as n,
      (select hash from audit_log order by id desc limit 1) as last from audit_log`),
  );
  return trail!;
}

/** A newer build's migrations: this build's and one more, which alters the guides table. */
const PROBE_COLUMN = 'settle_probe';
function withOneMoreMigration(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shadow-switch-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_settle_probe`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(folder, `${tag}.sql`),
    `ALTER TABLE "guides" ADD COLUMN "${PROBE_COLUMN}" text DEFAULT 'migrated' NOT NULL;`,
  );
  return folder;
}

/** The next process on the data as this one's stop left them (its search_path gone with it). */
async function nextStart(db: Db, migrationsFolder?: string): Promise<Database> {
  const client = (db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  return openDatabase({
    memory: true,
    loadDataDir: await client.dumpDataDir('none'),
    migrationsFolder,
  });
}

/** This process settled as if it had started again (the next round restores here). */
async function restartHere(db: Db): Promise<void> {
  await db.execute(sql`set search_path to default`);
  await settleRestoreLeftByAStop(t.database);
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
  let changes = 0;
  async function backupThenChange(): Promise<{ id: string; restored: Record<string, string> }> {
    const { db, backup } = t.services;
    const made = await backup.create('manual');
    const restored = await seen(db);
    // Another phone each time: a restore that did not happen leaves the last change in place.
    changes++;
    await db.execute(sql`update guides set phone = ${`139${String(changes).padStart(8, '0')}`}
      where id in (select id from guides order by id limit 5)`);
    await db.execute(sql`delete from guide_languages where guide_id in (
      select id from guides order by id limit 3)`);
    expect(await seen(db)).not.toEqual(restored);
    return { id: made.id, restored };
  }

  /** Restores backup `id` in a process stopped right after the switch; its shadow schema. */
  async function restoreStoppedAfterSwitch(id: string): Promise<string> {
    stopAfterSwitch.on = true;
    try {
      await t.services.backup.restoreStored(id, restorer);
    } finally {
      stopAfterSwitch.on = false;
    }
    return stopAfterSwitch.schemas.splice(0)[0]!;
  }

  it('reads the restored rows at every step after the switch, and the chain verifies', async () => {
    const { db } = t.services;
    const { id, restored } = await backupThenChange();
    const [{ path: pathBefore }] = rowsOf<{ path: string }>(
      await db.execute(sql`select current_setting('search_path') as path`),
    );
    const schema = await restoreStoppedAfterSwitch(id);
    expect(await leftoverShadows(db)).toEqual([schema]);
    // Switched: a request reads the restored rows, and one through the API too.
    expect(await seen(db)).toEqual(restored);
    const answered = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answered.statusCode).toBe(200);

    let steps = 0;
    await finishSwitch(db, schema, async () => {
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

  it('finishes a restore stopped after its switch, midway or not, when the database next opens, before a newer build migrates it, losing nothing', async () => {
    const { db } = t.services;
    const migrations = withOneMoreMigration();
    try {
      // Stopped right after the switch, midway through the drops, midway through the moves.
      for (const stopAt of ['switch', 'drops', 'moves'] as const) {
        const { id, restored } = await backupThenChange();
        const auditBefore = (await trailOf(db)).n;
        const schema = await restoreStoppedAfterSwitch(id);
        // The switch's transaction merged the backup's audit rows and dropped their staging
        // table: none is left that a stop from here on could leave unmerged.
        expect(await leftoverAuditStaging(db), stopAt).toEqual([]);
        const [{ n: tables }] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from pg_class
            where relnamespace = ${schema}::regnamespace and relkind = 'r'`),
        );
        const steps = { switch: 0, drops: tables / 2, moves: tables * 1.5 }[stopAt];
        if (steps > 0) {
          let done = 0;
          const halted = new Error('stopped');
          await finishSwitch(db, schema, async () => {
            if (++done >= steps) throw halted;
          }).catch((err: unknown) => {
            if (err !== halted) throw err;
          });
        }

        const next = await nextStart(db, migrations);
        try {
          expect(next.settledAtOpen, stopAt).toEqual({
            finished: [schema],
            dropped: [],
            stagingDropped: [],
          });
          expect(await leftoverShadows(next.db)).toEqual([]);
          // The migration altered the restored table, which holds every restored row.
          const [probe] = rowsOf<{ n: number; migrated: number }>(
            await next.db.execute(
              sql.raw(`select count(*)::int as n,
              count(*) filter (where ${PROBE_COLUMN} = 'migrated')::int as migrated from guides`),
            ),
          );
          expect(probe!.n).toBeGreaterThan(0);
          expect(probe!.migrated, stopAt).toBe(probe!.n);
          expect(await seen(next.db, [PROBE_COLUMN]), stopAt).toEqual(restored);
          // The trail kept every row and recorded the restore; it verifies.
          expect((await trailOf(next.db)).n).toBeGreaterThan(auditBefore);
          const recorded = rowsOf<{ n: number }>(
            await next.db.execute(sql`select count(*)::int as n from audit_log
              where entity_type = 'backup' and entity_id = ${id} and diff ? 'restoredFrom'`),
          );
          expect(recorded[0]!.n).toBe(1);
          expect((await verifyChain(next.db)).intact).toBe(true);
        } finally {
          await next.close();
        }
        await restartHere(db);
        expect(await seen(db), stopAt).toEqual(restored);
      }
    } finally {
      fs.rmSync(migrations, { recursive: true, force: true });
    }
  });

  it('drops what a restore stopped before its switch left when the database next opens: the data and the trail as they were', async () => {
    const { db, backup } = t.services;
    // A row of the trail for the backups below to hold (and stage, when restored).
    await db.transaction((tx) =>
      recordAudit(tx, { entityType: 'test', entityId: 'stopped restore', diff: null }),
    );
    for (const stopAt of ['staging', 'transaction'] as const) {
      const { id } = await backupThenChange();
      const current = await seen(db);
      stopBeforeSwitch.at = stopAt;
      try {
        await expect(backup.restoreStored(id, restorer)).rejects.toThrow('stopped');
      } finally {
        stopBeforeSwitch.at = null;
      }
      const staging = await leftoverAuditStaging(db);
      expect(staging, stopAt).toHaveLength(1);
      const shadows = await leftoverShadows(db);
      expect(shadows, stopAt).toHaveLength(stopAt === 'transaction' ? 1 : 0);
      if (stopAt === 'staging') {
        // The backup's audit rows, staged and not yet checked against the trail: the restore's
        // transaction, which would have merged them, never ran.
        const [{ n: staged }] = rowsOf<{ n: number }>(
          await db.execute(sql.raw(`select count(*)::int as n from ${staging[0]}`)),
        );
        expect(staged).toBeGreaterThan(0);
      }
      const trail = await trailOf(db);

      const next = await nextStart(db);
      try {
        expect(next.settledAtOpen, stopAt).toEqual({
          finished: [],
          dropped: shadows,
          stagingDropped: staging,
        });
        expect(await leftoverAuditStaging(next.db)).toEqual([]);
        expect(await leftoverShadows(next.db)).toEqual([]);
        // The restore did not happen: the data as they were, the trail too (every row of its
        // own, none of the backup's merged), and it verifies.
        expect(await seen(next.db), stopAt).toEqual(current);
        expect(await trailOf(next.db), stopAt).toEqual(trail);
        expect((await verifyChain(next.db)).intact).toBe(true);
      } finally {
        await next.close();
      }
      await restartHere(db);
    }
  });

  it('restores again after a restore whose tidying after its switch failed', async () => {
    const { db, backup } = t.services;
    // The process runs on with the switch's search_path: the next restore finishes the switch.
    await restoreStoppedAfterSwitch((await backupThenChange()).id);
    const { id, restored } = await backupThenChange();
    await backup.restoreStored(id, restorer);
    expect(await leftoverShadows(db)).toEqual([]);
    expect(await leftoverAuditStaging(db)).toEqual([]);
    expect(await seen(db)).toEqual(restored);
    expect((await verifyChain(db)).intact).toBe(true);
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
    // Each step's least CPU time over two restores after a first one. The first restore in a
    // process pays PGlite's cold costs (its heap growing, its first DDL) in whichever step meets
    // them, and CPU time is the whole process's: a step that met a garbage collection counts it
    // too. Neither is the step's own work, and neither comes twice to the same step.
    await restoreHolds(backup);
    const runs = [await restoreHolds(backup), await restoreHolds(backup)];
    const stepOf = (h: Hold) => h.what.replace(/restore_shadow_[0-9a-f]+/g, 'restore_shadow_*');
    const least = new Map<string, Hold>();
    for (const h of runs.flat()) {
      const seen = least.get(stepOf(h));
      if (!seen || h.cpuMs < seen.cpuMs) least.set(stepOf(h), h);
    }
    const all = runs[0];
    const steps = [...least.values()];
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
    expect(transaction(steps), show(least.get('transaction')!)).toBeLessThan(4 * piece);
    // ... where moving the tables in it cost more than the switch, on the same rows.
    expect(transaction(moved)).toBeGreaterThan(transaction(steps));
    // And no other step holds the connection for much more than a piece either.
    const longest = steps.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
    expect(longest.cpuMs, show(longest)).toBeLessThan(10 * piece);
  });
});
