import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, healthReport, readinessReport, type ReadinessReport } from '@console/shared';
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

  // Set once the instance begins to close (SIGTERM): the balancer stops sending it requests
  // while those in flight finish (main.ts).
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get(
    '/api/health/ready',
    {
      // 200 only when ready; otherwise the error envelope (503) with the same report as data.
      schema: { tags: ['health'], response: { 200: envelopeOf(readinessReport) } },
      config: { access: 'public' },
    },
    async (_req, reply) => {
      const up = await database.ping().then(
        () => true,
        () => false,
      );
      const pendingMigrations = up ? await database.pendingMigrations().catch(() => null) : null;
      const ready = up && pendingMigrations === 0 && !shuttingDown;
      const report: ReadinessReport = {
        status: ready ? 'ready' : 'not_ready',
        database: { kind: database.kind, status: up ? 'up' : 'down' },
        pendingMigrations,
        shuttingDown,
      };
      return ready ? ok(report) : sendError(reply, 'UNAVAILABLE', { data: report });
    },
  );
};
