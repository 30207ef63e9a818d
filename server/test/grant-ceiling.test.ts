// THE GRANT CEILING (product.md, "Users, roles, permissions"; issue 25): nobody gives a role, a
// user or themselves a permission they do not hold, and nobody edits their own roles. Custom
// roles are generated from every single permission and from every pair with a permission that
// grants (user or role writes); a user holding each tries every grant path — user create, user
// edit of another and of themselves, role create, role edit, switch-role — once just beyond what
// they hold (refused) and once within it (allowed where their permissions open the endpoint).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PERMISSIONS, type Permission, type SystemRole, type SystemUser } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from './support/app';
import { createRole, signedInUser, uniqueName } from './support/users';

/** The permissions that open a grant path. */
const GRANTING: Permission[] = ['system:user:write', 'system:role:write'];

const SETS: Permission[][] = [
  ...PERMISSIONS.map((p) => [p]),
  ...GRANTING.flatMap((g, i) =>
    PERMISSIONS.filter((p) => p !== g && !GRANTING.slice(0, i).includes(p)).map((p) => [g, p]),
  ),
];

/** Holders checked at once, each lane with a target user and role of its own. */
const LANES = 4;

let t: TestApp;
let admin: Client;
/** A role with no permission: what every target user holds to begin with. */
let empty: SystemRole;

beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
  empty = await createRole(admin, []);
});
afterAll(() => t.close());

/** The first permission outside `held` and `also`: one step beyond the ceiling. */
const beyond = (held: readonly string[], also: readonly string[] = []) =>
  PERMISSIONS.find((p) => !held.includes(p) && !also.includes(p))!;

function refused(res: LightMyRequestResponse, error: string, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
  expect(res.json().error, label).toBe(error);
}

function allowed(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
}

const userBody = (u: SystemUser, roles: string[]) => ({
  name: u.name,
  email: u.email,
  phone: u.phone,
  roles,
  version: u.version,
});
const roleBody = (r: SystemRole, permissions: string[]) => ({
  name: r.name,
  nameEn: r.nameEn,
  description: r.description,
  permissions,
  version: r.version,
});

const read = async <T>(url: string) => (await admin.get(url)).json().data as T;

describe('the grant ceiling', () => {
  it(`holds for ${SETS.length} generated roles on every grant path`, async () => {
    const lanes = Array.from({ length: LANES }, (_, i) => SETS.filter((_, j) => j % LANES === i));
    await Promise.all(lanes.map(checkLane));
  });
});

async function checkLane(sets: Permission[][]) {
  /** Another user whose roles each holder tries to change. */
  const target = (await signedInUser(t, admin, [empty.code])).user;
  /** A role whose permissions each holder tries to change. */
  const edited = await createRole(admin, []);
  for (const held of sets) {
    const label = held.join(' + ');
    const own = await createRole(admin, held);
    const extra = beyond(held);
    const above = await createRole(admin, [...held, extra]);
    const { client: c, user: me } = await signedInUser(t, admin, [own.code]);
    const mayUsers = held.includes('system:user:write');
    const mayRoles = held.includes('system:role:write');
    // Without the endpoint's permission: the ordinary refusal, whatever is asked.
    const expectRefusal = (may: boolean, res: LightMyRequestResponse, what: string) =>
      refused(res, may ? 'GRANT_BEYOND_HELD' : 'FORBIDDEN', `${label} ${what}`);
    const expectAllowed = (may: boolean, res: LightMyRequestResponse, what: string) =>
      may ? allowed(res, `${label} ${what}`) : refused(res, 'FORBIDDEN', `${label} ${what}`);

    // User create: a new user with a role one permission beyond, or the admin role.
    const newUser = (roles: string[]) =>
      c.post('/api/system/users', { username: uniqueName('n'), name: 'n', roles });
    const beyondNew = await newUser([above.code]);
    expectRefusal(mayUsers, beyondNew, 'creates a user beyond');
    if (mayUsers) expect(beyondNew.json().data.permissions).toEqual([extra]);
    expectRefusal(mayUsers, await newUser(['admin']), 'creates an admin');
    expectAllowed(mayUsers, await newUser([own.code, empty.code]), 'creates a user within');

    // User edit of another: adding a role beyond; adding one within.
    let other = await read<SystemUser>(`/api/system/users/${target.id}`);
    const before = other.roles.map((r) => r.code);
    expectRefusal(
      mayUsers,
      await c.put(`/api/system/users/${target.id}`, userBody(other, [empty.code, above.code])),
      'gives another a role beyond',
    );
    expectRefusal(
      mayUsers,
      await c.put(`/api/system/users/${target.id}`, userBody(other, [...before, 'admin'])),
      'gives another the admin role',
    );
    other = await read<SystemUser>(`/api/system/users/${target.id}`);
    expect(other.roles.map((r) => r.code)).toEqual(before);
    expectAllowed(
      mayUsers,
      await c.put(`/api/system/users/${target.id}`, userBody(other, [empty.code, own.code])),
      'gives another a role within',
    );

    // User edit of themselves: never their roles (not even a role with nothing in it).
    const self = await read<SystemUser>(`/api/system/users/${me.id}`);
    for (const roles of [
      [own.code, 'admin'],
      [own.code, empty.code],
    ]) {
      refused(
        await c.put(`/api/system/users/${me.id}`, userBody(self, roles)),
        mayUsers ? 'OWN_ROLES_REFUSED' : 'FORBIDDEN',
        `${label} changes their own roles to ${roles.join(', ')}`,
      );
    }
    expectAllowed(
      mayUsers,
      await c.put(`/api/system/users/${me.id}`, { ...userBody(self, [own.code]), name: 'me' }),
      'edits their own name',
    );

    // Role create: one permission beyond; exactly what they hold.
    const newRole = (permissions: string[]) =>
      c.post('/api/system/roles', {
        code: uniqueName('c'),
        name: 'c',
        nameEn: 'c',
        description: '',
        permissions,
      });
    const beyondRole = await newRole([...held, extra]);
    expectRefusal(mayRoles, beyondRole, 'creates a role beyond');
    if (mayRoles) expect(beyondRole.json().data.permissions).toEqual([extra]);
    expectAllowed(mayRoles, await newRole([...held]), 'creates a role within');

    // Role edit: adding a permission not held, to another role and to their own; adding one held.
    let role = await read<SystemRole>(`/api/system/roles/${edited.id}`);
    const outside = beyond(held, role.permissions);
    expectRefusal(
      mayRoles,
      await c.put(`/api/system/roles/${edited.id}`, roleBody(role, [...role.permissions, outside])),
      `adds ${outside} to a role`,
    );
    const mine = await read<SystemRole>(`/api/system/roles/${own.id}`);
    expectRefusal(
      mayRoles,
      await c.put(`/api/system/roles/${own.id}`, roleBody(mine, [...held, extra])),
      'adds to their own role',
    );
    role = await read<SystemRole>(`/api/system/roles/${edited.id}`);
    expect(role.permissions).not.toContain(outside);
    expectAllowed(
      mayRoles,
      await c.put(`/api/system/roles/${edited.id}`, roleBody(role, [...held])),
      'puts what they hold into a role',
    );

    // Switch-role: only among the roles held.
    for (const code of ['admin', above.code, empty.code]) {
      refused(
        await c.post('/api/user/switch-role', { role: code }),
        'ROLE_NOT_HELD',
        `${label} switches to ${code}`,
      );
    }
    allowed(await c.post('/api/user/switch-role', { role: own.code }), `${label} switches`);

    // Whatever they tried, they hold what they held.
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.permissions, label).toEqual(PERMISSIONS.filter((p) => held.includes(p)));
    expect(info.roles.map((r: { code: string }) => r.code)).toEqual([own.code]);
  }
}

