// Guide API (issue #7). Read: guide:read (every role); write: guide:write (admin, operator).
// Every write fills req.audit with the guide id and a field diff; unavailability changes are
// recorded on the guide so they appear in its history.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { diffRecords } from '../audit/diff';
import { snapshot } from './service';
import { scheduleLicenceExpiryTodos } from './licence-expiry-job';
import { registerSpreadsheetRoutes } from '../../lib/spreadsheet';
import { guideSheet } from './sheet';

export const guideRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { guide } = services;
  const tags = ['guide'];

  // The licence-expiry reminder job: at start-up, then daily.
  let stopJob: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopJob = scheduleLicenceExpiryTodos(services.db, (err) =>
      app.log.error({ err }, 'licence-expiry reminders failed'),
    );
  });
  app.addHook('onClose', async () => {
    await stopJob?.();
  });

  app.get(
    '/api/guides',
    { schema: { tags, querystring: guideListQuery }, config: { access: 'guide:read' } },
    async (req) => ok(await guide.list(req.query)),
  );

  app.post(
    '/api/guides',
    {
      schema: { tags, body: guideCreateBody },
      config: { access: 'guide:write', auditAction: 'guide.create' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      const { guide: created, diff } = await guide.create(req.body, req.auth!.userId);
      req.audit.entityId = created.id;
      req.audit.diff = diffRecords(null, diff);
      return ok(created);
    },
  );

  // Import and export, exactly like the scenic list (template, all-or-nothing import with a
  // per-row report, xlsx and csv, the current filter).
  await registerSpreadsheetRoutes(app, {
    basePath: '/api/guides',
    tags,
    sheet: guideSheet,
    exportQuery: guideExportQuery,
    readAccess: 'guide:read',
    writeAccess: 'guide:write',
    entityType: 'guide',
    importAction: 'guide.import',
    // The sheet writes lists as text; export rows carry them already joined per item.
    exportRows: (filter) => guide.exportRows(filter),
    check: (rows) => guide.importProblems(rows),
    write: (rows, userId) => guide.insertMany(rows, userId),
  });

  app.get(
    '/api/guides/:id',
    { schema: { tags, params: guideIdParams }, config: { access: 'guide:read' } },
    async (req) => ok(await guide.get(req.params.id)),
  );

  app.put(
    '/api/guides/:id',
    {
      schema: { tags, params: guideIdParams, body: guideUpdateBody },
      config: { access: 'guide:write', auditAction: 'guide.update' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      const { before, after } = await guide.update(req.params.id, req.body);
      req.audit.diff = diffRecords(snapshot(before), snapshot(after));
      return ok(after);
    },
  );

  app.post(
    '/api/guides/:id/status',
    {
      schema: { tags, params: guideIdParams, body: guideStatusBody },
      config: { access: 'guide:write', auditAction: 'guide.status' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      const { before, after, guide: updated } = await guide.changeStatus(req.params.id, req.body);
      req.audit.diff = diffRecords(before, after);
      return ok(updated);
    },
  );

  app.get(
    '/api/guides/:id/unavailability',
    {
      schema: { tags, params: guideIdParams, querystring: unavailabilityQuery },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await guide.listUnavailability(req.params.id, req.query.from, req.query.to)),
  );

  app.post(
    '/api/guides/:id/unavailability',
    {
      schema: { tags, params: guideIdParams, body: unavailabilityBody },
      config: { access: 'guide:write', auditAction: 'guide.unavailability.create' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      const created = await guide.addUnavailability(req.params.id, req.body, req.auth!.userId);
      req.audit.diff = { unavailability: { before: null, after: periodSummary(created) } };
      return ok(created);
    },
  );

  app.delete(
    '/api/guides/:id/unavailability/:periodId',
    {
      schema: { tags, params: unavailabilityParams },
      config: { access: 'guide:write', auditAction: 'guide.unavailability.delete' },
    },
    async (req) => {
      req.audit.entityType = 'guide';
      req.audit.entityId = req.params.id;
      const removed = await guide.removeUnavailability(req.params.id, req.params.periodId);
      req.audit.diff = { unavailability: { before: periodSummary(removed), after: null } };
      return ok(true);
    },
  );

  app.get(
    '/api/guides/:id/audit',
    {
      schema: { tags, params: guideIdParams, querystring: guideAuditQuery },
      config: { access: 'guide:read' },
    },
    async (req) => ok(await guide.auditHistory(req.params.id, req.query.limit, req.query.before)),
  );
};

const periodSummary = (p: {
  id: number;
  type: string;
  startDate: string;
  endDate: string;
  reason: string;
}) => ({
  id: p.id,
  type: p.type,
  startDate: p.startDate,
  endDate: p.endDate,
  reason: p.reason,
});
