// Per-request context: locale and request id, plus the typed additions other plugins fill in.
import fp from 'fastify-plugin';
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

export const contextPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (req) => {
    const explicit = req.headers[LOCALE_HEADER];
    req.locale =
      typeof explicit === 'string' && explicit
        ? resolveLocale(explicit)
        : localeFromAcceptLanguage(req.headers['accept-language']);
  });
});
