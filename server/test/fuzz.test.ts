// The API fuzzer (issue #12, "The fuzzer, in the test suite"): reads the app's own OpenAPI
// document, so a route added later is fuzzed without touching this file. For every route and
// every path/query parameter and body field it sends malformed values — wrong types, missing
// required fields, unknown fields, empty and 1 MB strings, NUL and other control characters,
// lone surrogates, numbers at and past int32/int53, negatives, NaN-like strings, deep nesting,
// broken JSON, arrays for objects, SQL-ish and path-traversal strings — signed in as admin
// (the most permissive role) and anonymous. A seeded PRNG picks the values; the seed is
// printed and `FUZZ_SEED=<n>` replays a run.
//
// Pass: no 5xx, no stall (an answer slower than 10 s: the machine is shared, so ordinary
// answers may take a few seconds under load; a stall like the zip bomb's took 9–60 s), every
// 4xx in the error envelope with an `error` code, no mutating call accepted (only malformed
// values are sent, so nothing valid may be written), and the guide and spot lists and
// sampled records unchanged afterwards. Every error status an operation answered is one its
// OpenAPI operation declares (issue 25 defect 13: the declared error answers match the server's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';
import { newToken, sha256 } from '../src/lib/crypto';
import { insertSession } from '../src/modules/auth/queries';
import { users } from '../src/modules/auth/schema';
import { SAMPLE_PARAMS } from './access-matrix';
import { createTestApp, dbKind, type TestApp } from './support/app';
import { rng } from '../src/modules/guide/seed';

const TARGET = 5_200;
const BATCH = 8;
const SLOW_MS = 10_000;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261123;

/**
 * Calls the admin's fuzzing session must not make, even with a malformed body, because a
 * mistake there would end the run's own ability to continue: signing itself out, signing its
 * other sessions out, changing its password, switching its role. Anonymous callers still
 * fuzz them (they get 401 or 400).
 */
const ADMIN_SKIP = new Set([
  'POST /api/user/logout',
  'POST /api/user/sessions/sign-out-others',
  'POST /api/user/password',
  'POST /api/user/switch-role',
]);
/**
 * Streaming routes: a well-formed call opens a stream that never ends, which `inject` would
 * wait for (a stall). Left out here; their malformed calls answer 400 at once and have their
 * own tests (server/src/modules/events/events.test.ts).
 */
const STREAMING = new Set(['GET /api/events']);
/** Multipart upload routes: fuzzed with JSON bodies only (the multipart path has its own tests). */
const MULTIPART = new Set([
  'POST /api/user/avatar',
  'POST /api/guides/import',
  'POST /api/scenic/spots/import',
  'POST /api/backups/restore',
]);

/** The seeded generator the demo data uses, with `int(n)` in [0, n). */
function prng(seed: number) {
  const r = rng(seed);
  return { next: r.next, pick: r.pick, int: (n: number) => r.int(0, n - 1) };
}

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  $ref?: string;
}
interface Param {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
}
interface Route {
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
}

const MB_STRING = 'x'.repeat(1024 * 1024);
const INT32 = 2_147_483_647;
const INT53 = Number.MAX_SAFE_INTEGER;

