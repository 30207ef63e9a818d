// The OpenAPI document (`GET /api/docs/json`). Route schemas are zod schemas from the
// contracts (architecture.md, "Server"); fastify-type-provider-zod turns them into JSON schema,
// and a zod schema registered with an `id` (`.meta({ id })`: a recursive menu item, the error
// envelope) becomes a component. Each operation also declares the error answers it can give,
// derived here from the route's declaration (route-config.ts, authorize.ts), so a route added
// later is described without writing its errors out (issue 25 defect 13).
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, type ErrorCodeName } from '@console/shared';

const ERROR_ENVELOPE = 'ErrorEnvelope';
const ERROR_CODES = Object.keys(ERRORS) as [ErrorCodeName, ...ErrorCodeName[]];

/** The error envelope every 4xx and 5xx answer carries (plugins/errors.ts `errorEnvelope`). */
const errorEnvelope = z.object({
  code: z.number().int().describe('The numeric code of `error`'),
  msg: z.string().describe("The message, in the caller's language"),
  data: z.unknown().describe('null, or facts about the refusal'),
  error: z.enum(ERROR_CODES).describe('Stable error code (shared/src/contracts/errors.ts)'),
  fields: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('The failing fields of a 400'),
  requestId: z.string().optional(),
});
z.globalRegistry.add(errorEnvelope, { id: ERROR_ENVELOPE });

/** Why each error status is answered, as the document says it. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request (unreadable body, or failing fields listed in `fields`)',
  401: 'Not signed in, the session expired, or the credential is wrong',
  403: 'Refused: the role lacks the permission, the request origin failed the CSRF check, or a one-time password must be changed first',
  404: 'No such record',
  409: 'Conflicts with the current state (a stale version, a duplicate, a rule of the domain, a concurrent write)',
  413: 'The request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests; try again later',
  503: 'The database is unreachable; try again (Retry-After)',
};

/**
 * Answers the declaration below cannot see: sign-in checks the credential it is sent (401),
 * though the route itself is public; a few reads name what they read in the query, not the
 * path (404 for an unknown dictionary category, section or environment).
 */
const ALSO_ANSWERS: Record<string, number[]> = {
  'POST /api/user/login': [401],
  'GET /api/properties/items': [404],
  'GET /api/sections': [404],
  'GET /api/sections/history': [404],
  // An unknown environment (or user, for the buckets) (issue 30).
  'GET /api/sections/health': [404],
  'GET /api/sections/buckets': [404],
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error statuses a route can answer, from what it declares: its inputs (400), who may call
 * it (401/403, authorize.ts; the one-time password limits every signed-in route), its path
 * parameters (404), whether it writes (409: stale version, duplicate, domain rule, concurrent
 * write), whether it takes a body (413/415), its rate limit (429); every route reads the
 * database or the session (503).
 */
function errorStatusesOf(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>) {
  // The host page's catch-all (plugins/static.ts) answers the API's 404 for /api and /sections.
  if (!route.url.startsWith('/api/')) return route.url.includes('*') ? [404] : [];
  const methods = [route.method].flat().map(String);
  const config = route.config ?? {};
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const takesBody = methods.some((m) => WRITES.has(m));
  const writes = takesBody && config.audit !== false;
  const statuses = new Set<number>([503]);
  if (takesBody || schema.body || schema.querystring || schema.params) statuses.add(400);
  if (config.access !== 'public') statuses.add(401).add(403);
  // A device route carries its own credential, checked in the handler (scenic flow ingest).
  if (config.access === 'public' && config.csrf === false) statuses.add(401).add(403);
  if (takesBody && config.csrf !== false) statuses.add(403);
  if (route.url.includes(':')) statuses.add(404);
  if (writes) statuses.add(409);
  if (takesBody) statuses.add(413).add(415);
  if (config.rateLimit) statuses.add(429);
  for (const m of methods) for (const s of ALSO_ANSWERS[`${m} ${route.url}`] ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * A route without a response schema (a file, a stream, the host page) keeps the default answer
 * @fastify/swagger writes for it, beside the error answers added above.
 */
function withDefaultAnswers<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, { responses?: object }>> })
    .paths;
  for (const operations of Object.values(paths ?? {})) {
    for (const op of Object.values(operations)) {
      if (!op.responses || Object.keys(op.responses).some((s) => s.startsWith('2'))) continue;
      op.responses = { 200: { description: 'Default Response' }, ...op.responses };
    }
  }
  return document;
}

const zodTransform = createJsonSchemaTransform({});
const zodTransformObject = createJsonSchemaTransformObject({});

export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tour operations console API', version: '0.1.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'tc_session' } },
      },
    },
    transform: (input) => {
      const out = zodTransform(input);
      const schema = (out.schema ?? {}) as Record<string, unknown> & { hide?: boolean };
      if (schema.hide) return out;
      const response = { ...(schema.response as Record<string, unknown> | undefined) };
      for (const status of errorStatusesOf(input.route)) {
        response[status] ??= {
          description: STATUS_TEXT[status],
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/${ERROR_ENVELOPE}` } },
          },
        };
      }
      return { ...out, schema: { ...schema, response } };
    },
    transformObject: (input) => withDefaultAnswers(zodTransformObject(input)),
  });
});
