// A one-time password (set by an administrator) must be changed before anything else, on the
// server too (product.md, "Grant ceiling"; issue 25 item 3): until then the session may call the
// password change, its info, sign-out and what the shell needs to show the change screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemUser } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { signedInUser } from '../../../test/support/users';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

/** What the session may call before the change (the rest of the /api routes refuse it). */
const BEFORE_CHANGE = new Set([
  'GET /api/user/info',
  'POST /api/user/menu',
  'POST /api/user/password',
  'POST /api/user/sessions/sign-out-others',
]);

const fill = (url: string) => url.replace(/:\w+/g, '1');

describe('a session with a one-time password', () => {
  it('calls nothing but the change, its info and sign-out; after the change, its role', async () => {
    const {
      client: c,
      password,
      user,
    } = await signedInUser(t, admin, ['operator'], {
      changedPassword: false,
    });
    const guides = await c.get('/api/guides');
    expect(guides.statusCode).toBe(403);
    expect(guides.json().error).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(
      (await c.get('/api/user/info', { headers: { 'accept-language': 'en-US' } })).json().data,
    ).toMatchObject({ mustChangePassword: true, role: 'operator' });
    expect((await c.post('/api/user/menu')).statusCode).toBe(200);

    // Every other route that needs a session refuses it, before it reads or writes anything.
    const others = t.app.apiRoutes.filter(
      (r) => r.access !== 'public' && !BEFORE_CHANGE.has(`${r.method} ${r.url}`),
    );
    expect(others.length).toBeGreaterThan(100);
    for (const route of others) {
      const res = await c.request({ method: route.method as 'GET', url: fill(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error, `${route.method} ${route.url}`).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const after = (await admin.get(`/api/system/users/${user.id}`)).json().data as SystemUser;
    expect(after.version).toBe(user.version);

    // The change lifts it at the very next request.
    const changed = await c.post('/api/user/password', {
      oldPassword: password,
      newPassword: 'Changed123',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(200);
    expect((await c.get('/api/system/users')).statusCode).toBe(200);
    expect((await c.post('/api/user/logout')).statusCode).toBe(200);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('an administrator reset puts it back on an open session of the user', async () => {
    const { client: c, user } = await signedInUser(t, admin, ['user']);
    expect((await c.get('/api/guides')).statusCode).toBe(200);
    const reset = await admin.post(`/api/system/users/${user.id}/password`, {
      password: 'Reset1234',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ended the session; signing in with the new password gives a limited one.
    expect((await c.get('/api/guides')).statusCode).toBe(401);
    await c.login({ username: user.username, password: 'Reset1234' });
    const refused = await c.get('/api/guides', { headers: { 'accept-language': 'en-US' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/^Change your one-time password first/);
    // Signing out needs nothing.
    expect((await c.post('/api/user/logout')).statusCode).toBe(200);
  });
});
