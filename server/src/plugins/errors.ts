// Every error becomes the envelope with a stable code, a message in the caller's locale and
// the right status (product.md, "API conventions"). Nothing the caller does yields a 500.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import {
  ERRORS,
  formatMessage,
  type Envelope,
  type ErrorCodeName,
  type FieldError,
  type LocalizedFieldError,
  type ValidationIssueLike,
  VALIDATION_MESSAGES,
  validationFields as localizedValidationFields,
} from '@console/shared';
import { AppError } from '../lib/app-error';
import { productErrorOf } from '../db/errors';
import { isConnectionLoss } from '../db/availability';

/** Seconds a client waits before trying again after a lost database connection. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
import { requestLocale } from './context';

export function errorEnvelope(
  req: FastifyRequest,
  error: ErrorCodeName,
  extra: {
    params?: Record<string, string | number>;
    fields?: (FieldError | LocalizedFieldError)[];
    data?: unknown;
    detail?: { 'zh-CN': string; 'en-US': string };
  } = {},
): Envelope<unknown> {
  const fields = extra.fields?.map((f) =>
    typeof f.message === 'string'
      ? (f as FieldError)
      : { path: f.path, message: f.message[req.locale] },
  );
  const def = ERRORS[error];
  const template = extra.detail ? extra.detail[req.locale] : def.msg[req.locale];
  return {
    code: def.code,
    msg: formatMessage(template, extra.params),
    data: extra.data ?? null,
    error,
    ...(fields ? { fields } : {}),
    requestId: req.id,
  };
}

export function sendError(
  reply: FastifyReply,
  error: ErrorCodeName,
  extra: Parameters<typeof errorEnvelope>[2] = {},
) {
  return reply.status(ERRORS[error].status).send(errorEnvelope(reply.request, error, extra));
}

/** The value at a dotted issue path of the input, to tell a missing field from a wrong one. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function withMissing(input: unknown, issue: ValidationIssueLike): ValidationIssueLike {
  return issue.code === 'invalid_type' && issue.path && issue.path.length > 0
    ? { ...issue, missing: valueAt(input, issue.path) === undefined }
    : issue;
}

function zodFields(req: FastifyRequest, err: ZodError): FieldError[] {
  return localizedValidationFields(err.issues as ValidationIssueLike[], req.locale);
}

const PARTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/** Maps the validation errors of fastify-type-provider-zod to field errors in the locale. */
function validationFields(
  req: FastifyRequest,
  err: FastifyError & { validationContext?: string },
): FieldError[] {
  const context = (err.validationContext ?? 'body') as keyof typeof PARTS;
  const input = (req as unknown as Record<string, unknown>)[PARTS[context] ?? 'body'];
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) =>
      withMissing(input, {
        ...(v.params as object),
        code: v.keyword,
        message: v.message,
        path: v.instancePath.length > 1 ? v.instancePath.slice(1).split('/') : [],
      }),
    );
    return localizedValidationFields(issues, req.locale, context);
  }
  return (err.validation ?? []).map((v) => ({
    path: v.instancePath.slice(1).replaceAll('/', '.') || context,
    message: v.message ?? 'invalid',
  }));
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.error, err.options);
    }
    if (err instanceof ZodError) {
      return sendError(reply, 'VALIDATION_FAILED', { fields: zodFields(req, err) });
    }
    if (err.validation) {
      return sendError(reply, 'VALIDATION_FAILED', { fields: validationFields(req, err) });
    }
    if (isConnectionLoss(err)) {
      req.log.warn({ err }, 'database connection lost');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_UNAVAILABLE');
    }
    // A constraint a concurrent writer won, a deadlock or serialisation failure (db/errors.ts).
    const fromDatabase = productErrorOf(err);
    if (fromDatabase) return sendError(reply, fromDatabase.error, fromDatabase.options);
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 'MALFORMED_JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return sendError(reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE');
    }
    if (err.statusCode === 429) return sendError(reply, 'RATE_LIMITED');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Other client errors raised by Fastify itself (bad URL encoding, …).
      return reply.status(err.statusCode).send({
        ...errorEnvelope(req, 'VALIDATION_FAILED'),
        msg: err.message,
      });
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });

  // Requests no route answers: plugins/not-found.ts (404, or 405 with Allow).
});

/**
 * Errors Fastify raises before routing (a URL that does not decode, an overlong parameter):
 * they bypass the error handler, so they get the envelope here (Fastify `frameworkErrors`).
 */
export function frameworkErrors(_err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.locale = requestLocale(req);
  return sendError(reply, 'VALIDATION_FAILED', {
    fields: [{ path: 'url', message: VALIDATION_MESSAGES.invalidFormat }],
  });
}
