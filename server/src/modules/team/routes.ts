// Team core API (issue #13; the split in the team API table): lists, export, capacity, detail,
// operation log, create, edit, itinerary and manual moves. Read: team:read; write: team:write.
// Every write records its audit row (entity 'team') in its transaction, in the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarDay,
  capacityWarningShape,
  envelopeOf,
  itinerarySaveBody,
  pageOf,
  spotDayCapacityQuery,
  teamCreateBody,
  teamDetail,
  teamExportQuery,
  teamIdParams,
  teamListItem,
  teamListQuery,
  teamLogEntry,
  teamLogQuery,
  teamTransitionBody,
  teamUpdateBody,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { resolveSheet, sendSpreadsheet, writeSheet } from '../../lib/spreadsheet';
import { localDayStamp } from '@console/shared';
import { teamSheet } from './sheet';

const spotDayCapacity = z.object({
  spotId: z.number(),
  date: calendarDay,
  capacity: z.number(),
  planned: z.number(),
  remaining: z.number(),
  percent: z.number(),
  maintenance: z.boolean(),
});

export const teamRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { team } = services;
  const tags = ['team'];

  app.get(
    '/api/teams',
    {
      schema: {
        tags,
        querystring: teamListQuery,
        response: { 200: envelopeOf(pageOf(teamListItem)) },
      },
      config: { access: 'team:read' },
    },
    async (req) => ok(await team.list(req.query)),
  );

  app.get(
    '/api/teams/export',
    { schema: { tags, querystring: teamExportQuery }, config: { access: 'team:read' } },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const sheet = await resolveSheet(
        teamSheet,
        (category) => services.properties.items(category, true),
        'export',
      );
      const file = await writeSheet(sheet, await team.exportRows(filter), format, req.locale);
      return sendSpreadsheet(reply, file, `${teamSheet.name}-${localDayStamp()}`, format);
    },
  );

  app.get(
    '/api/teams/capacity',
    {
      schema: {
        tags,
        querystring: spotDayCapacityQuery,
        response: { 200: envelopeOf(spotDayCapacity) },
      },
      config: { access: 'team:read' },
    },
    async (req) =>
      ok(await team.capacity(req.query.spotId, req.query.date, req.query.excludeTeamId)),
  );

  app.post(
    '/api/teams',
    {
      schema: { tags, body: teamCreateBody, response: { 200: envelopeOf(teamDetail) } },
      config: { access: 'team:write', auditAction: 'team.create' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      return ok(await team.create(req.body, req.auth!.userId));
    },
  );

  app.get(
    '/api/teams/:id',
    {
      schema: { tags, params: teamIdParams, response: { 200: envelopeOf(teamDetail) } },
      config: { access: 'team:read' },
    },
    async (req) => ok(await team.get(req.params.id)),
  );

  app.get(
    '/api/teams/:id/operation-log',
    {
      schema: {
        tags,
        params: teamIdParams,
        querystring: teamLogQuery,
        response: { 200: envelopeOf(pageOf(teamLogEntry)) },
      },
      config: { access: 'team:read' },
    },
    async (req) =>
      ok(await team.operationLog(req.params.id, req.query.current, req.query.pageSize, req.locale)),
  );

  app.put(
    '/api/teams/:id',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: teamUpdateBody,
        response: { 200: envelopeOf(teamDetail) },
      },
      config: { access: 'team:write', auditAction: 'team.update' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(await team.update(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.put(
    '/api/teams/:id/itinerary',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: itinerarySaveBody,
        response: {
          200: envelopeOf(z.object({ team: teamDetail, warnings: z.array(capacityWarningShape) })),
        },
      },
      config: { access: 'team:write', auditAction: 'team.itinerary' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(await team.saveItinerary(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.post(
    '/api/teams/:id/transition',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: teamTransitionBody,
        response: { 200: envelopeOf(teamDetail) },
      },
      config: { access: 'team:write', auditAction: 'team.transition' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(await team.transition(req.params.id, req.body, req.auth!.userId));
    },
  );
};
