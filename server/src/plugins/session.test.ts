import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client, createTestApp, DEMO, type TestApp } from '../../test/support/app';
import { sessions } from '../modules/auth/schema';
import { sha256 } from '../lib/crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.config.reset('session.idleMinutes');
  await t.services.config.reset('session.absoluteMinutes');
});

let ipSeq = 0;
const signIn = () => new Client(t.app, `10.2.0.${++ipSeq}`).login(DEMO.user);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const sessionRow = async (c: Client) => {
  const [row] = await t.services.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(c.cookie!)));
  return row;
};
const move = (c: Client, values: { lastSeenAt?: Date; createdAt?: Date }) =>
  t.services.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, sha256(c.cookie!)));

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, path /, not Secure over plain HTTP', async () => {
    const res = await new Client(t.app, '10.2.1.1').post('/api/user/login', DEMO.user);
    const cookie = res.cookies.find((x) => x.name === 'tc_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBeFalsy();
    // 256-bit token, base64url.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the hash of the token', async () => {
    const c = await signIn();
    const row = await sessionRow(c);
    expect(row.tokenHash).toBe(sha256(c.cookie!));
    const all = await t.services.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(c.cookie!);
  });
});

describe('Secure cookie behind an HTTPS proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ trustProxy: true });
  });
  afterAll(() => proxied.close());

  it('is Secure when the proxy says the request came over HTTPS', async () => {
    const res = await new Client(proxied.app).post('/api/user/login', DEMO.user, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((x) => x.name === 'tc_session')!;
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
  });

  it('is not Secure when the proxy says HTTP', async () => {
    const res = await new Client(proxied.app).post('/api/user/login', DEMO.user, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(res.cookies.find((x) => x.name === 'tc_session')!.secure).toBeFalsy();
  });
});

describe('idle and absolute timeouts (system config)', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const c = await signIn();
    await move(c, { lastSeenAt: minutesAgo(121) });
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
    expect(await sessionRow(c)).toBeUndefined();
  });

  it('keeps a session idle for less than the idle timeout, and refreshes its last use', async () => {
    const c = await signIn();
    await move(c, { lastSeenAt: minutesAgo(119) });
    expect((await c.get('/api/user/info')).statusCode).toBe(200);
    const row = await sessionRow(c);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('takes the idle timeout from system config', async () => {
    await t.services.config.set('session.idleMinutes', 5, null);
    const kept = await signIn();
    await move(kept, { lastSeenAt: minutesAgo(4) });
    expect((await kept.get('/api/user/info')).statusCode).toBe(200);
    const ended = await signIn();
    await move(ended, { lastSeenAt: minutesAgo(6) });
    expect((await ended.get('/api/user/info')).statusCode).toBe(401);
  });

  it('ends a session older than the absolute timeout even when in use', async () => {
    const c = await signIn();
    await move(c, { createdAt: minutesAgo(12 * 60 + 1), lastSeenAt: new Date() });
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
    expect(await sessionRow(c)).toBeUndefined();
  });

  it('takes the absolute timeout from system config', async () => {
    await t.services.config.set('session.absoluteMinutes', 30, null);
    const kept = await signIn();
    await move(kept, { createdAt: minutesAgo(29) });
    expect((await kept.get('/api/user/info')).statusCode).toBe(200);
    const ended = await signIn();
    await move(ended, { createdAt: minutesAgo(31) });
    expect((await ended.get('/api/user/info')).statusCode).toBe(401);
  });
});
