// Hundreds of malformed requests across the endpoints (issue: foundation, "Tests"): every one
// gets a 4xx — with the failing fields when it is a validation failure — none a 5xx, and the
// database is the same afterwards (the audit trail aside, which records the refusals).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { newToken, sha256 } from '../src/lib/crypto';
import { insertSession } from '../src/modules/auth/queries';
import { users } from '../src/modules/auth/schema';
import { SAMPLE_PARAMS } from './access-matrix';
import { Client, createTestApp, type TestApp } from './support/app';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  // No background jobs: the test compares the database before and after, and only its
  // requests may be what changed it (none should).
  t = await createTestApp({}, {}, { jobs: false });
  const [user] = await t.services.db.select().from(users).where(eq(users.username, 'admin'));
  const token = newToken();
  await insertSession(t.services.db, {
    tokenHash: sha256(token),
    userId: user.id,
    activeRole: 'admin',
    ip: '',
    userAgent: '',
  });
  admin = new Client(t.app, '10.7.0.1');
  admin.cookie = token;
});
afterAll(() => t.close());

interface Case {
  name: string;
  req: InjectOptions;
  /** Field paths the answer must name (validation failures). */
  fields?: string[];
  /** Expected status when it is not 400. */
  status?: number;
}

const MB = 1024 * 1024;
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const raw = (payload: string, contentType = 'application/json') => ({
  payload,
  headers: { 'content-type': contentType },
});

/** Bodies no JSON endpoint may accept, whatever its fields. */
const GARBAGE: [string, Omit<InjectOptions, 'method' | 'url'>, number?][] = [
  ['broken JSON', raw('{"username": "admin", ')],
  ['not JSON at all', raw('hello')],
  ['JSON null', raw('null')],
  ['JSON array', json([{ a: 1 }])],
  ['JSON string', json('just a string')],
  ['JSON number', raw('1e999999')],
  ['unknown field only', json({ __proto__x: 1, definitelyNotAField: 'x' })],
  ['over the 1 MB body limit', json({ blob: 'x'.repeat(MB + 10) }), 413],
  ['form encoded', raw('username=admin&password=x', 'application/x-www-form-urlencoded')],
  ['text/plain', raw('{"a":1}', 'text/plain')],
  ['XML', raw('<a>1</a>', 'application/xml')],
];

const LOGIN = '/api/user/login';
const PASSWORD = '/api/user/password';
const SWITCH = '/api/user/switch-role';
const long = 'x'.repeat(1_000_000);

