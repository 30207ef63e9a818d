// Role management (issue #15 point 2): custom roles, the permission matrix, built-in and in-use
// roles kept, the admin role's locked permissions, and an edit applying at the next request of
// every session holding the role (no sign-in again), in the API and the server menu alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ADMIN_LOCKED_PERMISSIONS,
  PERMISSIONS,
  roleDescription,
  type SystemRole,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { pinDeclaredSections } from '../sections/test-bundles';

let t: TestApp;
let admin: Client;
let user: Client;

beforeAll(async () => {
  t = await createTestApp();
  // The server menu comes from the pinned versions' declared pages (issue 17).
  await pinDeclaredSections(t.services.sections);
  [admin, user] = await Promise.all([signedIn(t.app, 'admin'), signedIn(t.app, 'user')]);
});
afterAll(() => t.close());

let seq = 0;
const code = () => `r${Date.now().toString(36)}${seq++}`;

async function createRole(permissions: string[], over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/system/roles', {
    code: code(),
    name: '景点只读',
    nameEn: 'Scenic reader',
    description: '只看景点',
    permissions,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SystemRole;
}

async function userWithRole(role: string) {
  const username = `u${Date.now().toString(36)}${seq++}`;
  const res = await admin.post('/api/system/users', {
    username,
    name: 'x',
    roles: [role],
    password: 'RoleUser1',
  });
  expect(res.statusCode, res.body).toBe(200);
  // Stands for a user who already changed the one-time password (they may call the API).
  await t.services.db
    .update(users)
    .set({ mustChangePassword: false })
    .where(eq(users.id, res.json().data.user.id));
  const c = new Client(t.app, `10.6.0.${seq}`);
  expect((await c.post('/api/user/login', { username, password: 'RoleUser1' })).statusCode).toBe(
    200,
  );
  return { c, id: res.json().data.user.id as number };
}

const menuKeys = async (c: Client) =>
  ((await c.post('/api/user/menu')).json().data as { children: { key: string }[] }[]).flatMap((s) =>
    s.children.map((p) => p.key),
  );

