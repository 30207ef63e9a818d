// Every registered /api route has a row in the access matrix, and every row holds for every
// role: allowed callers get through (any status but 401/403), refused ones get exactly the
// refusal the row states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newToken, sha256 } from '../src/lib/crypto';
import { insertSession } from '../src/modules/auth/queries';
import { users } from '../src/modules/auth/schema';
import { ACCESS_MATRIX, SAMPLE_PARAMS, type AccessRow, type Role } from './access-matrix';
import { Client, createTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLES: Role[] = ['admin', 'operator', 'user', 'anonymous'];
const key = (method: string, route: string) => `${method} ${route}`;

/** A caller with a brand-new session of the demo account of `role` (no sign-in needed). */
let ipSeq = 0;
async function callerFor(role: Role): Promise<Client> {
  const c = new Client(t.app, `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
  if (role === 'anonymous') return c;
  const [user] = await t.services.db.select().from(users).where(eq(users.username, role));
  const token = newToken();
  await insertSession(t.services.db, {
    tokenHash: sha256(token),
    userId: user.id,
    // The session acts as the demo account's own role.
    activeRole: role,
    ip: '',
    userAgent: '',
  });
  c.cookie = token;
  return c;
}

function concreteUrl([, route, , sample]: AccessRow): string {
  if (sample?.url) return sample.url;
  return route.replace(/:(\w+)/g, (_m, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (value === undefined) throw new Error(`SAMPLE_PARAMS has no value for :${name} (${route})`);
    return value;
  });
}

describe('access matrix', () => {
  it('has exactly one row for every registered /api route', () => {
    const registered = t.app.apiRoutes.map((r) => key(r.method, r.url));
    const rows = ACCESS_MATRIX.map(([method, route]) => key(method, route));
    const missing = registered.filter((r) => !rows.includes(r));
    const stale = rows.filter((r) => !registered.includes(r));
    const duplicated = rows.filter((r, i) => rows.indexOf(r) !== i);
    expect({ missing, stale, duplicated }).toEqual({ missing: [], stale: [], duplicated: [] });
  });

  it('covers the roles the product defines', () => {
    for (const [, , whoRow] of ACCESS_MATRIX)
      expect(Object.keys(whoRow).sort()).toEqual([...ROLES].sort());
  });

  describe.each(ACCESS_MATRIX.map((row) => [key(row[0], row[1]), row] as const))(
    '%s',
    (_k, row) => {
      it.each(ROLES)('as %s', async (role) => {
        const [method, , whoRow, sample] = row;
        const expected = whoRow[role];
        const caller = await callerFor(role);
        const mutating = method !== 'GET';
        const body = sample && 'body' in sample ? sample.body : mutating ? {} : undefined;
        const res = await caller.request({
          method,
          url: concreteUrl(row),
          ...(body === null || body === undefined ? {} : { payload: body as object }),
        });
        const status = res.statusCode;
        if (expected === 'ok') {
          expect(
            status,
            `${method} ${concreteUrl(row)} as ${role}: ${res.body.slice(0, 200)}`,
          ).not.toBe(401);
          expect(
            status,
            `${method} ${concreteUrl(row)} as ${role}: ${res.body.slice(0, 200)}`,
          ).not.toBe(403);
          expect(status).toBeLessThan(500);
        } else {
          expect(status, `${method} ${concreteUrl(row)} as ${role}`).toBe(expected);
          expect(res.json().error).toBe(expected === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        }
      });
    },
  );
});
