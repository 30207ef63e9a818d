// A restore stopped midway (the process killed) leaves its shadow schema and its audit rows'
// staging table behind; the embedded database's next opening drops them (issue 25 point 16).
// On PostgreSQL another instance may be restoring at that moment, so they are left alone there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, openTestDatabase } from '../../../test/support/app';
import type { Database } from '../../db/client';
import { createAuditStaging, leftoverAuditStaging } from '../audit/merge';
import { leftoverShadows, settleRestoreLeftByAStop, SHADOW_PREFIX } from './shadow';

let t: { database: Database; drop(): Promise<void> };
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t.database.close();
  await t.drop();
});

it('drops the shadow tables and the staged audit rows of a stopped restore on PGlite, never on PostgreSQL', async () => {
  const { db } = t.database;
  const schema = `${SHADOW_PREFIX}stopped1`;
  await db.execute(sql.raw(`create schema ${schema}`));
  await db.execute(sql.raw(`create table ${schema}.guides (id int primary key)`));
  const staging = await createAuditStaging(db);
  expect(await leftoverShadows(db)).toEqual([schema]);
  expect(await leftoverAuditStaging(db)).toEqual([`public.${staging}`]);

  const { dropped, stagingDropped } = await settleRestoreLeftByAStop(t.database);
  if (dbKind() === 'pglite') {
    expect(dropped).toEqual([schema]);
    expect(stagingDropped).toEqual([`public.${staging}`]);
    expect(await leftoverShadows(db)).toEqual([]);
    expect(await leftoverAuditStaging(db)).toEqual([]);
  } else {
    expect(dropped).toEqual([]);
    expect(stagingDropped).toEqual([]);
    expect(await leftoverShadows(db)).toEqual([schema]);
    expect(await leftoverAuditStaging(db)).toEqual([`public.${staging}`]);
    await db.execute(sql.raw(`drop schema ${schema} cascade`));
    await db.execute(sql.raw(`drop table ${staging}`));
  }
});
