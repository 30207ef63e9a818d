import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { Client, createTestApp, DEMO, type TestApp } from '../../../test/support/app';
import { guideBody, guideUpdateBodyOf } from '../../../test/support/guides';
import { sha256 } from '../../lib/crypto';
import { users } from '../auth/schema';
import { auditLog } from './schema';
import { chainHash, GENESIS_HASH } from './chain';
import { diffRecords } from './diff';
import { openAuditContexts } from './writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastRow = async () => {
  const [row] = await t.services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
};

/** The newest row, which must be the `n`-th `action` row: the write's row committed with it. */
async function newest(action: string, n = 1) {
  const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.action, action));
  expect(rows).toHaveLength(n);
  const last = await lastRow();
  expect(last.action).toBe(action);
  return last;
}

describe('audit trail', () => {
  it('records a write with who, what, the field diff, request and result', async () => {
    const c = await new Client(t.app, '10.6.0.1').login(DEMO.admin);
    await c.post(
      '/api/user/switch-role',
      { role: 'operator' },
      {
        headers: { 'user-agent': 'audit-test/1.0' },
      },
    );
    const row = await newest('user.switchRole');
    const [admin] = await t.services.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row).toMatchObject({
      userId: admin.id,
      username: 'admin',
      role: 'admin',
      action: 'user.switchRole',
      entityType: 'user',
      entityId: String(admin.id),
      diff: { activeRole: { before: 'admin', after: 'operator' } },
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ip: '10.6.0.1',
      userAgent: 'audit-test/1.0',
      result: 200,
    });
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    await c.post('/api/user/switch-role', { role: 'admin' });
  });

  it('records refused writes with their status', async () => {
    const c = await new Client(t.app, '10.6.0.2').login(DEMO.operator);
    await c.post('/api/user/switch-role', { role: 'admin' });
    expect(await newest('user.switchRole', 3)).toMatchObject({
      action: 'user.switchRole',
      result: 403,
      username: 'operator',
    });
  });

  it('never stores a password, its hash or a session token', async () => {
    const c = new Client(t.app, '10.6.0.3');
    await c.post('/api/user/login', { username: 'user', password: 'WrongPass1' });
    await c.login(DEMO.user);
    const token = c.cookie!;
    await c.post('/api/user/password', { oldPassword: 'User1234', newPassword: 'Secret987' });
    await c.post('/api/user/password', { oldPassword: 'Secret987', newPassword: 'User1234' });
    await newest('user.changePassword', 2);
    const [user] = await t.services.db.select().from(users).where(eq(users.username, 'user'));
    const all = JSON.stringify(await t.services.db.select().from(auditLog));
    for (const secret of [
      'User1234',
      'WrongPass1',
      'Secret987',
      token,
      sha256(token),
      user.passwordHash,
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toContain('$argon2');
    const actions = (await t.services.db.select().from(auditLog)).map((r) => r.action);
    expect(actions).toContain('user.login');
    expect(actions).toContain('user.changePassword');
  });

  it('does not record reads (GET, the seed’s POST menu)', async () => {
    const c = new Client(t.app, '10.6.0.4');
    const logins = (
      await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'user.login'))
    ).length;
    await c.login(DEMO.user);
    const before = (await newest('user.login', logins + 1)).id;
    await c.get('/api/user/info');
    await c.post('/api/user/menu');
    // A write's row is in before its answer leaves, so these answers are the signal.
    expect((await lastRow()).id).toBe(before);
  });

  it('links every row to the previous one in a hash chain that detects tampering', async () => {
    const chain = await t.services.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(chain.length).toBeGreaterThan(5);
    let prev = GENESIS_HASH;
    for (const row of chain) {
      expect(row.prevHash).toBe(prev);
      expect(row.hash).toBe(chainHash(prev, row));
      prev = row.hash;
    }
    const tampered = { ...chain[1], result: 200 === chain[1].result ? 201 : 200 };
    expect(chainHash(chain[1].prevHash, tampered)).not.toBe(chain[1].hash);
  });
});