describe('roles', () => {
  it('lists the roles with how many users hold each, for every role', async () => {
    const res = await user.get('/api/system/roles?pageSize=50');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as SystemRole[];
    const adminRole = list.find((r) => r.code === 'admin')!;
    expect(adminRole).toMatchObject({ builtIn: true, nameEn: expect.any(String) });
    expect(adminRole.userCount).toBeGreaterThanOrEqual(1);
  });

  it('a role with scenic:read alone reaches the scenic list and detail, nothing else', async () => {
    const role = await createRole(['scenic:read']);
    const { c } = await userWithRole(role.code);
    expect(await menuKeys(c)).toEqual(['scenic/list', 'scenic/detail']);
    expect((await c.get('/api/scenic/spots')).statusCode).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(403);
    expect((await c.get('/api/system/users')).statusCode).toBe(403);
    expect((await c.post('/api/scenic/spots', {})).statusCode).toBe(403);

    // The edit applies at the next request of the open session.
    const edited = await admin.put(`/api/system/roles/${role.id}`, {
      name: role.name,
      nameEn: role.nameEn,
      description: role.description,
      permissions: ['scenic:read', 'guide:read'],
      version: role.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await c.get('/api/guides')).statusCode).toBe(200);
    expect(await menuKeys(c)).toContain('guide/list');
    expect((await c.get('/api/user/info')).json().data.permissions).toEqual([
      'guide:read',
      'scenic:read',
    ]);

    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'system.role.update'), eq(auditLog.entityId, String(role.id))),
      );
    expect(row.diff).toMatchObject({
      permissions: { before: 'scenic:read', after: 'guide:read, scenic:read' },
    });
  });

  it('a role in use is not deleted and says how many hold it; a free one is', async () => {
    const role = await createRole(['dashboard:read']);
    await userWithRole(role.code);
    await userWithRole(role.code);
    const res = await admin.delete(`/api/system/roles/${role.id}?version=${role.version}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ROLE_IN_USE');
    expect(res.json().msg).toMatch(/2/);
    const free = await createRole([]);
    expect((await admin.delete(`/api/system/roles/${free.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/system/roles/${free.id}`)).statusCode).toBe(404);
  });

  it('built-in roles are editable but not deletable; admin keeps every permission', async () => {
    const list = (await admin.get('/api/system/roles')).json().data.list as SystemRole[];
    const adminRole = list.find((r) => r.code === 'admin')!;
    expect((await admin.delete(`/api/system/roles/${adminRole.id}`)).json().error).toBe(
      'BUILTIN_ROLE',
    );
    const res = await admin.put(`/api/system/roles/${adminRole.id}`, {
      name: adminRole.name,
      nameEn: adminRole.nameEn,
      description: adminRole.description,
      permissions: ['dashboard:read'],
      version: adminRole.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The admin role keeps every permission (the root of the grant ceiling): nothing changed.
    const kept = res.json().data as SystemRole;
    expect(ADMIN_LOCKED_PERMISSIONS).toEqual(PERMISSIONS);
    expect(kept.permissions).toEqual(PERMISSIONS);
    expect(kept.version).toBe(adminRole.version);
    // Its names stay editable.
    const renamed = await admin.put(`/api/system/roles/${adminRole.id}`, {
      name: adminRole.name,
      nameEn: `${adminRole.nameEn}!`,
      description: adminRole.description,
      permissions: [],
      version: kept.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      nameEn: `${adminRole.nameEn}!`,
      permissions: PERMISSIONS,
    });
    const back = await admin.put(`/api/system/roles/${adminRole.id}`, {
      name: adminRole.name,
      nameEn: adminRole.nameEn,
      description: adminRole.description,
      permissions: adminRole.permissions,
      version: renamed.json().data.version,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('refuses bad codes, unknown or repeated permissions, a taken code and stale versions', async () => {
    const base = { name: 'x', nameEn: 'x', permissions: [] };
    expect((await admin.post('/api/system/roles', { ...base, code: 'Bad Code' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post('/api/system/roles', { ...base, code: code(), permissions: ['root'] }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await admin.post('/api/system/roles', {
          ...base,
          code: code(),
          permissions: ['guide:read', 'guide:read'],
        })
      ).statusCode,
    ).toBe(400);
    const taken = await admin.post('/api/system/roles', { ...base, code: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('DUPLICATE');
    const role = await createRole([]);
    const put = (version: number) =>
      admin.put(`/api/system/roles/${role.id}`, { ...base, description: '', version });
    expect((await put(role.version)).statusCode).toBe(200);
    expect((await put(role.version)).json().error).toBe('STALE_VERSION');
  });
});

describe('built-in roles’ descriptions (issue 26 item 12)', () => {
  it('read in the UI language while seeded; an edited or custom one shows as stored', async () => {
    const list = (await admin.get('/api/system/roles')).json().data.list as SystemRole[];
    const builtIn = list.filter((r) => r.builtIn);
    expect(builtIn.map((r) => r.code).sort()).toEqual(['admin', 'operator', 'user']);
    for (const r of builtIn) {
      expect(roleDescription(r, 'zh-CN'), r.code).toBe(r.description);
      expect(roleDescription(r, 'en-US'), r.code).not.toMatch(/\p{Script=Han}/u);
    }
    const english = Object.fromEntries(builtIn.map((r) => [r.code, roleDescription(r, 'en-US')]));
    expect(english).toMatchObject({ admin: 'All permissions', user: 'Read-only access' });
    const custom = await createRole(['scenic:read']);
    expect(roleDescription(custom, 'en-US')).toBe('只看景点');
    const edited = { ...builtIn[0], description: '自定义说明' };
    expect(roleDescription(edited, 'en-US')).toBe('自定义说明');
  });
});
