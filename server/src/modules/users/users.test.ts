// User management (issue #15 point 1) through the API: create with a one-time password the
// user must change, edit, enable / disable (sessions end), unlock, reset, roles, sessions, and
// the guards against locking every administrator out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  USER_FIELD_SPECS,
  USER_STATE_SPECS,
  DEFAULT_ROLE_PERMISSIONS,
  type SystemRole,
  type SystemUser,
  type SystemUserWithPassword,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';
import { profileOf } from './service';
import { users } from '../auth/schema';

let t: TestApp;
let admin: Client;
let user: Client;

beforeAll(async () => {
  t = await createTestApp();
  [admin, user] = await Promise.all([signedIn(t.app, 'admin'), signedIn(t.app, 'user')]);
});
afterAll(() => t.close());

let seq = 0;
const uname = (p = 'u') => `${p}${Date.now().toString(36)}${seq++}`;

async function createUser(over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/system/users', {
    username: uname(),
    name: '测试用户',
    roles: ['user'],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SystemUserWithPassword;
}

async function createRole(permissions: string[], code = uname('r')) {
  const res = await admin.post('/api/system/roles', {
    code,
    name: '测试角色',
    nameEn: 'Test role',
    permissions,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SystemRole;
}

async function signIn(username: string, password: string) {
  const c = new Client(t.app, `10.3.${seq % 250}.${seq++ % 250}`);
  const res = await c.post('/api/user/login', { username, password });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

/** Stands for a user who already changed the one-time password (they may call the API). */
const passwordChanged = (id: number) =>
  t.services.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));

const getUser = async (id: number) =>
  (await admin.get(`/api/system/users/${id}`)).json().data as SystemUser;

describe('list', () => {
  it('every role reads the table; filters, sorting and paging run on the server', async () => {
    const res = await user.get('/api/system/users?current=1&pageSize=2&sortField=username');
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { list: SystemUser[]; total: number };
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.list[0].username <= page.list[1].username).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/password_?hash|argon/i);

    const admins = (await admin.get('/api/system/users?role=admin')).json().data;
    expect(admins.list.every((u: SystemUser) => u.roles.some((r) => r.code === 'admin'))).toBe(
      true,
    );
    // Each row shows the roles that user holds, not every role held by anyone.
    const rolesOf = async (username: string) =>
      ((await admin.get(`/api/system/users?keyword=${username}`)).json().data.list as SystemUser[])
        .find((u) => u.username === username)
        ?.roles.map((r) => r.code);
    expect(await rolesOf('operator')).toEqual(['operator', 'user']);
    expect(await rolesOf('user')).toEqual(['user']);
    const byName = (await admin.get('/api/system/users?keyword=operator')).json().data;
    expect(byName.list.map((u: SystemUser) => u.username)).toContain('operator');
    expect((await admin.get('/api/system/users?enabled=maybe')).statusCode).toBe(400);
  });

  it('exports the filtered table', async () => {
    const res = await admin.get('/api/system/users/export?format=csv&keyword=admin');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^admin,/);
  });

  it('writes each exported user as the list answers it, column by column', async () => {
    const res = await admin.get('/api/system/users/export?format=csv&keyword=admin', {
      headers: { 'x-locale': 'en-US' },
    });
    const listed: SystemUser = (await admin.get('/api/system/users?keyword=admin')).json().data
      .list[0];
    const yesNo = (b: boolean) => (b ? 'yes' : 'no');
    expect(res.body.trim().split('\n')[1]).toBe(
      [
        listed.username,
        listed.name,
        listed.email,
        listed.phone,
        listed.roles.map((r) => r.code).join('; '),
        yesNo(listed.enabled),
        yesNo(listed.locked),
        listed.lastLoginAt ?? '',
      ].join(','),
    );
  });

  it('heads the export with the field specs’ labels, in the export’s order', async () => {
    const res = await admin.get('/api/system/users/export?format=csv&keyword=admin', {
      headers: { 'x-locale': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const labels = [
      ...Object.values(USER_FIELD_SPECS).map((s) => s.label['en-US']),
      ...['enabled', 'locked', 'lastLoginAt'].map(
        (k) => USER_STATE_SPECS[k as 'enabled'].label['en-US'],
      ),
    ];
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .split('\n')[0]
        .trim(),
    ).toBe(labels.join(','));
    // The write list: the form's fields less the username (set once) and the roles (a table).
    expect(profileOf({ username: 'a', name: 'a', roles: ['user'] })).toEqual({
      name: 'a',
      email: '',
      phone: '',
    });
  });
});