/** Strings no field of this API accepts: control characters, lone surrogates. */
const BAD_TEXT = [
  'a\u0000b',
  '\u0000',
  'x\u0001y',
  'bell\u0007',
  'esc\u001b[31m',
  'del\u007f',
  '\u0008\u000b\u000c',
  'lone \ud800 high',
  'lone \udfff low',
  '\udc00',
  MB_STRING,
];
/** Hostile strings for query and path parameters (reads are allowed to answer them with 200). */
const HOSTILE = [
  "' OR 1=1 --",
  '1; DROP TABLE guides; --',
  'name desc; select pg_sleep(5)',
  '"; --',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '%E0%A4%A',
  '\\',
  '*',
  '$where',
  '__proto__',
  'constructor',
  '{}',
  '[]',
  'null',
  'undefined',
  'true',
  '',
  ' ',
];
/** Numbers out of every id/count/version range, and NaN-like strings (none coerces to a real id). */
const BAD_INT_TEXT = [
  '0',
  '-1',
  '-2147483649',
  String(INT32 + 1),
  '4294967296',
  String(INT53),
  '9007199254740993',
  '99999999999999999999999',
  '1.5',
  '-0.5',
  'NaN',
  'Infinity',
  '-Infinity',
  'abc',
  '1e400',
  '',
];
const BAD_INT_JSON: unknown[] = [
  -1,
  -INT32 - 2,
  INT32 + 1,
  INT53,
  INT53 + 2,
  1e308,
  1.5,
  'NaN',
  'Infinity',
  '1',
  '',
  true,
  null,
  [],
  {},
  [1],
];

function deep(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

function resolve(
  s: Schema | undefined,
  doc: { components?: { schemas?: Record<string, Schema> } },
) {
  if (s?.$ref) return doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''] ?? {};
  return s ?? {};
}

function kinds(s: Schema): string[] {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.flatMap(kinds);
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

/**
 * Values that are wrong for a body field, whatever else the body holds. Only values that
 * the field's own schema refuses: a valid body must never be written by the fuzzer.
 */
function badBodyValues(s: Schema): unknown[] {
  const k = kinds(s);
  const out: unknown[] = [];
  const nullable = k.includes('null') || s.nullable;
  if (!nullable) out.push(null);
  if (k.includes('integer') || k.includes('number')) {
    out.push(...BAD_INT_JSON.filter((v) => v !== null || !nullable));
    out.push('x', { $gt: 0 }, deep(64));
    return out.filter((v) => !(typeof v === 'number' && inRange(v, s)));
  }
  if (k.includes('boolean')) return [...out, 'true', 1, 0, 'yes', [], {}, deep(64)];
  if (k.includes('array')) return [...out, 'x', 1, {}, { 0: 'a' }, deep(64), BAD_TEXT, [deep(200)]];
  if (k.includes('object')) return [...out, 'x', 1, [], [{}], deep(200), BAD_TEXT];
  // strings (free text, enums, dates, patterns): wrong types, control characters, lone
  // surrogates, 1 MB; the empty string only where the schema demands content.
  out.push(1, 0, -1, INT32 + 1, true, [], ['a'], {}, { $ne: '' }, deep(64), ...BAD_TEXT);
  if (!k.includes('string') || (s.minLength ?? 0) > 0) out.push('');
  if (s.enum || s.pattern || s.format) out.push('NaN', '2026-02-30', "' OR 1=1 --", '../../x');
  return out;
}

function inRange(v: number, s: Schema) {
  const alts = s.anyOf ?? s.oneOf ?? [s];
  return alts.some(
    (a) =>
      Number.isFinite(v) &&
      (a.type !== 'integer' || Number.isInteger(v)) &&
      (a.minimum === undefined || v >= a.minimum) &&
      (a.maximum === undefined || v <= a.maximum) &&
      a.minimum !== undefined &&
      a.maximum !== undefined,
  );
}

/** Whole bodies no JSON route accepts. */
const BAD_BODIES: { payload: string; contentType?: string }[] = [
  { payload: '{"a": ' },
  { payload: '{' },
  { payload: '[' },
  { payload: '}' },
  { payload: 'nul' },
  { payload: '{"a":1,}' },
  { payload: "{'a':1}" },
  { payload: '{"a":"\\u00"}' },
  { payload: '\u0000' },
  { payload: '\ufeff{"a":1' },
  { payload: '1e999999' },
  { payload: '"just a string"' },
  { payload: '12' },
  { payload: 'true' },
  { payload: '[]' },
  { payload: '[{}]' },
  { payload: '[[[[[[[[[[]]]]]]]]]]' },
  { payload: JSON.stringify(deep(2_000)) },
  { payload: '['.repeat(20_000) + ']'.repeat(20_000) },
  { payload: '{"__proto__":{"admin":true},"x":' },
  { payload: JSON.stringify({ constructor: { prototype: { x: 1 } } }) + '}' },
  { payload: 'username=admin', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a/>', contentType: 'application/xml' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
];

interface Req {
  label: string;
  opts: InjectOptions;
  mutating: boolean;
}

function routesOf(doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: json ? resolve(json, doc) : undefined,
      });
    }
  }
  return out;
}

