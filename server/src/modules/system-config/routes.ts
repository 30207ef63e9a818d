// System configuration (issue #15 point 4): read with system:read, saved with
// system:config:write; a save is audited with the diff of the values in effect.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemConfigUpdateBody } from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const systemConfigRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['system-config'];

  app.get('/api/system-config', { schema: { tags }, config: { access: 'system:read' } }, async () =>
    ok(await services.config.entries()),
  );

  app.put(
    '/api/system-config',
    {
      schema: { tags, body: systemConfigUpdateBody },
      config: { access: 'system:config:write', auditAction: 'systemConfig.update' },
    },
    async (req) => {
      req.audit.entityType = 'system_config';
      return ok(await services.config.update(req.body, req.auth!.userId));
    },
  );
};
