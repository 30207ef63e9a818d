import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, healthReport } from '@console/shared';
import type { Database } from '../../db/client';
import { ok } from '../../lib/envelope';
import { sendError } from '../../plugins/errors';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/api/health',
    {
      // 200 only: a degraded answer is the error envelope (503) with the same report as data.
      schema: { tags: ['health'], response: { 200: envelopeOf(healthReport) } },
      config: { access: 'public' },
    },
    async (_req, reply) => {
      try {
        await database.ping();
        return ok({ status: 'ok', database: { kind: database.kind, status: 'up' } });
      } catch {
        return sendError(reply, 'UNAVAILABLE', {
          data: { status: 'degraded', database: { kind: database.kind, status: 'down' } },
        });
      }
    },
  );
};
