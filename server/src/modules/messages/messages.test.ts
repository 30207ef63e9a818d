import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { messages } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const data = <T>(res: { json(): { data: unknown } }) => res.json().data as T;

async function userId(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row.id;
}

describe('message list', () => {
  it('lists only the caller’s own messages with unread counts per type', async () => {
    const c = await signedIn(t.app, 'user');
    const res = await c.get('/api/message/list?pageSize=100');
    expect(res.statusCode).toBe(200);
    const body = data<{
      list: { id: number; type: string; status: number }[];
      total: number;
      unread: Record<string, number>;
    }>(res);
    const own = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, await userId('user')));
    expect(body.total).toBe(own.length);
    expect(body.list.map((m) => m.id).sort()).toEqual(own.map((m) => m.id).sort());
    for (const type of ['message', 'notice', 'todo']) {
      expect(body.unread[type]).toBe(own.filter((m) => m.type === type && m.status === 0).length);
    }
  });

  it('filters by type and read state and pages', async () => {
    const c = await signedIn(t.app, 'operator');
    const todo = data<{ list: { type: string }[]; total: number }>(
      await c.get('/api/message/list?type=todo'),
    );
    expect(todo.total).toBeGreaterThan(0);
    expect(todo.list.every((m) => m.type === 'todo')).toBe(true);

    const read = data<{ list: { status: number }[] }>(await c.get('/api/message/list?status=1'));
    expect(read.list.length).toBeGreaterThan(0);
    expect(read.list.every((m) => m.status === 1)).toBe(true);

    const all = data<{ total: number }>(await c.get('/api/message/list'));
    const page = data<{ list: unknown[]; total: number }>(
      await c.get('/api/message/list?current=2&pageSize=2'),
    );
    expect(page.total).toBe(all.total);
    expect(page.list.length).toBe(Math.min(2, all.total - 2));
  });

  it('refuses bad filters with 400 and anonymous callers with 401', async () => {
    const c = await signedIn(t.app, 'user');
    expect((await c.get('/api/message/list?type=spam')).statusCode).toBe(400);
    expect((await c.get('/api/message/list?pageSize=1000')).statusCode).toBe(400);
    expect((await c.get('/api/message/list?status=7')).statusCode).toBe(400);
    expect((await new Client(t.app).get('/api/message/list')).statusCode).toBe(401);
  });
});

describe('reading messages', () => {
  it('marks own messages read with {ids} and answers true (seed shape)', async () => {
    const c = await signedIn(t.app, 'user');
    const unread = data<{ list: { id: number }[]; unread: { message: number } }>(
      await c.get('/api/message/list?type=message&status=0'),
    );
    const id = unread.list[0].id;
    const res = await c.post('/api/message/read', { ids: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 20000, data: true });
    const after = data<{ unread: { message: number } }>(await c.get('/api/message/list'));
    expect(after.unread.message).toBe(unread.unread.message - 1);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row.status).toBe(1);
  });

  it('cannot mark another user’s message read', async () => {
    const adminId = await userId('admin');
    const [theirs] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, adminId))
      .orderBy(messages.id)
      .limit(1);
    await t.database.db.update(messages).set({ status: 0 }).where(eq(messages.id, theirs.id));
    const c = await signedIn(t.app, 'user');
    const res = await c.post('/api/message/read', { ids: [theirs.id] });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, theirs.id));
    expect(row.status).toBe(0);
  });

  it('validates the ids list', async () => {
    const c = await signedIn(t.app, 'user');
    expect((await c.post('/api/message/read', { ids: [] })).statusCode).toBe(400);
    expect((await c.post('/api/message/read', { ids: ['x'] })).statusCode).toBe(400);
    expect((await c.post('/api/message/read', { ids: [1], extra: 1 })).statusCode).toBe(400);
    expect((await c.post('/api/message/read', {})).statusCode).toBe(400);
  });

  it('needs the CSRF header', async () => {
    const c = await signedIn(t.app, 'user');
    const res = await c.post(
      '/api/message/read',
      { ids: [1] },
      { headers: { 'x-requested-with': '' } },
    );
    expect(res.statusCode).toBe(403);
  });

  it('marks all of one type read, then everything', async () => {
    const c = await signedIn(t.app, 'operator');
    const before = data<Record<string, number>>(await c.get('/api/message/unread'));
    expect(before.todo).toBeGreaterThan(0);
    const res = await c.post('/api/message/read-all', { type: 'todo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(before.todo);
    const mid = data<Record<string, number>>(await c.get('/api/message/unread'));
    expect(mid.todo).toBe(0);
    expect(mid.notice).toBe(before.notice);
    await c.post('/api/message/read-all', {});
    expect(data<Record<string, number>>(await c.get('/api/message/unread'))).toEqual({
      message: 0,
      notice: 0,
      todo: 0,
    });
    // Another user's unread messages are untouched.
    const u = data<Record<string, number>>(
      await (await signedIn(t.app, 'admin')).get('/api/message/unread'),
    );
    expect(u.todo).toBeGreaterThan(0);
  });
});

describe('publishing notices', () => {
  it('lets an admin publish one notice row to every user, audited', async () => {
    const usersCount = await t.database.db.$count(users);
    const admin = await signedIn(t.app, 'admin');
    const res = await admin.post('/api/message/notice', {
      title: '端午节排班通知',
      content: '端午假期请各位导游提前确认排班。',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recipients: usersCount });
    const rows = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.title, '端午节排班通知'));
    expect(rows).toHaveLength(usersCount);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(usersCount);
    expect(rows.every((r) => r.type === 'notice' && r.status === 0)).toBe(true);

    const user = await signedIn(t.app, 'user');
    const notices = data<{ list: { title: string }[] }>(
      await user.get('/api/message/list?type=notice&status=0'),
    );
    expect(notices.list.map((m) => m.title)).toContain('端午节排班通知');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'message.notice.publish'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit.result).toBe(200);
    expect(audit.diff).toMatchObject({ title: { after: '端午节排班通知' } });
  });

  it('refuses users without message:publish', async () => {
    for (const role of ['operator', 'user'] as const) {
      const c = await signedIn(t.app, role);
      const res = await c.post('/api/message/notice', { title: 'x', content: 'y' });
      expect(res.statusCode).toBe(403);
    }
    expect(await t.database.db.$count(messages, eq(messages.title, 'x'))).toBe(0);
  });

  it('validates title and content', async () => {
    const admin = await signedIn(t.app, 'admin');
    const cases = [
      { title: '', content: 'y' },
      { title: '  ', content: 'y' },
      { title: 'a'.repeat(201), content: 'y' },
      { title: 'a', content: 'y'.repeat(2001) },
      { title: 'a', content: 'y', extra: true },
      { title: 'a' },
    ];
    for (const body of cases) {
      const res = await admin.post('/api/message/notice', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
  });
});
