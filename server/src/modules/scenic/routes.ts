import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  hasPermission,
  pageOf,
  scenicFlowResult,
  scenicGateKey,
  scenicGateKeyCreated,
  scenicLoadSeries,
  scenicMaintenanceWindow,
  scenicPlannedTeam,
  scenicSpot,
  scenicSpotOption,
  SCENIC_GATE_KEY_HEADER,
  scenicDeleteQuery,
  scenicFlowBody,
  scenicGateKeyBody,
  scenicIdParams,
  scenicKeyParams,
  scenicLoadQuery,
  scenicSpotCreateBody,
  scenicSpotExportQuery,
  scenicSpotListQuery,
  scenicSpotOptionsQuery,
  scenicSpotUpdateBody,
  scenicWindowBody,
  scenicWindowParams,
  scenicWindowUpdateBody,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { passesCsrfCheck } from '../../plugins/authorize';
import { AppError } from '../../lib/app-error';
import { registerSpreadsheetRoutes } from '../../lib/spreadsheet';
import type { FlowActor } from './flow-service';
import { spotSheet } from './sheet';

const tags = ['scenic'];

export const scenicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { spots, windows, flow, gateKeys } = services.scenic;

  // Spots -----------------------------------------------------------------------------------

  app.get(
    '/api/scenic/spots',
    {
      schema: {
        tags,
        querystring: scenicSpotListQuery,
        response: { 200: envelopeOf(pageOf(scenicSpot)) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => ok(await spots.list(req.query)),
  );

  app.get(
    '/api/scenic/spots/options',
    {
      schema: {
        tags,
        querystring: scenicSpotOptionsQuery,
        response: { 200: envelopeOf(pageOf(scenicSpotOption)) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => ok(await spots.options(req.query)),
  );

  app.post(
    '/api/scenic/spots',
    {
      schema: {
        tags,
        body: scenicSpotCreateBody,
        response: { 200: envelopeOf(scenicSpot) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.spot.create' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_spot';
      return ok(await spots.create(req.body, req.auth!.userId));
    },
  );

  await registerSpreadsheetRoutes(app, {
    basePath: '/api/scenic/spots',
    tags,
    sheet: spotSheet,
    dictionary: (category) => services.properties.items(category, true),
    exportQuery: scenicSpotExportQuery,
    readAccess: 'scenic:read',
    writeAccess: 'scenic:maintain',
    entityType: 'scenic_spot',
    importAction: 'scenic.spot.import',
    exportRows: (filter) => spots.exportRows(filter),
    check: (rows) => spots.importProblems(rows),
    write: (rows, userId, recordImport) => spots.insertMany(rows, userId, recordImport),
  });

  app.get(
    '/api/scenic/spots/:id',
    {
      schema: {
        tags,
        params: scenicIdParams,
        response: { 200: envelopeOf(scenicSpot) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => ok(await spots.get(req.params.id)),
  );

  app.put(
    '/api/scenic/spots/:id',
    {
      schema: {
        tags,
        params: scenicIdParams,
        body: scenicSpotUpdateBody,
        response: { 200: envelopeOf(scenicSpot) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.spot.update' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_spot';
      req.audit.entityId = req.params.id;
      return ok(await spots.update(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.delete(
    '/api/scenic/spots/:id',
    {
      schema: {
        tags,
        params: scenicIdParams,
        querystring: scenicDeleteQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.spot.delete' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_spot';
      req.audit.entityId = req.params.id;
      await spots.remove(req.params.id, req.query.version);
      return ok(true);
    },
  );

  app.get(
    '/api/scenic/spots/:id/teams',
    {
      schema: {
        tags,
        params: scenicIdParams,
        response: { 200: envelopeOf(z.array(scenicPlannedTeam)) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => {
      await spots.get(req.params.id);
      return ok(await spots.plannedTeams(req.params.id));
    },
  );

  // Maintenance windows ---------------------------------------------------------------------

  app.get(
    '/api/scenic/spots/:id/maintenance',
    {
      schema: {
        tags,
        params: scenicIdParams,
        response: { 200: envelopeOf(z.array(scenicMaintenanceWindow)) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => ok(await windows.list(req.params.id)),
  );

  app.post(
    '/api/scenic/spots/:id/maintenance',
    {
      schema: {
        tags,
        params: scenicIdParams,
        body: scenicWindowBody,
        response: { 200: envelopeOf(scenicMaintenanceWindow) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.window.create' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_window';
      return ok(await windows.create(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.put(
    '/api/scenic/spots/:id/maintenance/:windowId',
    {
      schema: {
        tags,
        params: scenicWindowParams,
        body: scenicWindowUpdateBody,
        response: { 200: envelopeOf(scenicMaintenanceWindow) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.window.update' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_window';
      req.audit.entityId = req.params.windowId;
      return ok(await windows.update(req.params.id, req.params.windowId, req.body));
    },
  );

  app.delete(
    '/api/scenic/spots/:id/maintenance/:windowId',
    {
      schema: {
        tags,
        params: scenicWindowParams,
        querystring: scenicDeleteQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'scenic:maintain', auditAction: 'scenic.window.delete' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_window';
      req.audit.entityId = req.params.windowId;
      await windows.remove(req.params.id, req.params.windowId, req.query.version);
      return ok(true);
    },
  );

  // Visitor flow ----------------------------------------------------------------------------

  /**
   * Gate devices authenticate with their spot's key (header x-gate-key; no session, so no
   * CSRF exposure); staff with their session, the CSRF header and `scenic:maintain`.
   */
  async function flowActor(req: FastifyRequest, spotId: number): Promise<FlowActor> {
    const key = req.headers[SCENIC_GATE_KEY_HEADER];
    if (typeof key === 'string' && key !== '') {
      const gate = await gateKeys.authenticate(key, spotId);
      req.audit.username = `gate:${gate.prefix}`;
      if (req.auditContext) req.auditContext.username = req.audit.username;
      return { gateKeyId: gate.id };
    }
    if (!req.auth) throw new AppError('UNAUTHENTICATED');
    // The CSRF rule of plugins/authorize.ts, applied here because the route opts out of it
    // for devices: a gate key needs no Origin, a session does.
    if (!passesCsrfCheck(req)) throw new AppError('CSRF_REJECTED');
    if (!hasPermission(req.auth.permissions, 'scenic:maintain')) throw new AppError('FORBIDDEN');
    return { userId: req.auth.userId };
  }

  app.post(
    '/api/scenic/spots/:id/flow',
    {
      schema: {
        tags,
        params: scenicIdParams,
        body: scenicFlowBody,
        response: { 200: envelopeOf(scenicFlowResult) },
      },
      // Authorised in the handler: a gate key of this spot, or staff with scenic:maintain.
      config: { access: 'public', csrf: false, auditAction: 'scenic.flow.ingest' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_spot';
      req.audit.entityId = req.params.id;
      const actor = await flowActor(req, req.params.id);
      return ok(await flow.ingest(req.params.id, req.body, actor));
    },
  );

  app.get(
    '/api/scenic/spots/:id/load',
    {
      schema: {
        tags,
        params: scenicIdParams,
        querystring: scenicLoadQuery,
        response: { 200: envelopeOf(scenicLoadSeries) },
      },
      config: { access: 'scenic:read' },
    },
    async (req) => ok(await flow.load(req.params.id, req.query)),
  );

  // Gate keys (admin) -------------------------------------------------------------------------

  app.get(
    '/api/scenic/spots/:id/gate-keys',
    {
      schema: {
        tags,
        params: scenicIdParams,
        response: { 200: envelopeOf(z.array(scenicGateKey)) },
      },
      config: { access: 'scenic:gate-keys' },
    },
    async (req) => ok(await gateKeys.list(req.params.id)),
  );

  app.post(
    '/api/scenic/spots/:id/gate-keys',
    {
      schema: {
        tags,
        params: scenicIdParams,
        body: scenicGateKeyBody,
        response: { 200: envelopeOf(scenicGateKeyCreated) },
      },
      config: { access: 'scenic:gate-keys', auditAction: 'scenic.gateKey.create' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_gate_key';
      return ok(await gateKeys.create(req.params.id, req.body.name, req.auth!.userId));
    },
  );

  app.delete(
    '/api/scenic/spots/:id/gate-keys/:keyId',
    {
      schema: {
        tags,
        params: scenicKeyParams,
        response: { 200: envelopeOf(scenicGateKey) },
      },
      config: { access: 'scenic:gate-keys', auditAction: 'scenic.gateKey.revoke' },
    },
    async (req) => {
      req.audit.entityType = 'scenic_gate_key';
      req.audit.entityId = req.params.keyId;
      return ok(await gateKeys.revoke(req.params.id, req.params.keyId, req.auth!.userId));
    },
  );
};
