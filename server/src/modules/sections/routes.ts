import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { localSectionMap } from './local';

export const sectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  // Read by the host at boot, before sign-in; never cached (product.md, "Section versions").
  app.get(
    '/api/sections/pins',
    { schema: { tags: ['sections'] }, config: { access: 'public' } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({
        environment: services.env.appEnv,
        sections: localSectionMap(services.env.devSections),
      });
    },
  );
};
