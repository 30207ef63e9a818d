// Response shapes are zod schemas in the contracts, declared as route `response` schemas
// (architecture.md; issue #11 point 4): the OpenAPI document then describes every JSON answer.
// This reads the app's own document, so a route added later without one fails here.
// Issue 25 defect 13 ("The OpenAPI document validates"): the document passes a standard
// validator, every `$ref` resolves, calendar days are `format: date`, every operation declares
// the error answers it gives (the fuzzer checks the observed ones: fuzz.test.ts), and a known
// path called with a method it does not have answers 405 with `Allow`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { localDate } from '@console/shared';
import { ACCESS_MATRIX, SAMPLE_PARAMS } from './access-matrix';
import { createTestApp, signedIn, type Client, type TestApp } from './support/app';

/** Routes that answer a file or a stream, not the JSON envelope: no response schema. */
const FILES_AND_STREAMS = new Set([
  'GET /api/audit/export',
  ...['visitors', 'peak-hours', 'agencies', 'markets', 'guides', 'matrix'].map(
    (chart) => `GET /api/dashboard/analysis/${chart}/export`,
  ),
  'GET /api/backups/{id}/download',
  'GET /api/events',
  'GET /api/guides/export',
  'GET /api/guides/import/template',
  'GET /api/scenic/spots/export',
  'GET /api/scenic/spots/import/template',
  'GET /api/system/users/export',
  'GET /api/teams/export',
  'GET /api/user/avatar/{userId}',
  // The static host and section bundles.
  'GET /{*}',
]);

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Param {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

let t: TestApp;
let doc: Doc;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({}, {});
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

function operations(): [key: string, path: string, method: string, op: Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(
      ([method, op]) => [`${method.toUpperCase()} ${path}`, path, method, op] as const,
    ),
  ) as [string, string, string, Operation][];
}

function deref(s: Schema | undefined): Schema {
  let cur = s ?? {};
  for (let hops = 0; cur.$ref && hops < 20; hops++) {
    cur = doc.components?.schemas?.[cur.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return cur;
}

/** The non-null alternatives a schema allows for a value (through refs, anyOf, oneOf, allOf). */
function alternatives(s: Schema | undefined): Schema[] {
  const r = deref(s);
  const alts = r.anyOf ?? r.oneOf;
  if (alts) return alts.flatMap(alternatives);
  if (r.allOf) return r.allOf.flatMap(alternatives);
  return [r];
}

/**
 * Values that look like a day but are not one field's day: a period label is a day, a week's
 * first day or a month (YYYY-MM) by the chosen bucket (dashboard analysis).
 */
const NOT_DAY_FIELDS = new Set(['period']);

/**
 * Where an answer holds a calendar day (YYYY-MM-DD) that its schema does not publish as
 * `format: date`, and every property name seen holding one. Values of free-form maps (a
 * message's or a rule breach's placeholders) have no field of their own and are left out.
 */
function undeclaredDays(
  value: unknown,
  schema: Schema | undefined,
  at: string,
  names: Set<string>,
) {
  const out: string[] = [];
  const alts = alternatives(schema);
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const name = at.split('.').pop()!.replace(/\[\]$/, '');
    if (NOT_DAY_FIELDS.has(name)) return out;
    names.add(name);
    if (!alts.some((a) => a.format === 'date')) out.push(at);
  } else if (Array.isArray(value)) {
    const items = alts.find((a) => a.items)?.items;
    for (const item of value.slice(0, 20))
      out.push(...undeclaredDays(item, items, `${at}[]`, names));
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const sub = alts.find((a) => a.properties?.[key])?.properties?.[key];
      if (sub) out.push(...undeclaredDays(v, sub, `${at}.${key}`, names));
    }
  }
  return [...new Set(out)];
}

/** A value for a required query parameter the sample calls must send. */
function sampleQueryValue(p: Param): string {
  const s = alternatives(p.schema)[0] ?? {};
  if (s.format === 'date' || /date|from|to|day/i.test(p.name)) return localDate(new Date());
  if (s.enum?.length) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return '1';
  return 'market';
}

function sampleUrl(path: string, op: Operation) {
  const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? '1');
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(sampleQueryValue(p))}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