/** Every request the run sends, in a seeded order, at least TARGET of them. */
function generate(routes: Route[], doc: Parameters<typeof resolve>[1], seed: number): Req[] {
  const r = prng(seed);
  const generators: (() => Req)[] = [];
  for (const route of routes) {
    // Logout is the one write that ignores its body on purpose ("a logout must log out") and
    // changes nothing for an anonymous caller, so its 200 is not an accepted write.
    const mutating = route.method !== 'GET' && route.path !== '/api/user/logout';
    // DELETE ignores bodies: only its path and query parameters are fuzzed.
    const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
    const pathParams = route.params.filter((p) => p.in === 'path');
    const query = route.params.filter((p) => p.in === 'query');
    const fill = (bad?: { name: string; value: string }) =>
      route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        if (bad && bad.name === name) return enc(bad.value);
        if (name === '*') return 'index.html';
        return SAMPLE_PARAMS[name] ?? '1';
      });
    const qs = (pairs: [string, string][]) =>
      pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${enc(v)}`).join('&') : '';
    // A mutating call never gets a valid body: an object body holds at least one bad field
    // (or lacks a required one), and a route without a body gets garbage.
    const badBody = (): { payload: string; contentType: string } => {
      const s = route.body;
      const props = Object.entries(s?.properties ?? {});
      const roll = r.int(10);
      if (!s || !props.length || roll < 3) {
        const b = r.pick(BAD_BODIES);
        return { payload: b.payload, contentType: b.contentType ?? 'application/json' };
      }
      if (roll === 3 && (s.required?.length ?? 0) > 0) {
        const body: Record<string, unknown> = {};
        if (r.next() < 0.5) body['definitelyNotAField' + r.int(9)] = r.pick(HOSTILE);
        return { payload: JSON.stringify(body), contentType: 'application/json' };
      }
      const body: Record<string, unknown> = {};
      const [field, fs] = r.pick(props);
      const fieldSchema = resolve(fs, doc);
      body[field] = r.pick(badBodyValues(fieldSchema));
      // Sometimes more bad fields, an unknown field, or a prototype key alongside.
      for (const [other, os] of props) {
        if (other !== field && r.next() < 0.2)
          body[other] = r.pick(badBodyValues(resolve(os, doc)));
      }
      if (r.next() < 0.3) body[r.pick(['unknownField', '__proto__x', 'id', 'version', ''])] = 1;
      const wrap = r.int(12);
      const payload =
        wrap === 0
          ? JSON.stringify([body])
          : wrap === 1
            ? JSON.stringify({ data: body })
            : JSON.stringify(body);
      return { payload, contentType: 'application/json' };
    };
    const send = (url: string, body?: { payload: string; contentType: string }): InjectOptions => ({
      method: route.method as InjectOptions['method'],
      url,
      ...(body ? { payload: body.payload, headers: { 'content-type': body.contentType } } : {}),
    });
    const validBodyless = () => (takesBody ? badBody() : undefined);
    // 1. each path parameter malformed (the body too, for mutating routes, so nothing writes)
    for (const p of pathParams) {
      const isInt = kinds(resolve(p.schema, doc)).includes('integer');
      const values = isInt ? [...BAD_INT_TEXT, ...HOSTILE] : [...HOSTILE, ...BAD_TEXT.slice(0, 4)];
      generators.push(() => {
        const value = r.pick(values.filter((v) => v !== '' || isInt));
        const url = fill({ name: p.name, value });
        return {
          label: `${route.method} ${route.path} path ${p.name}=${show(value)}`,
          mutating,
          opts: send(url, validBodyless()),
        };
      });
    }
    // 2. each query parameter malformed (hostile strings too, on reads)
    for (const p of query) {
      const s = resolve(p.schema, doc);
      const isInt = kinds(s).includes('integer');
      const pool = mutating
        ? isInt
          ? BAD_INT_TEXT
          : BAD_TEXT
        : isInt
          ? [...BAD_INT_TEXT, ...HOSTILE, ...BAD_TEXT]
          : [...HOSTILE, ...BAD_TEXT, ...BAD_INT_TEXT];
      generators.push(() => {
        const value = r.pick(pool);
        const pairs: [string, string][] = [[p.name, value]];
        if (r.next() < 0.3) pairs.push([p.name, r.pick(HOSTILE)]); // repeated key → array
        if (r.next() < 0.2) pairs.push(['unknownParam', r.pick(HOSTILE)]);
        if (r.next() < 0.2) pairs.push([`${p.name}[a]`, '1']);
        return {
          label: `${route.method} ${route.path} query ${p.name}=${show(value)}`,
          mutating,
          opts: send(fill() + qs(pairs), takesBody ? badBody() : undefined),
        };
      });
    }
    // 3. missing required query parameters, unknown query parameters
    if (!mutating && query.some((p) => p.required)) {
      generators.push(() => ({
        label: `${route.method} ${route.path} missing query`,
        mutating,
        opts: send(fill()),
      }));
    }
    // 4. the body: each field malformed, missing required, unknown fields, broken JSON
    if (takesBody) {
      generators.push(() => {
        const body = badBody();
        return {
          label: `${route.method} ${route.path} body ${show(body.payload)}`,
          mutating,
          opts: send(fill(), body),
        };
      });
      if (route.body?.properties) {
        for (const _field of Object.keys(route.body.properties)) {
          generators.push(() => {
            const body = badBody();
            return {
              label: `${route.method} ${route.path} body ${show(body.payload)}`,
              mutating,
              opts: send(fill(), body),
            };
          });
        }
      }
    }
  }
  const out: Req[] = [];
  while (out.length < TARGET) out.push(r.pick(generators)());
  return out;
}

/** Percent-encodes; a lone surrogate becomes its (invalid) three-byte UTF-8 form, %ED%A0%80. */
function enc(v: string) {
  try {
    return encodeURIComponent(v);
  } catch {
    return v
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

function show(v: string) {
  const s = JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v);
  return s;
}

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.services.db.select().from(users).where(eq(users.username, 'admin'));
  adminCookie = newToken();
  await insertSession(t.services.db, {
    tokenHash: sha256(adminCookie),
    userId: user.id,
    activeRole: 'admin',
    ip: '',
    userAgent: '',
  });
});
afterAll(() => t.close());

async function snapshot() {
  const get = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `tc_session=${adminCookie}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(res.statusCode, url).toBe(200);
    return res.json() as { data: unknown };
  };
  const guides = (await get('/api/guides?pageSize=100')).data as {
    total: number;
    list: { id: number }[];
  };
  const spots = (await get('/api/scenic/spots?pageSize=100')).data as {
    total: number;
    list: { id: number }[];
  };
  const sample = async (base: string, list: { id: number }[]) =>
    Promise.all(
      list.filter((_x, i) => i % 7 === 0).map(async (x) => (await get(`${base}/${x.id}`)).data),
    );
  return {
    guides: guides.total,
    spots: spots.total,
    guideList: guides.list,
    spotList: spots.list,
    guideRecords: await sample('/api/guides', guides.list),
    spotRecords: await sample('/api/scenic/spots', spots.list),
  };
}

