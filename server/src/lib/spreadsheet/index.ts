/**
 * Spreadsheet import / export for list screens (xlsx and csv, via exceljs).
 *
 * 1. Describe the sheet once, next to the module's service — columns ↔ fields of the zod row
 *    contract the create route already uses:
 *
 *      export const guideSheet = defineSheet({
 *        name: 'guides',
 *        title: { 'zh-CN': '导游', 'en-US': 'Guides' },
 *        row: guideCreateBody,                      // every row must pass it
 *        messages: GUIDE_VALIDATION_MESSAGES,       // texts of its custom message codes
 *        columns: [
 *          { key: 'name', header: { 'zh-CN': '姓名', 'en-US': 'Name' }, type: 'string', required: true },
 *          { key: 'maxGroupSize', header: { … }, type: 'integer', hint: { … }, example: '30' },
 *          { key: 'specialties', header: { … }, type: 'list' },   // "a; b; c" ↔ string[]
 *        ],
 *      });
 *
 *    Headers are recognised in either language (or as the field key), so a template downloaded
 *    in English imports fine for a Chinese user. Column types: see `ColumnType`.
 *
 * 2. Routes (a thin routes plugin):
 *
 *      await registerSpreadsheetUploads(app);        // multipart for this plugin only; 413 > 10 MB
 *
 *      // POST …/import — all or nothing; 400 IMPORT_REJECTED with the report in `data`
 *      const file = await receiveSpreadsheet(req);
 *      const report = await importSheet(guideSheet, file, req.locale, {
 *        check: (rows) => service.importProblems(rows),   // optional: uniqueness, dictionaries …
 *        write: (rows) => service.insertMany(rows),       // one transaction; returns rows written
 *      });
 *      return ok(report);
 *
 *      // GET …/import/template?format=xlsx|csv
 *      return sendSpreadsheet(reply, await writeTemplate(guideSheet, format, req.locale), 'guides-template', format);
 *
 *      // GET …/export?format=xlsx|csv&<the list's filters>
 *      return sendSpreadsheet(reply, await writeSheet(guideSheet, rows, format, req.locale), 'guides', format);
 *
 * Limits (shared `SPREADSHEET_LIMITS`): 10 000 data rows (more → 400 SPREADSHEET_TOO_MANY_ROWS),
 * 10 MB per upload (→ 413), at most 500 failing fields listed per report (`errorCount` has all).
 * Report shape: `ImportReport` in shared/src/contracts/spreadsheet.ts — row numbers as the
 * spreadsheet shows them (header = row 1), the field key, the column title and a message in the
 * caller's locale. The front end's search table shows it as is.
 */
export {
  defineSheet,
  resolveSheet,
  type ColumnType,
  type DictionaryLookup,
  type SheetColumn,
  type SheetSpec,
} from './sheet';
export {
  detectFormat,
  importSheet,
  parseSheet,
  type ParsedRow,
  type RowProblem,
  type SpreadsheetFile,
} from './read';
export { sendSpreadsheet, writeSheet, writeTemplate } from './write';
export { receiveSpreadsheet, registerSpreadsheetUploads } from './upload';
export { registerSpreadsheetRoutes, type RecordImport, type SpreadsheetRoutes } from './routes';
