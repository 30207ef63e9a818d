// The import / export route trio every list with a spreadsheet shares (scenic spots, guides):
// GET <base>/export, GET <base>/import/template, POST <base>/import. Registered once per list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  envelopeOf,
  importProgress,
  importReport,
  localDayStamp,
  spreadsheetFormatQuery,
  type Permission,
  type SpreadsheetFormat,
} from '@console/shared';
import { ok } from '../envelope';
import type { DbOrTx } from '../../db/types';
import { recordAudit } from '../../modules/audit/writer';
import { AppError } from '../app-error';
import { resolveSheet, type DictionaryLookup, type SheetSpec } from './sheet';
import { ImportProgressTracker } from './progress';
import { importSheet, type ParsedRow, type RowProblem } from './read';
import { registerSpreadsheetUploads, receiveSpreadsheet } from './upload';
import { sendSpreadsheet, writeSheet, writeTemplate } from './write';

export interface SpreadsheetRoutes<Row, Query extends { format: SpreadsheetFormat }> {
  /** The list's path, e.g. `/api/guides`. */
  basePath: string;
  tags: string[];
  sheet: SheetSpec<Row>;
  /** The dictionaries of the sheet's `dictionary` columns (read for every request). */
  dictionary?: DictionaryLookup;
  /** The list's filters plus `format`; the export follows the current filter. */
  exportQuery: z.ZodType<Query>;
  readAccess: Permission;
  writeAccess: Permission;
  /** Audit entity type and action of an import. */
  entityType: string;
  importAction: string;
  exportRows(filter: Omit<Query, 'format'>): Promise<Iterable<unknown>>;
  check?(rows: ParsedRow<Row>[]): Promise<RowProblem[]> | RowProblem[];
  /**
   * Writes every row in one transaction and calls `recordImport(tx, count)` in it (the audit
   * row commits with the rows); returns how many.
   */
  write(rows: Row[], userId: number, recordImport: RecordImport): Promise<number>;
}

/** Records an import's audit row inside the transaction that writes its rows. */
export type RecordImport = (tx: DbOrTx, imported: number) => Promise<void>;

/** Users with an import running in this process, whatever the list: its list and progress. */
const importing = new Map<number, { basePath: string; progress: ImportProgressTracker }>();

/** Day stamp for download names, e.g. `guides-20261122.xlsx`: the operation's local date. */
const dayStamp = () => localDayStamp();

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
      const sheet = await resolveSheet(o.sheet, o.dictionary, 'export');
      const file = await writeSheet(sheet, rows, format, req.locale);
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
      const sheet = await resolveSheet(o.sheet, o.dictionary, 'import');
      const file = await writeTemplate(sheet, req.query.format, req.locale);
      return sendSpreadsheet(reply, file, `${o.sheet.name}-template`, req.query.format);
    },
  );

  // The caller's import of this list under way (phase, rows read, checked, written), polled by
  // the import dialog while the upload runs; null when none.
  app.get(
    `${o.basePath}/import/progress`,
    {
      schema: { tags: o.tags, response: { 200: envelopeOf(importProgress.nullable()) } },
      config: { access: o.writeAccess },
    },
    async (req) => {
      const running = importing.get(req.auth!.userId);
      return ok(running?.basePath === o.basePath ? running.progress.snapshot() : null);
    },
  );

  app.post(
    `${o.basePath}/import`,
    {
      schema: {
        tags: o.tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(importReport) },
      },
      config: { access: o.writeAccess, auditAction: o.importAction },
    },
    async (req) => {
      const userId = req.auth!.userId;
      // One import at a time per user (issue #12): a second one waits its turn with a 429.
      if (importing.has(userId)) throw new AppError('IMPORT_IN_PROGRESS');
      const progress = new ImportProgressTracker();
      importing.set(userId, { basePath: o.basePath, progress });
      try {
        const file = await receiveSpreadsheet(req);
        const fileName = { before: null, after: file.filename.slice(0, 128) };
        // A refused import (nothing written) is recorded with its file by the audit plugin.
        req.audit.entityType = o.entityType;
        req.audit.diff = { imported: { before: null, after: 0 }, file: fileName };
        const recordImport: RecordImport = (tx, imported) =>
          recordAudit(tx, {
            entityType: o.entityType,
            entityId: '',
            diff: { imported: { before: null, after: imported }, file: fileName },
          });
        const sheet = await resolveSheet(o.sheet, o.dictionary, 'import');
        const report = await importSheet(
          sheet,
          file,
          req.locale,
          {
            check: o.check,
            write: (rows) => o.write(rows, userId, recordImport),
          },
          progress,
        );
        return ok(report);
      } finally {
        importing.delete(userId);
      }
    },
  );
}
