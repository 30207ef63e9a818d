// Backup and restore measured in-process (no HTTP server to start): the same service calls
// the routes make, on a throwaway PostgreSQL database or PGlite directory, with the
// backup-restore case's data. Peak memory is this process's (it holds the database client;
// PGlite's WASM heap included).
//   BENCH_DB=postgres BENCH_BACKUP_AUDIT_ROWS=1000000 npx tsx bench/backup-direct.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { systemClock } from '@console/shared';
import { openDatabase, type Database } from '../src/db/client';
import { readEnv } from '../src/config/env';
import { seedDatabase } from '../src/seed';
import { SystemConfigService } from '../src/modules/system-config/service';
import { BackupService } from '../src/modules/backup/service';
import { createLocalBus } from '../src/events/bus';
import backupCase from './cases/backup-restore';

const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const mb = (b: number) => Math.round(b / 1024 / 1024);

async function open(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-direct-'));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `backup_direct_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

async function peak<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  let max = process.memoryUsage().rss;
  const timer = setInterval(() => (max = Math.max(max, process.memoryUsage().rss)), 50);
  const started = performance.now();
  try {
    const result = await work();
    return [result, (performance.now() - started) / 1000, max];
  } finally {
    clearInterval(timer);
  }
}

const { database, dispose } = await open();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-direct-store-'));
try {
  const env = { ...readEnv({}), demoData: true };
  await seedDatabase(database.db, env);
  let t0 = performance.now();
  await backupCase.seed!({ db: database.db, kind });
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; rss ${mb(process.memoryUsage().rss)} MB`,
  );
  const service = new BackupService(
    database.db,
    dir,
    new SystemConfigService(database.db),
    systemClock,
    createLocalBus(),
  );
  const [item, backupS, backupRss] = await peak(() => service.create('manual'));
  console.log(
    `backup: ${item.rows} rows, ${mb(item.size)} MB file, ${backupS.toFixed(1)} s, peak rss ${mb(backupRss)} MB`,
  );
  t0 = performance.now();
  const [, restoreS, restoreRss] = await peak(() =>
    service.restoreStored(item.id, { userId: 1, username: 'admin', sessionId: 0 }),
  );
  console.log(
    `restore (validate + pre-restore backup + replace): ${restoreS.toFixed(1)} s, peak rss ${mb(restoreRss)} MB`,
  );
} finally {
  await dispose();
  fs.rmSync(dir, { recursive: true, force: true });
}
