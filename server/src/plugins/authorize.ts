// Deny by default: every /api route declares `config.access`; a route without one cannot even
// be registered. Mutating requests must also pass the CSRF check (custom header + Origin).
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  hasPermission,
  type Access,
  type ErrorCodeName,
} from '@console/shared';
import { sendError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class UndeclaredAccessError extends Error {}

/**
 * The CSRF rule of a session's mutating call: the custom header, and an `Origin`, when sent,
 * naming this very server — scheme, host and port (issue #12 point 7). Routes that opt out of
 * the global check for devices (`config.csrf: false`) apply it to their session callers.
 */
export function passesCsrfCheck(req: FastifyRequest): boolean {
  if (req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === `${req.protocol}:` && url.host === req.host;
}

/** One registered /api route and who may call it (read by the access-matrix test). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: DeclaredRoute[];
  }
}

export const authorizePlugin = fp(async (app) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('apiRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) {
      throw new UndeclaredAccessError(
        `${String(route.method)} ${route.url} declares no access (config.access); every /api route must`,
      );
    }
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin to every GET; it is the same route.
      if (method !== 'HEAD') declared.push({ method, url: route.url, access: route.config.access });
    }
  });

  /** Why a request may not go on, or null when it may. */
  const refusal = (req: FastifyRequest): ErrorCodeName | null => {
    if (!req.url.startsWith('/api/')) return null;
    const config = req.routeOptions.config;
    // Unknown routes fall through to the not-found handler.
    if (!config?.access) return null;

    if (MUTATING.has(req.method) && config.csrf !== false && !passesCsrfCheck(req)) {
      return 'CSRF_REJECTED';
    }

    if (config.access === 'public') return null;
    if (!req.auth) return 'UNAUTHENTICATED';
    // A one-time password must be changed before anything else, on the server too (issue 25).
    if (req.auth.mustChangePassword && !config.beforePasswordChange) {
      return 'PASSWORD_CHANGE_REQUIRED';
    }
    if (!hasPermission(req.auth.permissions, config.access)) return 'FORBIDDEN';
    return null;
  };
  // Callback style: nothing here waits, and a hook returning a promise costs one per request.
  app.addHook('onRequest', (req, reply, done) => {
    const refused = refusal(req);
    // A refused request is answered here and goes no further (no `done`).
    if (refused) sendError(reply, refused);
    else done();
  });
});