/** Cases aimed at the fields of the foundation's own endpoints. */
const TARGETED: Case[] = [
  ...(
    [
      [{}, ['username', 'password']],
      [{ username: 'admin' }, ['password']],
      [{ password: 'Admin123' }, ['username']],
      [{ username: '', password: '' }, ['username', 'password']],
      [{ username: '   ', password: 'Admin123' }, ['username']],
      [{ username: 1, password: 'Admin123' }, ['username']],
      [{ username: 'admin', password: 12345678 }, ['password']],
      [{ username: ['admin'], password: 'Admin123' }, ['username']],
      [{ username: { $ne: '' }, password: 'Admin123' }, ['username']],
      [{ username: 'admin', password: null }, ['password']],
      [{ username: true, password: false }, ['username', 'password']],
      [{ username: long, password: 'Admin123' }, ['username']],
      [{ username: 'admin', password: long }, ['password']],
      [{ username: 'a'.repeat(65), password: 'Admin123' }, ['username']],
      [{ username: 'admin', password: 'A'.repeat(129) }, ['password']],
      [{ username: 'admin', password: 'Admin123', remember: true }, ['remember']],
      [{ username: 'admin', password: 'Admin123', a: 1, b: 2 }, ['a', 'b']],
      [{ username: 1e308, password: -0 }, ['username', 'password']],
      [{ username: 'admin', password: 'Admin123', role: 'admin' }, ['role']],
    ] as [unknown, string[]][]
  ).map(([body, fields], i) => ({
    name: `login #${i} ${JSON.stringify(body).slice(0, 60)}`,
    req: { method: 'POST' as const, url: LOGIN, ...json(body) },
    fields,
  })),
  ...(
    [
      [{}, ['oldPassword', 'newPassword']],
      [{ oldPassword: 'Admin123' }, ['newPassword']],
      [{ oldPassword: 1, newPassword: 2 }, ['oldPassword', 'newPassword']],
      [{ oldPassword: 'Admin123', newPassword: long }, ['newPassword']],
      [{ oldPassword: 'Admin123', newPassword: 'Abcdef12', confirm: 'x' }, ['confirm']],
      [{ oldPassword: ['a'], newPassword: { a: 1 } }, ['oldPassword', 'newPassword']],
    ] as [unknown, string[]][]
  ).map(([body, fields], i) => ({
    name: `password #${i}`,
    req: { method: 'POST' as const, url: PASSWORD, ...json(body) },
    fields,
  })),
  ...(
    [
      [{}, ['role']],
      [{ role: '' }, ['role']],
      [{ role: 1 }, ['role']],
      [{ role: null }, ['role']],
      [{ role: ['admin'] }, ['role']],
      [{ role: 'r'.repeat(33) }, ['role']],
      [{ role: 'user', extra: 1 }, ['extra']],
    ] as [unknown, string[]][]
  ).map(([body, fields], i) => ({
    name: `switch-role #${i}`,
    req: { method: 'POST' as const, url: SWITCH, ...json(body) },
    fields,
  })),
  {
    name: 'sign-out-others with a field',
    req: { method: 'POST', url: '/api/user/sessions/sign-out-others', ...json({ all: true }) },
    fields: ['all'],
  },
  {
    name: 'items without a category',
    req: { method: 'GET', url: '/api/properties/items' },
    fields: ['category'],
  },
  {
    name: 'items with an empty category',
    req: { method: 'GET', url: '/api/properties/items?category=' },
    fields: ['category'],
  },
  {
    name: 'items with an overlong category',
    req: { method: 'GET', url: `/api/properties/items?category=${'c'.repeat(65)}` },
    fields: ['category'],
  },
  {
    name: 'items with a bad all flag',
    req: { method: 'GET', url: '/api/properties/items?category=market&all=yes' },
    fields: ['all'],
  },
  {
    name: 'items of an unknown category',
    req: { method: 'GET', url: '/api/properties/items?category=nope' },
    status: 404,
  },
  // Property management, system config and the operation log (issue #15 points 3–5).
  ...(
    [
      [{ category: 'market', value: 'a b', labelZh: 'x', labelEn: 'x' }, ['value']],
      [{ category: 'market', value: 'ok', labelZh: '', labelEn: 'x' }, ['labelZh']],
      [
        { category: 'market', value: 'ok', labelZh: 'x', labelEn: 'x', enabled: 'yes' },
        ['enabled'],
      ],
      [{ value: 'ok', labelZh: 'x', labelEn: 'x' }, ['category']],
    ] as [unknown, string[]][]
  ).map(([body, fields], i) => ({
    name: `property item create #${i}`,
    req: { method: 'POST' as const, url: '/api/properties/items', ...json(body) },
    fields,
  })),
  {
    name: 'property item update without a version',
    req: {
      method: 'PUT',
      url: '/api/properties/items/1',
      ...json({ labelZh: 'x', labelEn: 'x', enabled: true }),
    },
    fields: ['version'],
  },
  {
    name: 'property item delete without a version',
    req: { method: 'DELETE', url: '/api/properties/items/1' },
    fields: ['version'],
  },
  {
    name: 'property reorder with ids that are not numbers',
    req: {
      method: 'POST',
      url: '/api/properties/items/reorder',
      ...json({ category: 'market', ids: ['a'] }),
    },
    fields: ['ids.0'],
  },
  {
    name: 'system config with an unknown key',
    req: {
      method: 'PUT',
      url: '/api/system-config',
      ...json({ changes: [{ key: 'nope', value: 1, version: 0 }] }),
    },
    fields: ['changes.0.key'],
  },
  {
    name: 'system config with a value of the wrong type',
    req: {
      method: 'PUT',
      url: '/api/system-config',
      ...json({ changes: [{ key: 'audit.retentionDays', value: 'forever', version: 0 }] }),
    },
    fields: ['changes.0.value'],
  },
  {
    name: 'system config with no changes',
    req: { method: 'PUT', url: '/api/system-config', ...json({ changes: [] }) },
    fields: ['changes'],
  },
  {
    name: 'audit page with a bad cursor',
    req: { method: 'GET', url: '/api/audit?before=abc' },
    fields: ['before'],
  },
  {
    name: 'audit page with both cursors',
    req: { method: 'GET', url: '/api/audit?before=5&after=2' },
    fields: ['after'],
  },
  {
    name: 'audit page too large',
    req: { method: 'GET', url: '/api/audit?pageSize=1000' },
    fields: ['pageSize'],
  },
  {
    name: 'audit page with a bad time',
    req: { method: 'GET', url: '/api/audit?from=yesterday' },
    fields: ['from'],
  },
  {
    name: 'audit page with a bad result',
    req: { method: 'GET', url: '/api/audit?result=maybe' },
    fields: ['result'],
  },
  {
    name: 'audit export with an unknown filter',
    req: { method: 'GET', url: '/api/audit/export?colour=red' },
    fields: ['colour'],
  },
  { name: 'audit row with a bad id', req: { method: 'GET', url: '/api/audit/0' }, fields: ['id'] },
  {
    name: 'audit row that does not exist',
    req: { method: 'GET', url: '/api/audit/99999999' },
    status: 404,
  },
  {
    name: 'bad URL encoding in the path',
    req: { method: 'GET', url: '/api/guides/%E0%A4%A' },
    status: 400,
  },
  {
    name: 'unknown endpoint',
    req: { method: 'POST', url: '/api/user/nope', ...json({}) },
    status: 404,
  },
  // A known path with a method it lacks: 405 with Allow (issue 25 defect 13; openapi.test.ts).
  { name: 'wrong method', req: { method: 'DELETE', url: '/api/user/info' }, status: 405 },
  // User and role management (issue #15).
  ...(
    [
      ['/api/system/users', {}, ['username', 'name', 'roles']],
      ['/api/system/users', { username: 'a b', name: 'x', roles: ['user'] }, ['username']],
      ['/api/system/users', { username: 'abc', name: 'x', roles: [] }, ['roles']],
      ['/api/system/users', { username: 'abc', name: 'x', roles: 'user' }, ['roles']],
      [
        '/api/system/users',
        { username: 'abc', name: 'x', roles: ['user'], email: 'no' },
        ['email'],
      ],
      [
        '/api/system/users',
        { username: 'abc', name: 'x', roles: ['user'], password: 1 },
        ['password'],
      ],
      ['/api/system/users', { username: 'abc', name: 'x', roles: ['user'], hash: 'x' }, ['hash']],
      ['/api/system/users/1/enabled', { enabled: 'no', version: 1 }, ['enabled']],
      ['/api/system/users/1/enabled', { enabled: false }, ['version']],
      ['/api/system/users/1/password', { password: long }, ['password']],
      ['/api/system/roles', {}, ['code', 'name', 'nameEn', 'permissions']],
      ['/api/system/roles', { code: 'X', name: 'x', nameEn: 'x', permissions: [] }, ['code']],
      [
        '/api/system/roles',
        { code: 'ok', name: 'x', nameEn: 'x', permissions: ['root'] },
        ['permissions.0'],
      ],
      [
        '/api/system/roles',
        { code: 'ok', name: 'x', nameEn: 'x', permissions: 'all' },
        ['permissions'],
      ],
    ] as [string, unknown, string[]][]
  ).map(([url, body, fields], i) => ({
    name: `system #${i} ${url} ${JSON.stringify(body).slice(0, 50)}`,
    req: { method: 'POST' as const, url, ...json(body) },
    fields,
  })),
  {
    name: 'user list with a bad flag and sort',
    req: { method: 'GET', url: '/api/system/users?locked=1&sortField=passwordHash' },
    fields: ['locked', 'sortField'],
  },
  {
    name: 'user session with a bad id',
    req: { method: 'DELETE', url: '/api/system/users/1/sessions/abc' },
    fields: ['sessionId'],
  },
];

