// Form round trip of the role editor (issue 25, test family): opened on a real role and saved
// untouched, nothing changes — not even the version, and no audit row; one field changed, only
// that field changes. A role with every optional field set, one with every optional field
// empty, and the built-in admin role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { PERMISSIONS, roleFormValues, type RoleUpdateBody, type SystemRole } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { createRole } from '../../../test/support/users';
import { auditLog } from '../audit/schema';

let t: TestApp;
let admin: Client;
const roles: Record<string, SystemRole> = {};

beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
  roles.full = await createRole(admin, ['guide:read', 'team:write', 'message:publish']);
  const described = await admin.put(`/api/system/roles/${roles.full.id}`, {
    ...roleFormValues(roles.full),
    description: '第一行\n第二行',
  });
  expect(described.statusCode, described.body).toBe(200);
  roles.empty = await createRole(admin, []);
  const list = (await admin.get('/api/system/roles?pageSize=100')).json().data.list as SystemRole[];
  roles.admin = list.find((r) => r.code === 'admin')!;
});
afterAll(() => t.close());

const CHANGES: {
  [K in keyof Omit<RoleUpdateBody, 'version'>]-?: (v: RoleUpdateBody[K]) => RoleUpdateBody[K];
} = {
  name: (v) => `${v}改`,
  nameEn: (v) => `${v} changed`,
  description: (v) => (v ? '' : '新的说明'),
  // In catalogue order, as the server keeps them.
  permissions: (v) =>
    PERMISSIONS.filter((p) => (p === 'scenic:read' ? !v.includes(p) : v.includes(p))),
};

const read = async (id: number) =>
  (await admin.get(`/api/system/roles/${id}`)).json().data as SystemRole;

const updates = (id: number) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'system.role.update'),
        eq(auditLog.entityId, String(id)),
        // The attempt itself is on the trail (every write is); a change carries its diff.
        isNotNull(auditLog.diff),
      ),
    );

describe.each(['full', 'empty', 'admin'])('the role form, %s', (which) => {
  it('saved untouched, changes nothing', async () => {
    const before = await read(roles[which].id);
    const audited = (await updates(before.id)).length;
    const res = await admin.put(`/api/system/roles/${before.id}`, roleFormValues(before));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(before);
    expect(await read(before.id)).toEqual(before);
    expect(await updates(before.id)).toHaveLength(audited);
  });

  it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
    'with only %s changed, changes only that',
    async (field) => {
      const before = await read(roles[which].id);
      const values = roleFormValues(before);
      const changed = (CHANGES[field] as (v: unknown) => unknown)(values[field]);
      const res = await admin.put(`/api/system/roles/${before.id}`, {
        ...values,
        [field]: changed,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await read(before.id);
      // The admin role keeps every permission: that field cannot change there.
      const kept = which === 'admin' && field === 'permissions';
      expect(roleFormValues(after)).toEqual({
        ...values,
        ...(kept ? {} : { [field]: changed }),
        version: kept ? before.version : before.version + 1,
      });
      // Nothing outside the form moved either.
      const rest = (r: SystemRole) => ({
        ...r,
        name: 0,
        nameEn: 0,
        description: 0,
        permissions: 0,
        updatedAt: 0,
        version: 0,
      });
      expect(rest(after)).toEqual(rest(before));
    },
  );
});
