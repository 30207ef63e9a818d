// Form round trip of the user edit form (issue 25, test family): opened on a real user and saved
// untouched, nothing changes — not even the version, and no audit row; one field changed, only
// that field changes. With every optional field set, and with every optional field empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { userFormValues, type SystemUser, type UserUpdateBody } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { uniqueName } from '../../../test/support/users';
import { auditLog } from '../audit/schema';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

const CASES = {
  'every optional field set': {
    name: '全 字段',
    email: 'full.fields@example.cn',
    phone: '+86 138 0013 8000',
    roles: ['operator', 'user'],
  },
  'every optional field empty': { name: '空', email: '', phone: '', roles: ['user'] },
};

/** One change per field of the form. */
const CHANGES: {
  [K in keyof Omit<UserUpdateBody, 'version'>]-?: (v: UserUpdateBody[K]) => UserUpdateBody[K];
} = {
  name: (v) => `${v}改`,
  email: (v) => (v ? '' : 'set.now@example.cn'),
  phone: (v) => (v ? '' : '010-8888 6666'),
  roles: (v) => (v.includes('operator') ? v.filter((c) => c !== 'operator') : [...v, 'operator']),
};

const read = async (id: number) =>
  (await admin.get(`/api/system/users/${id}`)).json().data as SystemUser;

const updates = (id: number) =>
  t.services.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'system.user.update'),
        eq(auditLog.entityId, String(id)),
        // The attempt itself is on the trail (every write is); a change carries its diff.
        isNotNull(auditLog.diff),
      ),
    );

describe.each(Object.entries(CASES))('the user form, %s', (_, fields) => {
  let user: SystemUser;
  beforeAll(async () => {
    const res = await admin.post('/api/system/users', {
      username: uniqueName('rt'),
      password: 'RoundTrip1',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(200);
    user = res.json().data.user;
  });

  it('saved untouched, changes nothing', async () => {
    const before = await read(user.id);
    expect(userFormValues(before)).toMatchObject(fields);
    const res = await admin.put(`/api/system/users/${user.id}`, userFormValues(before));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(before);
    expect(await read(user.id)).toEqual(before);
    expect(await updates(user.id)).toHaveLength(0);
  });

  it.each(Object.keys(CHANGES) as (keyof typeof CHANGES)[])(
    'with only %s changed, changes only that',
    async (field) => {
      const before = await read(user.id);
      const values = userFormValues(before);
      const changed = (CHANGES[field] as (v: unknown) => unknown)(values[field]);
      const res = await admin.put(`/api/system/users/${user.id}`, { ...values, [field]: changed });
      expect(res.statusCode, res.body).toBe(200);
      const after = await read(user.id);
      // Roles are listed in role order, whatever order the form sent them in.
      const sorted = (v: UserUpdateBody) => ({ ...v, roles: [...v.roles].sort() });
      expect(sorted(userFormValues(after))).toEqual(
        sorted({ ...values, [field]: changed, version: before.version + 1 }),
      );
      // Nothing outside the form moved either.
      const rest = (u: SystemUser) => ({ ...u, name: 0, email: 0, phone: 0, roles: 0, version: 0 });
      expect(rest(after)).toEqual(rest(before));
    },
  );
});