/** Calls that take no payload: a JSON `null` body is the same as none, and is accepted. */
const NO_PAYLOAD = new Set([
  '/api/user/menu',
  '/api/user/sessions/sign-out-others',
  '/api/system/users/:id/unlock',
  '/api/audit/verify',
]);

/**
 * Every signed-in route that takes a body (POST, PUT, PATCH; DELETE ignores bodies), plus
 * the public sign-in below. Logout is public and takes none.
 */
function genericCases(): Case[] {
  const routes = t.app.apiRoutes.filter(
    (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.access !== 'public',
  );
  const out: Case[] = [];
  for (const r of routes) {
    const url = r.url.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? '1');
    for (const [name, req, status] of GARBAGE) {
      if (name === 'JSON null' && NO_PAYLOAD.has(r.url)) continue;
      out.push({
        name: `${r.method} ${r.url}: ${name}`,
        req: { method: r.method as 'POST', url, ...req },
        status,
      });
    }
  }
  // The public sign-in too (each from its own address: it is rate limited per source).
  for (const [name, req, status] of GARBAGE) {
    out.push({
      name: `POST ${LOGIN}: ${name}`,
      req: { method: 'POST', url: LOGIN, ...req },
      status,
    });
  }
  return out;
}

const rows = async <T>(query: SQL) =>
  ((await t.services.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A fingerprint of every table but the audit trail (sessions without their last-seen time). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables) {
    const [res] = await rows<{ fp: string }>(
      sql.raw(
        // A session's last-seen time moves with any request after a minute (a slow run): not
        // a change a malformed request made.
        `select md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at')::text, '|' order by (to_jsonb(x) - 'last_seen_at')::text), '')) as fp from "${name}" x`,
      ),
    );
    out[name] = res.fp;
  }
  return out;
}

