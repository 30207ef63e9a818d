// Copies, itinerary templates and work orders (issue 29 items 2, 3). Read: team:read; write:
// team:write. Every write records its audit row in its transaction, in the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  pageOf,
  teamCopyBody,
  teamDetail,
  teamIdParams,
  teamTemplateCreateBody,
  teamTemplateDetail,
  teamTemplateListItem,
  teamTemplateListQuery,
  teamTemplateParams,
  teamTemplateRemoveQuery,
  workOrder,
  workOrderQuery,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { AUDIT_TEMPLATE } from './templates';

export const teamTemplateRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { teamTemplates, workOrders } = services;
  const tags = ['team'];

  app.post(
    '/api/teams/:id/copy',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: teamCopyBody,
        response: { 200: envelopeOf(teamDetail) },
      },
      config: { access: 'team:write', auditAction: 'team.copy' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      return ok(await teamTemplates.copy(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.get(
    '/api/teams/:id/work-order',
    {
      schema: {
        tags,
        params: teamIdParams,
        querystring: workOrderQuery,
        response: { 200: envelopeOf(workOrder) },
      },
      config: { access: 'team:read' },
    },
    async (req) => ok(await workOrders.of(req.params.id, req.query.guideId)),
  );

  app.get(
    '/api/team-templates',
    {
      schema: {
        tags,
        querystring: teamTemplateListQuery,
        response: { 200: envelopeOf(pageOf(teamTemplateListItem)) },
      },
      config: { access: 'team:read' },
    },
    async (req) => ok(await teamTemplates.list(req.query)),
  );

  app.get(
    '/api/team-templates/:id',
    {
      schema: {
        tags,
        params: teamTemplateParams,
        response: { 200: envelopeOf(teamTemplateDetail) },
      },
      config: { access: 'team:read' },
    },
    async (req) => ok(await teamTemplates.get(req.params.id)),
  );

  app.post(
    '/api/team-templates',
    {
      schema: {
        tags,
        body: teamTemplateCreateBody,
        response: { 200: envelopeOf(teamTemplateDetail) },
      },
      config: { access: 'team:write', auditAction: 'team.template.create' },
    },
    async (req) => {
      req.audit.entityType = AUDIT_TEMPLATE;
      return ok(await teamTemplates.create(req.body, req.auth!.userId));
    },
  );

  app.delete(
    '/api/team-templates/:id',
    {
      schema: {
        tags,
        params: teamTemplateParams,
        querystring: teamTemplateRemoveQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'team:write', auditAction: 'team.template.delete' },
    },
    async (req) => {
      req.audit.entityType = AUDIT_TEMPLATE;
      req.audit.entityId = req.params.id;
      await teamTemplates.remove(req.params.id, req.query.version);
      return ok(true);
    },
  );
};
