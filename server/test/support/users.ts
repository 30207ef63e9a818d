// Users for API tests: created by an administrator through the API, holding the given roles,
// signed in from an address of their own (sign-in is rate-limited per source).
import { eq } from 'drizzle-orm';
import type { SystemRole, SystemUser } from '@console/shared';
import { users } from '../../src/modules/auth/schema';
import { Client, type TestApp } from './app';

let seq = 0;
/** A code or username no other test run uses. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

const nextIp = () => `10.77.${Math.floor(seq / 250) % 250}.${(seq++ % 250) + 1}`;

/** A custom role created by `by` (an administrator), answered as the server stored it. */
export async function createRole(
  by: Client,
  permissions: readonly string[],
  code = uniqueName('r'),
): Promise<SystemRole> {
  const res = await by.post('/api/system/roles', {
    code,
    name: `角色 ${code}`,
    nameEn: `Role ${code}`,
    description: '',
    permissions,
  });
  if (res.statusCode !== 200) throw new Error(`role ${code}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/**
 * A user holding `roles`, signed in. `changedPassword` (the default) stands for a user who has
 * already changed the one-time password an administrator set: the flag is cleared in the
 * database before the sign-in, so the test reaches the API it is about.
 */
export async function signedInUser(
  t: TestApp,
  admin: Client,
  roles: readonly string[],
  { changedPassword = true }: { changedPassword?: boolean } = {},
): Promise<{ client: Client; user: SystemUser; password: string }> {
  const username = uniqueName('u');
  const password = 'Holder123';
  const res = await admin.post('/api/system/users', { username, name: username, roles, password });
  if (res.statusCode !== 200) throw new Error(`user ${username}: ${res.statusCode} ${res.body}`);
  const user = res.json().data.user as SystemUser;
  if (changedPassword) {
    await t.services.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.id, user.id));
  }
  const client = new Client(t.app, nextIp());
  await client.login({ username, password });
  return { client, user, password };
}