describe('create and the forced password change', () => {
  it('answers a generated password once; the user must change it before anything else', async () => {
    const { user: created, password } = await createUser();
    expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])\S{14}$/);
    expect(created.mustChangePassword).toBe(true);
    // It is not in the user record nor in the audit trail.
    expect(JSON.stringify(await getUser(created.id))).not.toContain(password!);
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'system.user.create'), eq(auditLog.entityId, String(created.id))),
      );
    expect(JSON.stringify(row.diff)).not.toContain(password!);
    expect(JSON.stringify(row.diff)).not.toMatch(/hash|argon/i);
    expect(row.diff).toMatchObject({ username: { before: null, after: created.username } });

    const c = await signIn(created.username, password!);
    expect((await c.get('/api/user/info')).json().data.mustChangePassword).toBe(true);
    const changed = await c.post('/api/user/password', {
      oldPassword: password,
      newPassword: 'MyOwnPass9',
    });
    expect(changed.statusCode).toBe(200);
    expect((await c.get('/api/user/info')).json().data.mustChangePassword).toBe(false);
  });

  it('checks an admin-set password against the policy, on the password field', async () => {
    const res = await admin.post('/api/system/users', {
      username: uname(),
      name: 'x',
      roles: ['user'],
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('PASSWORD_POLICY');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain('password');
    const set = await createUser({ password: 'Chosen123' });
    expect(set.password).toBeNull();
    await signIn(set.user.username, 'Chosen123');
  });

  it('refuses unknown roles, no roles, a taken username and a malformed one', async () => {
    const unknown = await admin.post('/api/system/users', {
      username: uname(),
      name: 'x',
      roles: ['nope'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('UNKNOWN_ROLE');
    const none = await admin.post('/api/system/users', { username: uname(), name: 'x', roles: [] });
    expect(none.statusCode).toBe(400);
    const taken = await admin.post('/api/system/users', {
      username: 'operator',
      name: 'x',
      roles: ['user'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('DUPLICATE');
    const bad = await admin.post('/api/system/users', {
      username: 'a b',
      name: 'x',
      roles: ['user'],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('enable, unlock, reset, sessions', () => {
  it('disabling ends the open sessions at once (next request 401) and stops sign-in', async () => {
    const { user: u } = await createUser({ password: 'Disable123' });
    const c = await signIn(u.username, 'Disable123');
    expect((await c.get('/api/user/info')).statusCode).toBe(200);
    const res = await admin.post(`/api/system/users/${u.id}/enabled`, {
      enabled: false,
      version: u.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.enabled).toBe(false);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
    const again = await new Client(t.app, '10.4.0.1').post('/api/user/login', {
      username: u.username,
      password: 'Disable123',
    });
    expect(again.json().error).toBe('ACCOUNT_DISABLED');
    // A stale version is refused.
    const stale = await admin.post(`/api/system/users/${u.id}/enabled`, {
      enabled: true,
      version: u.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
  });

  it('shows a locked account and unlocks it', async () => {
    const { user: u } = await createUser({ password: 'Locked123' });
    const c = new Client(t.app, '10.5.0.9');
    for (let i = 0; i < 6; i++) {
      await c.post('/api/user/login', { username: u.username, password: 'Wrong1234' });
    }
    expect(
      (await c.post('/api/user/login', { username: u.username, password: 'Locked123' })).json()
        .error,
    ).toBe('ACCOUNT_LOCKED');
    expect((await getUser(u.id)).locked).toBe(true);
    const locked = (await admin.get('/api/system/users?locked=true')).json().data.list;
    expect(locked.map((x: SystemUser) => x.id)).toContain(u.id);
    // Only that account reads as locked, in the list as on its own.
    const all = (await admin.get('/api/system/users?pageSize=100')).json().data.list;
    expect(all.filter((x: SystemUser) => x.locked).map((x: SystemUser) => x.id)).toEqual([u.id]);
    expect((await admin.post(`/api/system/users/${u.id}/unlock`)).statusCode).toBe(200);
    expect((await getUser(u.id)).locked).toBe(false);
    expect(
      (await c.post('/api/user/login', { username: u.username, password: 'Locked123' })).statusCode,
    ).toBe(200);
  });

  it('a reset sets a new password to change and ends the sessions', async () => {
    const { user: u } = await createUser({ password: 'Before123' });
    const c = await signIn(u.username, 'Before123');
    await c.post('/api/user/password', { oldPassword: 'Before123', newPassword: 'Mine12345' });
    const res = await admin.post(`/api/system/users/${u.id}/password`, {});
    expect(res.statusCode, res.body).toBe(200);
    const { password } = res.json().data as SystemUserWithPassword;
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
    const again = await signIn(u.username, password!);
    expect((await again.get('/api/user/info')).json().data.mustChangePassword).toBe(true);
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'system.user.resetPassword'), eq(auditLog.entityId, String(u.id))),
      );
    expect(JSON.stringify(row.diff)).not.toContain(password!);
  });

  it('lists the sessions of a user and revokes one', async () => {
    const { user: u } = await createUser({ password: 'Sessions1' });
    const a = await signIn(u.username, 'Sessions1');
    const b = await signIn(u.username, 'Sessions1');
    const list = (await admin.get(`/api/system/users/${u.id}/sessions`)).json().data;
    expect(list).toHaveLength(2);
    const aId = Math.min(...list.map((s: { id: number }) => s.id));
    expect((await admin.delete(`/api/system/users/${u.id}/sessions/${aId}`)).statusCode).toBe(200);
    expect((await a.get('/api/user/info')).statusCode).toBe(401);
    expect((await b.get('/api/user/info')).statusCode).toBe(200);
    // Another user's session id is not found under this user.
    expect((await admin.delete(`/api/system/users/1/sessions/${aId + 1}`)).statusCode).toBe(404);
  });

  it('edits profile fields and roles; sessions acting as a removed role move to one held', async () => {
    const { user: u } = await createUser({ roles: ['operator', 'user'], password: 'Roles1234' });
    const c = await signIn(u.username, 'Roles1234');
    expect((await c.get('/api/user/info')).json().data.role).toBe('operator');
    const res = await admin.put(`/api/system/users/${u.id}`, {
      name: '改名',
      email: 'a@b.cn',
      phone: '123',
      roles: ['user'],
      version: u.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: '改名', email: 'a@b.cn' });
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.role).toBe('user');
    expect(info.permissions).not.toContain('guide:write');
  });
});

describe('guards', () => {
  it('nobody disables, deletes or demotes themselves', async () => {
    const me = (await admin.get('/api/system/users?keyword=admin&role=admin')).json().data
      .list[0] as SystemUser;
    expect(me.username).toBe('admin');
    const off = await admin.post(`/api/system/users/${me.id}/enabled`, {
      enabled: false,
      version: me.version,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe('SELF_CHANGE_REFUSED');
    const demote = await admin.put(`/api/system/users/${me.id}`, {
      name: me.name,
      email: me.email,
      phone: me.phone,
      roles: ['user'],
      version: me.version,
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error).toBe('OWN_ROLES_REFUSED');
    const del = await admin.delete(`/api/system/users/${me.id}`);
    expect(del.json().error).toBe('SELF_CHANGE_REFUSED');
    // Editing one's own name is fine.
    const named = await admin.put(`/api/system/users/${me.id}`, {
      name: `${me.name}!`,
      email: me.email,
      phone: me.phone,
      roles: me.roles.map((r) => r.code),
      version: me.version,
    });
    expect(named.statusCode, named.body).toBe(200);
    const back = await admin.put(`/api/system/users/${me.id}`, {
      name: me.name,
      email: me.email,
      phone: me.phone,
      roles: me.roles.map((r) => r.code),
      version: named.json().data.version,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('an administrator cannot reset their own password without the old one (issue 25 item 4)', async () => {
    const me = (await admin.get('/api/system/users?keyword=admin&role=admin')).json().data
      .list[0] as SystemUser;
    for (const body of [{}, { password: 'Taken1234' }]) {
      const res = await admin.post(`/api/system/users/${me.id}/password`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('OWN_PASSWORD_RESET_REFUSED');
    }
    // Nothing changed: the old password still signs in, no change is required, the session lives.
    const again = await signIn('admin', 'Admin123');
    expect((await again.get('/api/user/info')).json().data.mustChangePassword).toBe(false);
    expect((await admin.get('/api/user/info')).statusCode).toBe(200);
    expect((await getUser(me.id)).version).toBe(me.version);
  });

  it('the last enabled administrator cannot be disabled, deleted or lose the role', async () => {
    // A user manager without the admin role acts on the only administrator.
    // It holds what the `user` role grants (the grant ceiling), so it may demote to it.
    const managerRole = await createRole([...DEFAULT_ROLE_PERMISSIONS.user, 'system:user:write']);
    const { user: m } = await createUser({ roles: [managerRole.code], password: 'Manager12' });
    await passwordChanged(m.id);
    const manager = await signIn(m.username, 'Manager12');
    const target = (await admin.get('/api/system/users?role=admin')).json().data
      .list as SystemUser[];
    expect(target).toHaveLength(1);
    const only = target[0];
    const off = await manager.post(`/api/system/users/${only.id}/enabled`, {
      enabled: false,
      version: only.version,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe('LAST_ADMIN');
    expect(off.json().msg).toMatch(/last enabled administrator|最后一个/);
    const demote = await manager.put(`/api/system/users/${only.id}`, {
      name: only.name,
      email: only.email,
      phone: only.phone,
      roles: ['user'],
      version: only.version,
    });
    expect(demote.json().error).toBe('LAST_ADMIN');
    expect((await manager.delete(`/api/system/users/${only.id}`)).json().error).toBe('LAST_ADMIN');

    // With a second administrator, two managers disabling one each at once: one wins.
    const { user: second } = await createUser({ roles: ['admin'], password: 'Second123' });
    const other = await signIn(m.username, 'Manager12');
    const results = await Promise.all([
      manager.post(`/api/system/users/${only.id}/enabled`, {
        enabled: false,
        version: only.version,
      }),
      other.post(`/api/system/users/${second.id}/enabled`, {
        enabled: false,
        version: second.version,
      }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const admins = (await manager.get('/api/system/users?role=admin&enabled=true')).json().data;
    expect(admins.total).toBe(1);
    // Put the seed administrator back (disabling it ended its session).
    const seed = (await manager.get(`/api/system/users/${only.id}`)).json().data as SystemUser;
    if (!seed.enabled) {
      const back = await manager.post(`/api/system/users/${only.id}/enabled`, {
        enabled: true,
        version: seed.version,
      });
      expect(back.statusCode).toBe(200);
      admin = await signedIn(t.app, 'admin');
    }
  });
});
