// A request no route answers. A path the API has, called with a method it does not have, is
// 405 with `Allow` naming the methods it has (RFC 9110 §15.5.6); anything else is 404. Both in
// the error envelope (issue 25 defect 13).
import fp from 'fastify-plugin';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { sendError } from './errors';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods a route of the app answers at this path; the host page's catch-all is none. */
export function allowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in (found.params ?? {}));
  });
}

export const notFoundPlugin = fp(async (app) => {
  app.setNotFoundHandler((req, reply) => {
    const allow = allowedMethods(app, req.url.split('?')[0]);
    if (allow.length > 0) {
      reply.header('allow', allow.join(', '));
      return sendError(reply, 'METHOD_NOT_ALLOWED', { params: { method: req.method } });
    }
    return sendError(reply, 'ROUTE_NOT_FOUND');
  });
});