describe('OpenAPI document', () => {
  it('describes the 200 answer of every JSON route with its schema', async () => {
    const missing: string[] = [];
    let described = 0;
    for (const [key, , , op] of operations()) {
      if (FILES_AND_STREAMS.has(key)) continue;
      const schema = op.responses?.['200']?.content?.['application/json']?.schema;
      if (schema) described++;
      else missing.push(key);
    }
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(50);
  });

  it('describes a user as the contract has it: nullable times, no password', async () => {
    const op = doc.paths['/api/system/users/{id}'].get;
    const schema = deref(op.responses!['200'].content!['application/json'].schema);
    const user = deref(schema.properties!.data).properties!;
    expect(Object.keys(user)).toContain('lastLoginAt');
    expect(JSON.stringify(user.lastLoginAt)).toContain('null');
    expect(Object.keys(user)).not.toContain('password');
    expect(Object.keys(user)).not.toContain('passwordHash');
  });

  it('passes a standard OpenAPI validator (@apidevtools/swagger-parser)', async () => {
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('has no $ref that points nowhere', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = [...new Set(refs)].filter(
      (ref) =>
        !ref.startsWith('#/components/schemas/') ||
        !doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)],
    );
    expect(dangling).toEqual([]);
  });

  it('publishes every calendar day an answer holds as format: date, and the same fields in requests', async () => {
    const undeclared: string[] = [];
    const dayNames = new Set<string>();
    let read = 0;
    for (const [key, path, method, op] of operations()) {
      if (method !== 'get' || FILES_AND_STREAMS.has(key)) continue;
      const res = await admin.get(sampleUrl(path, op));
      if (res.statusCode !== 200) continue;
      read++;
      const schema = op.responses?.['200']?.content?.['application/json']?.schema;
      for (const where of undeclaredDays(res.json(), schema, '', dayNames))
        undeclared.push(`${key} ${where}`);
    }
    // The seeded data has guides, spots and teams: most reads answer with records.
    expect(read).toBeGreaterThan(50);
    expect(dayNames.size).toBeGreaterThan(3);
    expect(undeclared).toEqual([]);

    // A field that holds a day in an answer holds one in a request too (bodies and queries),
    // unless the request declares another format for it (a query's `from` may be an instant).
    const undeclaredText = (s: Schema | undefined) => {
      const leaves = alternatives(s);
      return leaves.some((l) => l.type === 'string' && !l.enum) && !leaves.some((l) => l.format);
    };
    const requests: string[] = [];
    const visit = (s: Schema | undefined, at: string, seen: Set<Schema>) => {
      for (const alt of alternatives(s)) {
        if (seen.has(alt)) continue;
        seen.add(alt);
        for (const [name, sub] of Object.entries(alt.properties ?? {})) {
          if (dayNames.has(name) && undeclaredText(sub)) requests.push(`${at}.${name}`);
          visit(sub, `${at}.${name}`, seen);
        }
        if (alt.items) visit(alt.items, `${at}[]`, seen);
      }
    };
    for (const [key, , , op] of operations()) {
      visit(op.requestBody?.content?.['application/json']?.schema, `${key} body`, new Set());
      for (const p of op.parameters ?? []) {
        if (dayNames.has(p.name) && undeclaredText(p.schema))
          requests.push(`${key} ${p.in} ${p.name}`);
      }
    }
    expect(requests).toEqual([]);
  });

  it('declares the 401 and 403 the access matrix expects of each operation', () => {
    const undeclared: string[] = [];
    for (const [method, route, who] of ACCESS_MATRIX) {
      const path = route.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) continue; // hidden routes (the document itself)
      const expected = new Set(Object.values(who).filter((o) => o !== 'ok'));
      for (const status of expected) {
        if (!op.responses?.[String(status)]) undeclared.push(`${method} ${path} ${status}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('declares the error answers every operation can give, in the error envelope', () => {
    const missing: string[] = [];
    for (const [key, path, method, op] of operations()) {
      if (key === 'GET /{*}') continue;
      const declared = Object.keys(op.responses ?? {});
      // Every write takes a body (bad JSON 400, too large 413, wrong type 415), a change of a
      // record may be stale (409), and a path parameter may name a record that is not there.
      const expected = new Set([
        ...(method !== 'get' ? ['400', '413', '415'] : []),
        ...(['put', 'patch', 'delete'].includes(method) ? ['409'] : []),
        ...(path.includes('{') ? ['400', '404'] : []),
      ]);
      for (const status of expected)
        if (!declared.includes(status)) missing.push(`${key} ${status}`);
      for (const status of declared.filter((s) => s >= '400')) {
        const schema = deref(op.responses![status].content?.['application/json']?.schema);
        if (!schema.properties?.error || !schema.properties?.msg)
          missing.push(`${key} ${status} without the error envelope`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('a known path called with a method it does not have', () => {
  it('answers 405 with Allow and the error envelope; an unknown path stays 404', async () => {
    const cases: [method: 'DELETE' | 'PATCH' | 'PUT' | 'GET', url: string, allow: string[]][] = [
      ['DELETE', '/api/user/info', ['GET']],
      ['GET', '/api/user/login', ['POST']],
      ['PATCH', '/api/guides/1', ['GET', 'PUT']],
      ['PUT', '/api/guides', ['GET', 'POST']],
    ];
    for (const [method, url, allow] of cases) {
      const res = await admin.request({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      const allowed = String(res.headers.allow ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      for (const m of allow) expect(allowed, `${method} ${url}`).toContain(m);
      expect(allowed).not.toContain(method);
      const body = res.json();
      expect(body.error).toBe('METHOD_NOT_ALLOWED');
      expect(typeof body.msg).toBe('string');
    }
    const unknown = await admin.request({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('ROUTE_NOT_FOUND');
    const unknownGet = await admin.get('/api/no-such-thing/1');
    expect(unknownGet.statusCode).toBe(404);
  });
});
