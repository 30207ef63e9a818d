import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyItemsQuery } from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const propertyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/properties/categories',
    { schema: { tags: ['properties'] }, config: { access: 'authenticated' } },
    async () => ok(await services.properties.categories()),
  );

  app.get(
    '/api/properties/items',
    {
      schema: { tags: ['properties'], querystring: propertyItemsQuery },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await services.properties.items(req.query.category, req.query.all === '1')),
  );
};
