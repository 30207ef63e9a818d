// A restore stopped midway (the process killed) leaves its shadow schema behind; the embedded
// database's next start drops it (issue 25 point 16). On PostgreSQL another instance may be
// restoring at that moment, so a start leaves shadows alone there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, openTestDatabase } from '../../../test/support/app';
import type { Database } from '../../db/client';
import { leftoverShadows, settleShadowsLeftByAStop, SHADOW_PREFIX } from './shadow';

let t: { database: Database; drop(): Promise<void> };
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t.database.close();
  await t.drop();
});

it('drops the shadow tables of a stopped restore at start on PGlite, never on PostgreSQL', async () => {
  const { db } = t.database;
  const schema = `${SHADOW_PREFIX}stopped1`;
  await db.execute(sql.raw(`create schema ${schema}`));
  await db.execute(sql.raw(`create table ${schema}.guides (id int primary key)`));
  expect(await leftoverShadows(db)).toEqual([schema]);

  const { dropped } = await settleShadowsLeftByAStop(t.database);
  if (dbKind() === 'pglite') {
    expect(dropped).toEqual([schema]);
    expect(await leftoverShadows(db)).toEqual([]);
  } else {
    expect(dropped).toEqual([]);
    expect(await leftoverShadows(db)).toEqual([schema]);
    await db.execute(sql.raw(`drop schema ${schema} cascade`));
  }
});