describe('the audit row commits with the change, or neither does', () => {
  /** Makes every audit insert fail for the duration of `fn`, as a broken trail would. */
  async function withAuditRefused(fn: () => Promise<void>) {
    const db = t.services.db;
    await db.execute(sql`create or replace function audit_refuse() returns trigger
      language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
    await db.execute(sql`create trigger audit_refuse before insert on audit_log
      for each row execute function audit_refuse()`);
    try {
      await fn();
    } finally {
      await db.execute(sql`drop trigger audit_refuse on audit_log`);
    }
  }

  it('rolls a guide update back and answers an error when its audit row cannot be written', async () => {
    const c = await new Client(t.app, '10.6.0.5').login(DEMO.operator);
    const created = (await c.post('/api/guides', guideBody())).json().data;
    const rowsBefore = (await t.services.db.select().from(auditLog)).length;
    await withAuditRefused(async () => {
      const res = await c.put(
        `/api/guides/${created.id}`,
        guideUpdateBodyOf(created, { homeCity: '苏州' }),
      );
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe('INTERNAL');
    });
    const after = (await c.get(`/api/guides/${created.id}`)).json().data;
    expect(after).toMatchObject({ homeCity: created.homeCity, version: created.version });
    expect((await t.services.db.select().from(auditLog)).length).toBe(rowsBefore);
  });

  it('keeps the active role when the switch cannot be audited', async () => {
    const c = await new Client(t.app, '10.6.0.6').login(DEMO.admin);
    await withAuditRefused(async () => {
      const res = await c.post('/api/user/switch-role', { role: 'operator' });
      expect(res.statusCode).toBe(500);
    });
    expect((await c.get('/api/user/info')).json().data.role).toBe('admin');
  });
});

describe('diffRecords', () => {
  it('lists changed fields only, redacting secrets and skipping bookkeeping', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      diffRecords(
        { name: 'A', phone: '1', passwordHash: 'h1', updatedAt: at, version: 1 },
        { name: 'B', phone: '1', passwordHash: 'h2', updatedAt: new Date(), version: 2 },
      ),
    ).toEqual({
      name: { before: 'A', after: 'B' },
      passwordHash: { before: '[redacted]', after: '[redacted]' },
    });
    expect(diffRecords(null, { code: 'x' })).toEqual({ code: { before: null, after: 'x' } });
  });
});

// Last: its writes would count in the tests above.
describe('the audit context of concurrent requests', () => {
  it('keeps concurrent writes apart, and closes every context once they are answered', async () => {
    const clients = await Promise.all(
      ['10.6.1.1', '10.6.1.2', '10.6.1.3', '10.6.1.4'].map((ip) =>
        new Client(t.app, ip).login(DEMO.admin),
      ),
    );
    const answers = await Promise.all(
      clients.map((c, i) =>
        c.post(
          '/api/user/switch-role',
          { role: i % 2 ? 'operator' : 'nonsense' },
          { headers: { 'user-agent': `concurrent/${i}` } },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([403, 200, 403, 200]);
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.userAgent} like 'concurrent/%'`);
    // Each row carries its own request's address and agent, whichever finished first.
    expect(rows.map((r) => `${r.ip} ${r.userAgent} ${r.result}`).sort()).toEqual([
      '10.6.1.1 concurrent/0 403',
      '10.6.1.2 concurrent/1 200',
      '10.6.1.3 concurrent/2 403',
      '10.6.1.4 concurrent/3 200',
    ]);
    expect(openAuditContexts()).toBe(0);
    // A read after them opens none; a write after them still records who made it.
    expect((await clients[0].get('/api/user/info')).statusCode).toBe(200);
    expect(openAuditContexts()).toBe(0);
    await clients[1].post('/api/user/switch-role', { role: 'admin' });
    expect(await lastRow()).toMatchObject({ ip: '10.6.1.2', username: 'admin', result: 200 });
    await clients[3].post('/api/user/switch-role', { role: 'admin' });
    expect(openAuditContexts()).toBe(0);
  });
});
