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
} from '@console/shared';
import { AppError } from '../lib/app-error';

export function errorEnvelope(
  req: FastifyRequest,
  error: ErrorCodeName,
  extra: {
    params?: Record<string, string | number>;
    fields?: FieldError[];
    data?: unknown;
    detail?: { 'zh-CN': string; 'en-US': string };
  } = {},
): Envelope<unknown> {
  const def = ERRORS[error];
  const template = extra.detail ? extra.detail[req.locale] : def.msg[req.locale];
  return {
    code: def.code,
    msg: formatMessage(template, extra.params),
    data: extra.data ?? null,
    error,
    ...(extra.fields ? { fields: extra.fields } : {}),
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

function zodFields(err: ZodError): FieldError[] {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Maps the validation errors of fastify-type-provider-zod to field errors. */
function validationFields(err: FastifyError & { validationContext?: string }): FieldError[] {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation.map((v) => {
      const params = v.params as { issue?: { path?: PropertyKey[]; message?: string } };
      const issuePath =
        params?.issue?.path?.map(String).join('.') ?? v.instancePath.slice(1).replaceAll('/', '.');
      return { path: issuePath || (err.validationContext ?? ''), message: v.message ?? 'invalid' };
    });
  }
  return (err.validation ?? []).map((v) => ({
    path: v.instancePath.slice(1).replaceAll('/', '.'),
    message: v.message ?? 'invalid',
  }));
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.error, err.options);
    }
    if (err instanceof ZodError) {
      return sendError(reply, 'VALIDATION_FAILED', { fields: zodFields(err) });
    }
    if (err.validation) {
      return sendError(reply, 'VALIDATION_FAILED', { fields: validationFields(err) });
    }
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

  app.setNotFoundHandler((req, reply) => sendError(reply, 'ROUTE_NOT_FOUND'));
});
