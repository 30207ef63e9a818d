// The import / export route trio every list with a spreadsheet shares (scenic spots, guides):
// GET <base>/export, GET <base>/import/template, POST <base>/import. Registered once per list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { spreadsheetFormatQuery, type Permission, type SpreadsheetFormat } from '@console/shared';
import { ok } from '../envelope';
import type { SheetSpec } from './sheet';
import { importSheet, type ParsedRow, type RowProblem } from './read';
import { registerSpreadsheetUploads, receiveSpreadsheet } from './upload';
import { sendSpreadsheet, writeSheet, writeTemplate } from './write';

export interface SpreadsheetRoutes<Row, Query extends { format: SpreadsheetFormat }> {
  /** The list's path, e.g. `/api/guides`. */
  basePath: string;
  tags: string[];
  sheet: SheetSpec<Row>;
  /** The list's filters plus `format`; the export follows the current filter. */
  exportQuery: z.ZodType<Query>;
  readAccess: Permission;
  writeAccess: Permission;
  /** Audit entity type and action of an import. */
  entityType: string;
  importAction: string;
  exportRows(filter: Omit<Query, 'format'>): Promise<Iterable<unknown>>;
  check?(rows: ParsedRow<Row>[]): Promise<RowProblem[]> | RowProblem[];
  /** Writes every row in one transaction; returns how many. */
  write(rows: Row[], userId: number): Promise<number>;
}

/** Day stamp for download names, e.g. `guides-20261122.xlsx`. */
const dayStamp = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');

export async function registerSpreadsheetRoutes<Row, Query extends { format: SpreadsheetFormat }>(
  instance: FastifyInstance,
  o: SpreadsheetRoutes<Row, Query>,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  await registerSpreadsheetUploads(app);

  app.get(
    `${o.basePath}/export`,
    { schema: { tags: o.tags, querystring: o.exportQuery }, config: { access: o.readAccess } },
    async (req, reply) => {
      const { format, ...filter } = req.query as Query;
      const rows = (await o.exportRows(filter)) as Iterable<Row>;
      const file = await writeSheet(o.sheet, rows, format, req.locale);
      return sendSpreadsheet(reply, file, `${o.sheet.name}-${dayStamp()}`, format);
    },
  );

  app.get(
    `${o.basePath}/import/template`,
    {
      schema: { tags: o.tags, querystring: spreadsheetFormatQuery },
      config: { access: o.writeAccess },
    },
    async (req, reply) => {
      const file = await writeTemplate(o.sheet, req.query.format, req.locale);
      return sendSpreadsheet(reply, file, `${o.sheet.name}-template`, req.query.format);
    },
  );

  app.post(
    `${o.basePath}/import`,
    {
      schema: { tags: o.tags, consumes: ['multipart/form-data'] },
      config: { access: o.writeAccess, auditAction: o.importAction },
    },
    async (req) => {
      const file = await receiveSpreadsheet(req);
      req.audit.entityType = o.entityType;
      const report = await importSheet(o.sheet, file, req.locale, {
        check: o.check,
        write: (rows) => o.write(rows, req.auth!.userId),
      });
      req.audit.diff = {
        imported: { before: null, after: report.imported },
        file: { before: null, after: file.filename.slice(0, 128) },
      };
      return ok(report);
    },
  );
}
