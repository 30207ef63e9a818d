// System configuration (issue #15 point 4): read with system:read, saved with
// system:config:write; a save is audited with the diff of the values in effect. The site's
// name and default locale are public (the login page shows them).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, siteInfo, systemConfigEntry, systemConfigUpdateBody } from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const systemConfigRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['system-config'];

  const entries = envelopeOf(z.array(systemConfigEntry));

  app.get(
    '/api/system-config',
    { schema: { tags, response: { 200: entries } }, config: { access: 'system:read' } },
    async () => ok(await services.config.entries()),
  );

  // The site's name and default locale, read by the shell at boot, before sign-in (issue 25
  // defect 9); never cached, so a save shows on the next page load.
  app.get(
    '/api/site',
    { schema: { tags, response: { 200: envelopeOf(siteInfo) } }, config: { access: 'public' } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await services.config.siteInfo());
    },
  );

  app.put(
    '/api/system-config',
    {
      schema: { tags, body: systemConfigUpdateBody, response: { 200: entries } },
      config: { access: 'system:config:write', auditAction: 'systemConfig.update' },
    },
    async (req) => {
      req.audit.entityType = 'system_config';
      return ok(await services.config.update(req.body, req.auth!.userId));
    },
  );
};
