// The operation log API (issue #15 point 5), all behind system:audit:read (admin by default):
// keyset pages of a filter, one row's detail, the filter as a streamed CSV, and the walk of
// the hash chain.
import { Readable, pipeline } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { format } from '@fast-csv/format';
import { z } from 'zod';
import {
  auditDetail,
  auditFilter,
  auditIdParams,
  auditListQuery,
  auditPage,
  auditVerifyResult,
  envelopeOf,
  type Locale,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { escapeFormula } from '../../lib/spreadsheet/cells';
import type { ExportRow } from './log';

const COLUMNS: [keyof ExportRow, Record<Locale, string>][] = [
  ['id', { 'zh-CN': '编号', 'en-US': 'ID' }],
  ['at', { 'zh-CN': '时间', 'en-US': 'Time' }],
  ['username', { 'zh-CN': '用户', 'en-US': 'User' }],
  ['role', { 'zh-CN': '角色', 'en-US': 'Role' }],
  ['action', { 'zh-CN': '操作', 'en-US': 'Action' }],
  ['entityType', { 'zh-CN': '对象类型', 'en-US': 'Entity type' }],
  ['entityId', { 'zh-CN': '对象编号', 'en-US': 'Entity ID' }],
  ['result', { 'zh-CN': '结果', 'en-US': 'Result' }],
  ['durationMs', { 'zh-CN': '耗时（毫秒）', 'en-US': 'Duration (ms)' }],
  ['ip', { 'zh-CN': 'IP', 'en-US': 'IP' }],
  ['requestId', { 'zh-CN': '请求编号', 'en-US': 'Request ID' }],
  ['userAgent', { 'zh-CN': '客户端', 'en-US': 'User agent' }],
  ['diff', { 'zh-CN': '字段变更', 'en-US': 'Field changes' }],
];

const cell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return escapeFormula(text);
};

export const auditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tags = ['audit'];
  const { audit } = services;

  app.get(
    '/api/audit',
    {
      schema: { tags, querystring: auditListQuery, response: { 200: envelopeOf(auditPage) } },
      config: { access: 'system:audit:read' },
    },
    async (req) => ok(await audit.list(req.query, services.auditSubjects)),
  );

  // A million rows go out without being held: rows are read 1 000 at a time as the CSV
  // stream asks for them (Readable.from pulls the generator only under back-pressure).
  app.get(
    '/api/audit/export',
    { schema: { tags, querystring: auditFilter }, config: { access: 'system:audit:read' } },
    async (req, reply) => {
      const locale = req.locale;
      const csv = format({ headers: COLUMNS.map(([, title]) => title[locale]), writeBOM: true });
      const rows = Readable.from(
        (async function* () {
          for await (const row of audit.exportRows(req.query)) {
            yield COLUMNS.map(([key]) => cell(row[key]));
          }
        })(),
      );
      pipeline(rows, csv, (err) => {
        if (err) req.log.error({ err }, 'audit export failed');
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="operation-log-${stamp}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/audit/:id',
    {
      schema: { tags, params: auditIdParams, response: { 200: envelopeOf(auditDetail) } },
      config: { access: 'system:audit:read' },
    },
    async (req) => ok(await audit.detail(req.params.id, services.auditSubjects)),
  );

  app.post(
    '/api/audit/verify',
    {
      // No payload (anything else is refused).
      schema: {
        tags,
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeOf(auditVerifyResult) },
      },
      config: { access: 'system:audit:read', auditAction: 'audit.verify' },
    },
    async (req) => {
      req.audit.entityType = 'audit_log';
      return ok(await audit.verify());
    },
  );
};
