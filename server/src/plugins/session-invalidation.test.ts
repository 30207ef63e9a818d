// Kept sessions and kept user/info answers (plugins/session-cache.ts, AuthService.infoCache):
// whatever changes what a session may do or shows applies at its very next request, however
// warm the caches were — a role edited, the user disabled, a password reset, a sign-out, a role
// switched, the user's roles or profile edited (issue 30 item 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemRole } from '@console/shared';
import { z } from 'zod';
import { Client, createTestApp, signedIn, type TestApp } from '../../test/support/app';
import { createRole, signedInUser } from '../../test/support/users';
import { checkedJson } from './response-json';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

/** Requests enough for the session and its info answer to be served from the caches. */
async function warm(c: Client, url = '/api/user/info') {
  for (let i = 0; i < 3; i++) expect((await c.get(url)).statusCode).toBe(200);
  for (let i = 0; i < 3; i++) expect((await c.get('/api/user/info')).statusCode).toBe(200);
}

const editRole = (role: SystemRole, permissions: string[], version = role.version) =>
  admin.put(`/api/system/roles/${role.id}`, {
    name: role.name,
    nameEn: role.nameEn,
    description: role.description,
    permissions,
    version,
  });

describe('a change applies at the very next request of a warm session', () => {
  it('a permission taken from the role is refused at once, and given back is allowed at once', async () => {
    const role = await createRole(admin, ['scenic:read', 'guide:read']);
    const { client: c } = await signedInUser(t, admin, [role.code]);
    await warm(c, '/api/guides');

    const taken = await editRole(role, ['scenic:read']);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(403);
    expect((await c.get('/api/user/info')).json().data.permissions).toEqual(['scenic:read']);

    await warm(c, '/api/scenic/spots');
    const given = await editRole(role, ['scenic:read', 'guide:read'], taken.json().data.version);
    expect(given.statusCode, given.body).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(200);
    expect((await c.get('/api/user/info')).json().data.permissions).toEqual([
      'guide:read',
      'scenic:read',
    ]);
  });

  it('a disabled user is refused at once', async () => {
    const { client: c, user } = await signedInUser(t, admin, ['user']);
    await warm(c, '/api/guides');
    const res = await admin.post(`/api/system/users/${user.id}/enabled`, {
      enabled: false,
      version: user.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(401);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('a password reset by an administrator ends the session at once', async () => {
    const { client: c, user } = await signedInUser(t, admin, ['user']);
    await warm(c);
    const res = await admin.post(`/api/system/users/${user.id}/password`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('a signed-out token is refused at once', async () => {
    const { client: c } = await signedInUser(t, admin, ['user']);
    await warm(c);
    const token = c.cookie;
    expect((await c.post('/api/user/logout')).statusCode).toBe(200);
    // The same token again, as a client that ignored the cleared cookie would send it.
    c.cookie = token;
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('a revoked session is refused at once; the same user’s other one goes on', async () => {
    const { client: a, user, password } = await signedInUser(t, admin, ['user']);
    const b = await new Client(t.app, '10.79.0.2').login({ username: user.username, password });
    await warm(a);
    await warm(b);
    const list = (await admin.get(`/api/system/users/${user.id}/sessions`)).json().data as {
      id: number;
    }[];
    const first = Math.min(...list.map((s) => s.id));
    expect((await admin.delete(`/api/system/users/${user.id}/sessions/${first}`)).statusCode).toBe(
      200,
    );
    expect((await a.get('/api/user/info')).statusCode).toBe(401);
    expect((await b.get('/api/user/info')).statusCode).toBe(200);
  });

  it('a role switch shows at once in info and in what is allowed', async () => {
    const { client: c } = await signedInUser(t, admin, ['operator', 'user']);
    await warm(c, '/api/guides');
    expect((await c.get('/api/user/info')).json().data.role).toBe('operator');
    const switched = await c.post('/api/user/switch-role', { role: 'user' });
    expect(switched.statusCode, switched.body).toBe(200);
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.role).toBe('user');
    expect(info.permissions).not.toContain('guide:write');
  });

  it('roles taken from the user by an administrator show at once', async () => {
    const { client: c, user } = await signedInUser(t, admin, ['operator', 'user']);
    await warm(c);
    const res = await admin.put(`/api/system/users/${user.id}`, {
      name: user.name,
      email: user.email,
      phone: user.phone,
      roles: ['user'],
      version: user.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.role).toBe('user');
    expect(info.roles.map((r: { code: string }) => r.code)).toEqual(['user']);
  });

  it('the user’s own profile edit shows at once in info', async () => {
    const { client: c } = await signedInUser(t, admin, ['user']);
    await warm(c);
    const before = (await c.get('/api/user/profile')).json().data;
    const email = `changed.${Date.now()}@example.com`;
    const res = await c.put('/api/user/profile', {
      email,
      nickname: before.nickname || 'nick',
      countryRegion: before.countryRegion || 'CN',
      area: before.area || 'area',
      address: before.address,
      profile: before.profile,
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.get('/api/user/info')).json().data.email).toBe(email);
  });
});

describe('the kept user/info answer', () => {
  it('is what the response serializer sends for the same session and role', async () => {
    const { client: c } = await signedInUser(t, admin, ['operator', 'user']);
    const kept = await c.get('/api/user/info');
    // The role switch's answer is the same schema, serialized per request.
    const serialized = await c.post('/api/user/switch-role', { role: 'operator' });
    expect(kept.headers['content-type']).toBe(serialized.headers['content-type']);
    expect(kept.body).toBe(serialized.body);
  });

  it('is checked: undeclared keys are dropped and a value the schema refuses is a 500', () => {
    const schema = z.object({ id: z.number() });
    const route = { method: 'GET', url: '/x' };
    expect(checkedJson(schema, { id: 1, secret: 'x' } as { id: number }, route)).toBe('{"id":1}');
    let thrown: unknown;
    try {
      checkedJson(schema, { id: 'one' } as unknown as { id: number }, route);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ statusCode: 500, code: 'FST_ERR_RESPONSE_SERIALIZATION' });
  });
});
