// Response shapes are zod schemas in the contracts, declared as route `response` schemas
// (architecture.md; issue #11 point 4): the OpenAPI document then describes every JSON answer.
// This reads the app's own document, so a route added later without one fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

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

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {});
});
afterAll(async () => {
  await t?.close();
});

describe('OpenAPI document', () => {
  it('describes the 200 answer of every JSON route with its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let described = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (FILES_AND_STREAMS.has(key)) continue;
        const schema = op.responses?.['200']?.content?.['application/json']?.schema;
        if (schema) described++;
        else missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(described).toBeGreaterThan(50);
  });

  it('describes a user as the contract has it: nullable times, no password', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/system/users/{id}'].get as Operation;
    const schema = op.responses!['200'].content!['application/json'].schema as {
      properties: { data: { properties: Record<string, { type?: unknown; anyOf?: unknown }> } };
    };
    const user = schema.properties.data.properties;
    expect(Object.keys(user)).toContain('lastLoginAt');
    expect(JSON.stringify(user.lastLoginAt)).toContain('null');
    expect(Object.keys(user)).not.toContain('password');
    expect(Object.keys(user)).not.toContain('passwordHash');
  });
});
