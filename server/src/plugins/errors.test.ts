import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { dbKind, openTestDatabase } from '../../test/support/app';
import type { Database } from '../db/client';
import { errorsPlugin } from './errors';

// Two transactions that lock the same rows in opposite orders: PostgreSQL rolls one back
// (SQLSTATE 40P01). The caller gets a 409 that says nothing was saved, not a 500.
describe.runIf(dbKind() === 'postgres')('a write that loses a deadlock', () => {
  let t: { database: Database; drop(): Promise<void> };
  beforeAll(async () => {
    t = await openTestDatabase();
    await t.database.db.execute(sql`create table lock_probe (id int primary key, v int)`);
    await t.database.db.execute(sql`insert into lock_probe values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });

  it('answers 409 WRITE_COLLISION and leaves the losing write unsaved', async () => {
    const { db } = t.database;
    const app = Fastify();
    await app.register(errorsPlugin);
    app.post('/collide', async () => {
      // Each holds its first row before either asks for its second: a deadlock every time,
      // however slow the machine.
      const held: (() => void)[] = [];
      const both = Promise.all([0, 1].map(() => new Promise<void>((r) => held.push(r))));
      const write = (first: number, second: number, holds: () => void) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update lock_probe set v = v + 1 where id = ${first}`);
          holds();
          await both;
          await tx.execute(sql`update lock_probe set v = v + 1 where id = ${second}`);
        });
      const results = await Promise.allSettled([write(1, 2, held[0]!), write(2, 1, held[1]!)]);
      const lost = results.find((r) => r.status === 'rejected');
      if (lost) throw (lost as PromiseRejectedResult).reason;
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/collide' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'WRITE_COLLISION', data: null });
    // One transaction committed both rows, the other nothing.
    const { rows } = (await db.execute(sql`select v from lock_probe order by id`)) as unknown as {
      rows: { v: number }[];
    };
    expect(rows).toEqual([{ v: 1 }, { v: 1 }]);
    await app.close();
  }, 20_000);
});