describe('malformed requests', () => {
  it('are all refused with a 4xx, naming the fields, none a 5xx, and change nothing', async () => {
    const cases = [...TARGETED, ...genericCases()];
    expect(cases.length).toBeGreaterThanOrEqual(200);
    // The app runs no background jobs (beforeAll), so only the requests below could write.
    const before = await snapshot();
    const problems: string[] = [];
    let ip = 0;
    for (const c of cases) {
      const isLogin = c.req.url === LOGIN;
      const caller = isLogin
        ? new Client(t.app, `10.8.${Math.floor(++ip / 250)}.${ip % 250}`)
        : admin;
      const res = await caller.request(c.req);
      const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
      const expected = c.status ?? 400;
      if (res.statusCode >= 500)
        problems.push(`${c.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (res.statusCode < 400) problems.push(`${c.name}: accepted with ${res.statusCode}`);
      else if (c.status === undefined && c.fields === undefined && res.statusCode >= 400) {
        // Generic garbage: any refusal will do, but a validation failure must name fields.
      } else if (res.statusCode !== expected) {
        problems.push(
          `${c.name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`,
        );
      }
      if (!body || typeof body.msg !== 'string' || !body.error) {
        problems.push(`${c.name}: not an error envelope: ${res.body.slice(0, 80)}`);
        continue;
      }
      if (body.error === 'VALIDATION_FAILED') {
        const paths = (body.fields ?? []).map((f: { path: string }) => f.path);
        if (
          paths.length === 0 ||
          body.fields.some((f: { message: unknown }) => typeof f.message !== 'string' || !f.message)
        ) {
          problems.push(`${c.name}: validation failure without fields`);
        }
        for (const p of c.fields ?? []) {
          if (!paths.includes(p))
            problems.push(`${c.name}: fields ${JSON.stringify(paths)} lack ${p}`);
        }
      } else if (c.fields) {
        problems.push(`${c.name}: ${body.error} instead of a validation failure`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});

describe('validation messages in the caller’s locale', () => {
  const call = (headers: Record<string, string | undefined>) =>
    new Client(t.app, '10.8.9.9').post(
      LOGIN,
      { username: 'a'.repeat(65), password: 7, extra: 1, more: 2 },
      { headers },
    );

  it('speaks Chinese by default', async () => {
    const res = await call({});
    expect(res.json().msg).toBe('请求参数不合法');
    expect(res.json().fields).toEqual([
      { path: 'username', message: '最多 64 个字符' },
      { path: 'password', message: '应为字符串' },
      { path: 'extra', message: '不允许的字段' },
      { path: 'more', message: '不允许的字段' },
    ]);
  });

  it('speaks English when asked, by header or Accept-Language', async () => {
    for (const headers of [{ 'x-locale': 'en-US' }, { 'accept-language': 'en-GB,en;q=0.8' }]) {
      const res = await call(headers);
      expect(res.json().msg).toBe('The request is invalid');
      expect(res.json().fields).toEqual([
        { path: 'username', message: 'At most 64 characters' },
        { path: 'password', message: 'Expected a string' },
        { path: 'extra', message: 'Unknown field' },
        { path: 'more', message: 'Unknown field' },
      ]);
    }
  });

  it('says "required" for a missing field, not a type error', async () => {
    const res = await new Client(t.app, '10.8.9.10').post(
      LOGIN,
      { username: 'admin' },
      {
        headers: { 'x-locale': 'en-US' },
      },
    );
    expect(res.json().fields).toEqual([{ path: 'password', message: 'Required' }]);
  });
});
