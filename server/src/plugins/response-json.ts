// Answers served again and again from a cache, checked once. A route's response schema is
// applied to every answer by the serializer (fastify-type-provider-zod: a zod parse, which also
// drops any key the schema does not declare, then JSON.stringify) — a sixth of what a cached
// `GET /api/user/info` cost (issue 30 item 6). An answer kept in a cache is the same object
// until the cache drops it, so its check and its JSON are the same every time: they are made
// once, when the answer is read, and kept beside it. No answer leaves unchecked — the one kept
// is the one that passed — and a check that fails is the serializer's own 500.
//
// Why not sample the check in production instead: the parse is also what keeps an undeclared
// column from reaching the wire, so an answer left unparsed could differ from a parsed one.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

/** What Fastify sends as the type of a JSON answer it serialized itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `value` as the route's serializer would send it for `schema`: parsed (undeclared keys
 * dropped) and stringified; a value the schema refuses throws the serializer's error.
 */
export function checkedJson<T extends z.ZodType>(
  schema: T,
  value: z.input<T>,
  route: { method: string; url: string },
): string {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
  }
  return JSON.stringify(result.data);
}

/** Sends JSON made by `checkedJson` as it is (the serializer does not run on it again). */
export function sendCheckedJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}
