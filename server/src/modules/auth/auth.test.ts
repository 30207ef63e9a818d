import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, DEMO, type TestApp } from '../../../test/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with the demo admin and answers the seed info shape', async () => {
    const c = new Client(t.app);
    const res = await c.post('/api/user/login', DEMO.admin);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((x) => x.name === 'tc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const info = await c.get('/api/user/info');
    expect(info.json().code).toBe(20000);
    expect(info.json().data).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('gives an unknown user and a wrong password the same 401 message', async () => {
    const a = await new Client(t.app, '10.0.0.1').post('/api/user/login', {
      username: 'admin',
      password: 'Wrong123',
    });
    const b = await new Client(t.app, '10.0.0.1').post('/api/user/login', {
      username: 'nobody',
      password: 'Wrong123',
    });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().msg).toBe(b.json().msg);
    expect(a.json().error).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a session after logout', async () => {
    const c = await new Client(t.app).login(DEMO.user);
    const token = c.cookie;
    await c.post('/api/user/logout');
    const stale = new Client(t.app);
    stale.cookie = token;
    expect((await stale.get('/api/user/info')).statusCode).toBe(401);
  });
});