describe(`API fuzz (${dbKind()})`, () => {
  it('answers thousands of malformed requests from the OpenAPI document without a 5xx, a stall or a change', async () => {
    const docRes = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docRes.statusCode).toBe(200);
    const doc = docRes.json();
    const routes = routesOf(doc).filter((r) => !STREAMING.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(50);
    const reqs = generate(routes, doc, SEED);
    console.log(
      `[fuzz ${dbKind()}] seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${routes.length} operations`,
    );

    const before = await snapshot();
    expect(before.guides).toBeGreaterThan(0);
    expect(before.spots).toBeGreaterThan(0);

    const statuses = new Map<number, number>();
    /** Error statuses answered per operation (`GET /api/guides/{id}`). */
    const answered = new Map<string, Set<number>>();
    const problems: string[] = [];
    const started = performance.now();
    let sent = 0;
    let n = 0;
    const one = async (req: Req, asAdmin: boolean) => {
      const key = req.label.split(' ').slice(0, 2).join(' ');
      if (asAdmin && ADMIN_SKIP.has(key)) return;
      if (
        MULTIPART.has(key) &&
        String((req.opts.headers ?? {})['content-type'] ?? '').startsWith('multipart')
      )
        return;
      n++;
      const headers: Record<string, string> = {
        ...((req.opts.headers as Record<string, string>) ?? {}),
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
      };
      if (asAdmin) headers.cookie = `tc_session=${adminCookie}`;
      const who = asAdmin ? 'admin' : 'anonymous';
      const t0 = performance.now();
      const res = await t.app.inject({
        ...req.opts,
        headers,
        // anonymous calls come from many sources, so the per-source sign-in limit does not mask them
        remoteAddress: asAdmin ? '10.9.0.1' : `10.9.${1 + (n >> 8)}.${n & 255}`,
      });
      const ms = performance.now() - t0;
      sent++;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 400) {
        if (!answered.has(key)) answered.set(key, new Set());
        answered.get(key)!.add(res.statusCode);
      }
      const where = `${who} ${req.label}`;
      if (res.statusCode >= 500)
        problems.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
      if (ms > SLOW_MS) problems.push(`slow ${Math.round(ms)} ms ${where}`);
      if (req.mutating && res.statusCode < 400) {
        problems.push(
          `accepted a malformed write (${res.statusCode}) ${where}: ${res.body.slice(0, 120)}`,
        );
      }
      if (res.statusCode >= 400 && res.statusCode < 500) {
        let body: { error?: unknown; msg?: unknown } | undefined;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        if (
          !body ||
          typeof body.error !== 'string' ||
          !body.error ||
          typeof body.msg !== 'string'
        ) {
          problems.push(
            `${res.statusCode} without the error envelope ${where}: ${res.body.slice(0, 100)}`,
          );
        }
      }
    };
    for (let i = 0; i < reqs.length; i += BATCH) {
      const batch = reqs.slice(i, i + BATCH);
      await Promise.all(batch.flatMap((q) => [one(q, true), one(q, false)]));
    }
    const seconds = (performance.now() - started) / 1000;
    const seen = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, c]) => `${s}×${c}`);
    console.log(
      `[fuzz ${dbKind()}] ${sent} requests in ${seconds.toFixed(1)} s; statuses ${seen.join(' ')}`,
    );

    expect(problems.slice(0, 40)).toEqual([]);
    const undeclared: string[] = [];
    for (const [key, seen] of answered) {
      const [method, path] = key.split(' ');
      const op = (doc.paths as Record<string, Record<string, Operation>>)[path]?.[
        method.toLowerCase()
      ];
      const declared = op?.responses;
      for (const status of seen) {
        if (!declared?.[String(status)]) undeclared.push(`${key} answered ${status}`);
      }
    }
    expect(undeclared.sort()).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(5_000);
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});
