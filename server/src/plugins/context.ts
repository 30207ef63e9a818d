// Per-request context: locale and request id, plus the typed additions other plugins fill in.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  LOCALE_HEADER,
  localeFromAcceptLanguage,
  resolveLocale,
  type Locale,
} from '@console/shared';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The caller's locale: the client's explicit header, else Accept-Language, else zh-CN. */
export function requestLocale(req: FastifyRequest): Locale {
  const explicit = req.headers[LOCALE_HEADER];
  return typeof explicit === 'string' && explicit
    ? resolveLocale(explicit)
    : localeFromAcceptLanguage(req.headers['accept-language']);
}

/** The answer's header naming its request: the `reqId` of the request's log lines. */
export const REQUEST_ID_HEADER = 'x-request-id';

export const contextPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', (req, reply, done) => {
    req.locale = requestLocale(req);
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
});
