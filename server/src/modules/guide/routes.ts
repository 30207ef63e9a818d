// Guide API (issue #7). Read: guide:read (every role); write: guide:write (admin, operator).
// Every write records its audit row (the guide id and a field diff) in its transaction, in
// the service; unavailability changes are recorded on the guide so they appear in its history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  guideAuditPage,
  guideDetail,
  guideFeedbackItem,
  guideListItem,
  guideRecordsQuery,
  guideTeamLed,
  pageOf,
  unavailabilityPeriod,
  guideAuditQuery,
  guideExportQuery,
  guideCreateBody,
  guideIdParams,
  guideListQuery,
  guideStatusBody,
  guideUpdateBody,
  unavailabilityBody,
  unavailabilityParams,
  unavailabilityQuery,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { registerSpreadsheetRoutes } from '../../lib/spreadsheet';
import { guideSheet } from './sheet';

export const guideRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { records, unavailability, sheet } = services.guide;
  const tags = ['guide'];

  app.get(
    '/api/guides',
    {
      schema: {
        tags,
        querystring: guideListQuery,
        response: { 200: envelopeOf(pageOf(guideListItem)) },
      },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await records.list(req.query)),
  );

  app.post(
    '/api/guides',
    {
      schema: { tags, body: guideCreateBody, response: { 200: envelopeOf(guideDetail) } },
      config: { access: 'guide:write', auditAction: 'guide.create' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      return ok(await records.create(req.body, req.auth!.userId));
    },
  );

  // Import and export, exactly like the scenic list (template, all-or-nothing import with a
  // per-row report, xlsx and csv, the current filter).
  await registerSpreadsheetRoutes(app, {
    basePath: '/api/guides',
    tags,
    sheet: guideSheet,
    dictionary: (category) => services.properties.items(category, true),
    exportQuery: guideExportQuery,
    readAccess: 'guide:read',
    writeAccess: 'guide:write',
    entityType: 'guide',
    importAction: 'guide.import',
    // The sheet writes lists as text; export rows carry them already joined per item.
    exportRows: (filter) => sheet.exportRows(filter),
    check: (rows) => sheet.importProblems(rows),
    write: (rows, userId, recordImport) => sheet.insertMany(rows, userId, recordImport),
  });

  app.get(
    '/api/guides/:id',
    {
      schema: { tags, params: guideIdParams, response: { 200: envelopeOf(guideDetail) } },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await records.get(req.params.id)),
  );

  app.put(
    '/api/guides/:id',
    {
      schema: {
        tags,
        params: guideIdParams,
        body: guideUpdateBody,
        response: { 200: envelopeOf(guideDetail) },
      },
      config: { access: 'guide:write', auditAction: 'guide.update' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      return ok(await records.update(req.params.id, req.body));
    },
  );

  app.post(
    '/api/guides/:id/status',
    {
      schema: {
        tags,
        params: guideIdParams,
        body: guideStatusBody,
        response: { 200: envelopeOf(guideDetail) },
      },
      config: { access: 'guide:write', auditAction: 'guide.status' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      return ok(await records.changeStatus(req.params.id, req.body));
    },
  );

  app.get(
    '/api/guides/:id/unavailability',
    {
      schema: {
        tags,
        params: guideIdParams,
        querystring: unavailabilityQuery,
        response: { 200: envelopeOf(z.array(unavailabilityPeriod)) },
      },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await unavailability.list(req.params.id, req.query.from, req.query.to)),
  );

  app.post(
    '/api/guides/:id/unavailability',
    {
      schema: {
        tags,
        params: guideIdParams,
        body: unavailabilityBody,
        response: { 200: envelopeOf(unavailabilityPeriod) },
      },
      config: { access: 'guide:write', auditAction: 'guide.unavailability.create' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      return ok(await unavailability.add(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.delete(
    '/api/guides/:id/unavailability/:periodId',
    {
      schema: {
        tags,
        params: unavailabilityParams,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'guide:write', auditAction: 'guide.unavailability.delete' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      await unavailability.remove(req.params.id, req.params.periodId);
      return ok(true);
    },
  );

  // The profile's lists behind its figures (teams led, average rating): one rule each.
  app.get(
    '/api/guides/:id/teams',
    {
      schema: {
        tags,
        params: guideIdParams,
        querystring: guideRecordsQuery,
        response: { 200: envelopeOf(pageOf(guideTeamLed)) },
      },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await records.teamsLed(req.params.id, req.query)),
  );

  app.get(
    '/api/guides/:id/feedback',
    {
      schema: {
        tags,
        params: guideIdParams,
        querystring: guideRecordsQuery,
        response: { 200: envelopeOf(pageOf(guideFeedbackItem)) },
      },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await records.feedback(req.params.id, req.query)),
  );

  app.get(
    '/api/guides/:id/audit',
    {
      schema: {
        tags,
        params: guideIdParams,
        querystring: guideAuditQuery,
        response: { 200: envelopeOf(guideAuditPage) },
      },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await records.auditHistory(req.params.id, req.query.limit, req.query.before)),
  );
};