describe('the delegated user administrator of issue 25 item 2', () => {
  it('cannot make themselves admin nor create an admin', async () => {
    const useradm = await createRole(admin, ['system:read', 'system:user:write']);
    const { client: c, user: me } = await signedInUser(t, admin, [useradm.code]);
    const self = await read<SystemUser>(`/api/system/users/${me.id}`);
    const res = await c.put(`/api/system/users/${me.id}`, userBody(self, [useradm.code, 'admin']));
    refused(res, 'OWN_ROLES_REFUSED', 'self');
    expect(res.json().msg).toBe('不能修改您自己的角色');
    refused(await c.post('/api/user/switch-role', { role: 'admin' }), 'ROLE_NOT_HELD', 'switch');
    const created = await c.post(
      '/api/system/users',
      { username: uniqueName('n'), name: 'n', roles: ['admin'] },
      { headers: { 'accept-language': 'en-US' } },
    );
    refused(created, 'GRANT_BEYOND_HELD', 'create');
    // The refusal names what they do not hold, in the caller's language.
    expect(created.json().msg).toMatch(/^You cannot grant permissions you do not hold: /);
    expect(created.json().msg).toContain('monitor:view');
    expect(created.json().msg).not.toContain('system:user:write');
    // Nor reset the password of an administrator, which would hand them the admin's session.
    const adminUser = (
      await read<{ list: SystemUser[] }>('/api/system/users?keyword=admin&role=admin')
    ).list[0];
    refused(
      await c.post(`/api/system/users/${adminUser.id}/password`, {}),
      'TARGET_BEYOND_HELD',
      'reset an admin',
    );
    // A user holding no more than they do: reset.
    const plain = (await signedInUser(t, admin, [empty.code])).user;
    allowed(await c.post(`/api/system/users/${plain.id}/password`, {}), 'reset within');
  });

  it('"holds" is the active role: another role they hold grants nothing here', async () => {
    const useradm = await createRole(admin, ['system:read', 'system:user:write']);
    const { client: c } = await signedInUser(t, admin, [useradm.code, 'operator']);
    expect((await c.post('/api/user/switch-role', { role: useradm.code })).statusCode).toBe(200);
    refused(
      await c.post('/api/system/users', {
        username: uniqueName('n'),
        name: 'n',
        roles: ['operator'],
      }),
      'GRANT_BEYOND_HELD',
      'operator from the user-admin role',
    );
  });

  it('the administrator still grants anything', async () => {
    const res = await admin.post('/api/system/users', {
      username: uniqueName('n'),
      name: 'n',
      roles: ['admin', 'operator'],
    });
    allowed(res, 'admin creates an admin');
  });
});
