// Database connections lost under load (issue #12 point 6), against the real PostgreSQL: a
// read whose backend is terminated is retried once on a fresh connection; a write is not
// retried and answers 503 DATABASE_UNAVAILABLE with Retry-After; nothing is half-written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, dbKind, signedIn, type Client, type TestApp } from '../../test/support/app';
import { guideBody } from '../../test/support/guides';
import { isConnectionLoss } from './availability';

describe('isConnectionLoss', () => {
  it('recognises lost connections, also wrapped, and nothing else', () => {
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(
      isConnectionLoss(new Error('q', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isConnectionLoss(new Error('syntax error'))).toBe(false);
  });
});

describe.runIf(dbKind() === 'postgres')('a terminated backend on PostgreSQL', () => {
  let t: TestApp;
  let admin: Client;
  let dba: pg.Client;
  let locker: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t.app, 'admin');
    const result = (await t.services.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    dbName = result.rows[0].name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    dba = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    locker = new pg.Client({ connectionString: url.toString() });
    await dba.connect();
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await dba.end();
    await t.close();
  });

  /**
   * Terminates the app's backends waiting on the table lock; returns how many (0 when none
   * came to wait within 20 s: by a deadline, not a count of polls, for a loaded box).
   */
  async function terminateWaiting(): Promise<number> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const { rows } = await dba.query(
        `select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and pid <> $2`,
        [dbName, (locker as unknown as { processID: number }).processID],
      );
      if (rows.length > 0) return rows.length;
      await new Promise((r) => setTimeout(r, 20));
    }
    return 0;
  }

  async function lockGuides() {
    await locker.query('begin');
    await locker.query('lock table guides in access exclusive mode');
  }

  it('a read that lost its connection is retried once on a fresh one and answers', async () => {
    const guide = (await admin.get('/api/guides?pageSize=1')).json().data.list[0];
    await lockGuides();
    const pending = admin.get(`/api/guides/${guide.id}`);
    expect(await terminateWaiting()).toBe(1);
    await locker.query('commit');
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(guide.id);
  });

  it('a read that loses its connection twice answers 503 with Retry-After', async () => {
    const guide = (await admin.get('/api/guides?pageSize=1')).json().data.list[0];
    await lockGuides();
    const pending = admin.get(`/api/guides/${guide.id}`);
    expect(await terminateWaiting()).toBe(1);
    expect(await terminateWaiting()).toBe(1);
    await locker.query('commit');
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ error: 'DATABASE_UNAVAILABLE', code: 50301 });
  });

  it('a write that lost its connection is not retried: 503, and nothing is saved', async () => {
    const before = (await admin.get('/api/guides?pageSize=1')).json().data.total;
    await lockGuides();
    const body = guideBody();
    const pending = admin.post('/api/guides', body);
    expect(await terminateWaiting()).toBe(1);
    await locker.query('commit');
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toBe('DATABASE_UNAVAILABLE');
    const after = await admin.get(`/api/guides?keyword=${body.code}`);
    expect(after.json().data.total).toBe(0);
    expect((await admin.get('/api/guides?pageSize=1')).json().data.total).toBe(before);
  });
});
