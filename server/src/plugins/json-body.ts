// JSON bodies (issue #12 point 8): many HTTP clients send `Content-Type: application/json` on
// every call, with an empty body when there is nothing to send. An empty (or blank) JSON body
// is no body: routes that take none run, routes that need one answer 400 "required".
// Everything else goes through Fastify's own parser (prototype-poisoning checks included).
import type { FastifyInstance } from 'fastify';

export function emptyJsonIsNoBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    return parseJson(req, text, done);
  });
}
