// Dictionaries: reads for every signed-in user (the forms' choices); writes for
// system:property:write (issue #15 point 3), each audited in its transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  PROPERTY_CODE_MAX,
  propertyCategory,
  propertyItem,
  propertyItemAdmin,
  propertyItemCreateBody,
  propertyItemDeleteQuery,
  propertyItemParams,
  propertyItemsQuery,
  propertyItemUpdateBody,
  propertyReorderBody,
  textSchema,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

const categoryParams = z.strictObject({
  code: textSchema().trim().min(1).max(PROPERTY_CODE_MAX),
});

export const propertyRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['properties'];
  const { properties } = services;

  app.get(
    '/api/properties/categories',
    {
      schema: { tags, response: { 200: envelopeOf(z.array(propertyCategory)) } },
      config: { access: 'authenticated' },
    },
    async () => ok(await properties.categories()),
  );

  app.get(
    '/api/properties/items',
    {
      schema: {
        tags,
        querystring: propertyItemsQuery,
        response: { 200: envelopeOf(z.array(propertyItem)) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await properties.items(req.query.category, req.query.all === '1')),
  );

  /** The management page's list: every item with its version and usage count. */
  app.get(
    '/api/properties/categories/:code/items',
    {
      schema: {
        tags,
        params: categoryParams,
        response: { 200: envelopeOf(z.array(propertyItemAdmin)) },
      },
      config: { access: 'system:read' },
    },
    async (req) => ok(await properties.adminItems(req.params.code)),
  );

  app.post(
    '/api/properties/items',
    {
      schema: {
        tags,
        body: propertyItemCreateBody,
        response: { 200: envelopeOf(propertyItemAdmin) },
      },
      config: { access: 'system:property:write', auditAction: 'property.create' },
    },
    async (req) => {
      req.audit.entityType = 'property_item';
      return ok(await properties.createItem(req.body, req.auth!.userId));
    },
  );

  app.post(
    '/api/properties/items/reorder',
    {
      schema: {
        tags,
        body: propertyReorderBody,
        response: { 200: envelopeOf(z.array(propertyItemAdmin)) },
      },
      config: { access: 'system:property:write', auditAction: 'property.reorder' },
    },
    async (req) => {
      req.audit.entityType = 'property_category';
      return ok(await properties.reorder(req.body));
    },
  );

  app.put(
    '/api/properties/items/:id',
    {
      schema: {
        tags,
        params: propertyItemParams,
        body: propertyItemUpdateBody,
        response: { 200: envelopeOf(propertyItemAdmin) },
      },
      config: { access: 'system:property:write', auditAction: 'property.update' },
    },
    async (req) => {
      req.audit.entityType = 'property_item';
      req.audit.entityId = req.params.id;
      return ok(await properties.updateItem(req.params.id, req.body));
    },
  );

  app.delete(
    '/api/properties/items/:id',
    {
      schema: {
        tags,
        params: propertyItemParams,
        querystring: propertyItemDeleteQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'system:property:write', auditAction: 'property.delete' },
    },
    async (req) => {
      req.audit.entityType = 'property_item';
      req.audit.entityId = req.params.id;
      await properties.deleteItem(req.params.id, req.query.version);
      return ok(true);
    },
  );
};
