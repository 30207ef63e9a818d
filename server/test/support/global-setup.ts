// Creates one migrated, seeded database per run; every test file then starts from a copy of
// it (architecture.md, "Testing": a fresh PGlite takes seconds, a copy far less).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { seedDatabase } from '../../src/seed';
import { testEnv } from './env';

export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `${new URL(url).pathname.slice(1)}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
    await admin.end();
    const tplUrl = withDatabase(url, template);
    const database = await openDatabase({ databaseUrl: tplUrl });
    await seedDatabase(database.db, testEnv());
    await database.close();
    project.provide('templateDatabaseUrl', tplUrl);
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template.replace(/_tpl$/, '')}_f%`],
      );
      for (const r of rows) await c.query(`drop database if exists "${r.datname}" with (force)`);
      await c.query(`drop database if exists "${template}" with (force)`);
      await c.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  const database = await openDatabase({ memory: true });
  await seedDatabase(database.db, testEnv());
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const file = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDataDir', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    templateDatabaseUrl: string;
  }
}
