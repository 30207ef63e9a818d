// The server reads a user's fields from the contract's field specs too (issue 27): the response
// is mapped field by field from the response contract and the audit trail records the specs'
// fields, so a field added to the specs (with its contract field and column) reaches both with
// no list kept here. A user created with every field filled shows each field of the specs in
// its response and in its create audit row, as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  USER_FIELD_SPECS,
  USER_STATE_SPECS,
  specKeys,
  type SystemUser,
  type SystemUserWithPassword,
  type UserCreateBody,
} from '@console/shared';
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

/** A value for every field of the specs (a field added there fails until it has one). */
const FULL: Required<Omit<UserCreateBody, 'password'>> = {
  username: uniqueName('spec'),
  name: '规格 全字段',
  email: 'every.field@example.cn',
  phone: '+86 138 0013 8001',
  roles: ['user', 'operator'],
};

describe('every field of the user specs reaches the response and the audit trail', () => {
  let created: SystemUser;
  beforeAll(async () => {
    const res = await admin.post('/api/system/users', FULL);
    expect(res.statusCode, res.body).toBe(200);
    created = (res.json().data as SystemUserWithPassword).user;
  });

  it('the filled body names every field of the specs', () => {
    expect(Object.keys(FULL).sort()).toEqual([...specKeys(USER_FIELD_SPECS)].sort());
  });

  it('the response holds each field as sent, and each state field the table shows', async () => {
    const read = (await admin.get(`/api/system/users/${created.id}`)).json().data as SystemUser;
    for (const user of [created, read]) {
      for (const key of specKeys(USER_FIELD_SPECS)) {
        const value = key === 'roles' ? user.roles.map((r) => r.code).sort() : user[key];
        expect(value, key).toEqual(key === 'roles' ? [...FULL.roles].sort() : FULL[key]);
      }
      for (const key of specKeys(USER_STATE_SPECS)) expect(user, key).toHaveProperty(key);
      expect(user).toMatchObject({ enabled: true, locked: false, lockedUntil: null });
      expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('the create audit row records each field of the specs and the enabled state', async () => {
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'system.user.create'), eq(auditLog.entityId, String(created.id))),
      );
    const after = Object.fromEntries(
      Object.entries(row.diff ?? {}).map(([key, change]) => [key, change.after]),
    );
    expect(after).toEqual({
      ...FULL,
      roles: [...FULL.roles].sort().join(', '),
      enabled: true,
    });
  });
});
