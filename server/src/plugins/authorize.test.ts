import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, DEMO, signedIn, type TestApp } from '../../test/support/app';
import { authorizePlugin, UndeclaredAccessError } from './authorize';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('deny by default', () => {
  it('refuses to register an /api route that declares no access', async () => {
    const app = Fastify();
    await app.register(authorizePlugin);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(UndeclaredAccessError);
    expect(() => app.post('/api/forgotten', { config: {} }, async () => 'x')).toThrow(
      /declares no access/,
    );
    await app.close();
  });

  it('accepts an /api route with a declaration and routes outside /api without one', async () => {
    const app = Fastify();
    await app.register(authorizePlugin);
    app.get('/api/declared', { config: { access: 'public' } }, async () => 'x');
    app.get('/not-api', async () => 'y');
    await app.ready();
    expect(app.apiRoutes).toEqual([{ method: 'GET', url: '/api/declared', access: 'public' }]);
    await app.close();
  });

  it('answers unknown /api routes with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'ROUTE_NOT_FOUND', data: null });
  });
});

describe('CSRF (custom header + Origin)', () => {
  const loginWith = (headers: Record<string, string>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      headers: { host: 'console.test', ...headers },
      payload: DEMO.user,
    });

  it('refuses a mutating request without the custom header', async () => {
    const res = await loginWith({}, '10.3.0.1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('CSRF_REJECTED');
    expect(res.cookies.find((c) => c.name === 'tc_session')).toBeUndefined();
  });

  it('refuses a wrong header value', async () => {
    const res = await loginWith({ 'x-requested-with': 'fetch' }, '10.3.0.2');
    expect(res.statusCode).toBe(403);
  });

  it('refuses a foreign Origin even with the header', async () => {
    const res = await loginWith(
      { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' },
      '10.3.0.3',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('CSRF_REJECTED');
  });

  it('refuses an unparsable Origin', async () => {
    const res = await loginWith(
      { 'x-requested-with': 'XMLHttpRequest', origin: 'null' },
      '10.3.0.4',
    );
    expect(res.statusCode).toBe(403);
  });

  it('accepts the header with a same-origin Origin, or with no Origin', async () => {
    const same = await loginWith(
      { 'x-requested-with': 'XMLHttpRequest', origin: 'http://console.test' },
      '10.3.0.5',
    );
    expect(same.statusCode).toBe(200);
    const none = await loginWith({ 'x-requested-with': 'XMLHttpRequest' }, '10.3.0.6');
    expect(none.statusCode).toBe(200);
  });

  it('refuses an Origin with the right host but another scheme or port', async () => {
    for (const [origin, ip] of [
      ['https://console.test', '10.3.0.7'],
      ['http://console.test:8443', '10.3.0.8'],
      ['ws://console.test', '10.3.0.9'],
    ]) {
      const res = await loginWith({ 'x-requested-with': 'XMLHttpRequest', origin }, ip);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error).toBe('CSRF_REJECTED');
    }
  });

  it('checks the Origin of a session posting visitor flow (only gate keys skip it)', async () => {
    const c = await signedIn(t.app, 'admin');
    const spot = (await c.get('/api/scenic/spots?pageSize=1')).json().data.list[0];
    const body = { readings: [{ at: new Date().toISOString(), entries: 1, exits: 0 }] };
    const post = (origin?: string) =>
      c.post(`/api/scenic/spots/${spot.id}/flow`, body, {
        headers: { host: 'console.test', ...(origin ? { origin } : {}) },
      });
    const foreign = await post('https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('CSRF_REJECTED');
    expect((await post('https://console.test')).statusCode).toBe(403);
    expect((await post('http://console.test')).statusCode).toBe(200);
  });

  it('refuses a signed-in mutating request without the header, and changes nothing', async () => {
    const c = await signedIn(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/switch-role',
      headers: { cookie: `tc_session=${c.cookie}` },
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(403);
    expect((await c.get('/api/user/info')).json().data.role).toBe('admin');
  });

  it('does not ask reads for the header', async () => {
    const c = await signedIn(t.app, 'user');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { cookie: `tc_session=${c.cookie}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
