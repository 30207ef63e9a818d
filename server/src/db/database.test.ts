// The database layer: one migration folder for both engines, PGlite data that survives a
// restart, one server per data directory, and the production first-admin rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { REPO_ROOT } from '../config/env';
import { propertyCategories } from '../modules/properties/schema';
import { roles, userRoles, users } from '../modules/auth/schema';
import { seedDatabase } from '../seed';
import { dbKind, openTestDatabase } from '../../test/support/app';
import { testEnv } from '../../test/support/env';
import {
  AutoPreparingClient,
  DataDirLockedError,
  lockDataDir,
  MIGRATIONS_FOLDER,
  openDatabase,
  type Database,
} from './client';
import type { Db } from './types';

const rows = async <T>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Tables and columns as the database sees them, to compare two engines. */
const columnsOf = (db: Db) =>
  rows<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    db,
    sql`select table_name, column_name, data_type, is_nullable from information_schema.columns
        where table_schema = 'public' order by table_name, column_name`,
  );

describe('migrations', () => {
  let t: { database: Database; drop(): Promise<void> };
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });

  it(`applies every migration of the one folder (${dbKind()})`, async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const applied = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0].n).toBe(journal.entries.length);
    expect(journal.entries.length).toBeGreaterThan(0);
  });

  it.runIf(dbKind() === 'postgres')(
    'gives PostgreSQL exactly the tables and columns PGlite gets',
    async () => {
      const pglite = await openDatabase({ memory: true });
      try {
        expect(await columnsOf(t.database.db)).toEqual(await columnsOf(pglite.db));
      } finally {
        await pglite.close();
      }
    },
    120_000,
  );
});

describe.runIf(dbKind() === 'postgres')('PostgreSQL statements', () => {
  it('prepares parameterised statements once per connection, and nothing else', async () => {
    const client = new AutoPreparingClient({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const text = 'select $1::int + 1 as n';
      for (const value of [1, 2]) {
        const res = await client.query({ text, values: [value] });
        expect(res.rows).toEqual([{ n: value + 1 }]);
      }
      await client.query({ text: 'select 41 + 1 as n', values: [] });
      // An empty name asks for an unprepared statement.
      await client.query({ text: 'select $1::int * 2 as n', values: [21], name: '' });
      const prepared = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(prepared.rows.map((r) => r.statement)).toEqual([text]);
    } finally {
      await client.end();
    }
  });
});

describe.runIf(dbKind() === 'pglite')('PGlite data directory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-datadir-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps data across a close and reopen', async () => {
    // Start from the seeded test database so no fresh cluster has to be initialised.
    const template = new Blob([fs.readFileSync(inject('templateDataDir'))]);
    const first = await openDatabase({ dataDir: dir, loadDataDir: template });
    await first.db
      .insert(propertyCategories)
      .values({ code: 'survives_restart', nameZh: '重启后仍在', nameEn: 'Survives restart' });
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const second = await openDatabase({ dataDir: dir });
    const found = await second.db
      .select()
      .from(propertyCategories)
      .where(eq(propertyCategories.code, 'survives_restart'));
    expect(found).toHaveLength(1);
    await second.close();
  }, 120_000);

  it('refuses a second opener in the same process tree while the lock is held', () => {
    const release = lockDataDir(dir);
    try {
      // A lock file naming a live process other than us is refused with the clear message.
      fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another server process/);
    } finally {
      fs.rmSync(path.join(dir, 'server.lock'), { force: true });
      release();
    }
  });

  it('takes over the stale lock of a dead process', () => {
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a second server process on the same data directory, and closes cleanly on SIGTERM', async () => {
    const env = {
      ...process.env,
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      HOST_DIST: path.join(dir, 'no-host'),
      SECTIONS_DIR: path.join(dir, 'sections'),
      LOG_LEVEL: 'silent',
    };
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: REPO_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const output = (p: ReturnType<typeof start>) => {
      let text = '';
      p.stdout.on('data', (d) => (text += d));
      p.stderr.on('data', (d) => (text += d));
      return () => text;
    };
    const exited = (p: ReturnType<typeof start>) =>
      new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));

    const first = start();
    const firstOut = output(first);
    const firstExit = exited(first);
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (firstOut().includes('Console ready')) {
            clearInterval(timer);
            resolve();
          }
          if (first.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`first server exited: ${firstOut()}`));
          }
        }, 100);
      });

      const second = start();
      const secondOut = output(second);
      expect(await exited(second)).toBe(1);
      expect(secondOut()).toContain(
        `The data directory ${dir} is in use by another server process`,
      );
      expect(secondOut()).toContain(`pid ${first.pid}`);
    } finally {
      first.kill('SIGTERM');
    }
    expect(await firstExit).toBe(0);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  }, 120_000);
});

describe('first administrator in production', () => {
  let t: { database: Database; drop(): Promise<void> };
  beforeAll(async () => {
    t = await openTestDatabase();
    // A database whose roles exist but which has no administrator yet.
    const [admin] = await t.database.db.select().from(roles).where(eq(roles.code, 'admin'));
    await t.database.db.delete(userRoles).where(eq(userRoles.roleId, admin.id));
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });
  const production = (extra: Record<string, string | undefined> = {}) =>
    testEnv({
      production: true,
      demoData: false,
      adminUsername: undefined,
      adminPassword: undefined,
      ...extra,
    });

  it('refuses to start without ADMIN_USERNAME / ADMIN_PASSWORD', async () => {
    await expect(seedDatabase(t.database.db, production())).rejects.toThrow(
      'No administrator exists. Set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one.',
    );
  });

  it('refuses an ADMIN_PASSWORD that breaks the password policy', async () => {
    await expect(
      seedDatabase(t.database.db, production({ adminUsername: 'root', adminPassword: 'short' })),
    ).rejects.toThrow(/ADMIN_PASSWORD does not meet the password policy/);
  });

  it('creates the first administrator from the environment, once', async () => {
    const env = production({ adminUsername: 'chief', adminPassword: 'Chief12345' });
    await seedDatabase(t.database.db, env);
    await seedDatabase(t.database.db, env);
    const found = await t.database.db.select().from(users).where(eq(users.username, 'chief'));
    expect(found).toHaveLength(1);
    expect(found[0].passwordHash).toMatch(/^\$argon2id\$/);
    expect(found[0].activeRole).toBe('admin');
  });
});
