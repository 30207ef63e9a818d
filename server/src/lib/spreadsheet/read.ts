// Reading an uploaded workbook and validating every row against the sheet's contract.
import {
  formatMessage,
  SPREADSHEET_LIMITS,
  SPREADSHEET_MESSAGES,
  validationMessage,
  type ImportReport,
  type ImportRowError,
  type Locale,
  type Localized,
  type ValidationIssueLike,
} from '@console/shared';
import { AppError } from '../app-error';
import { cellPreview } from './cells';
import type { SpreadsheetFile } from './read-rows';
import { readRowsInWorker } from './read-worker-client';
import type { ImportProgressTracker } from './progress';
import type { SheetColumn, SheetSpec } from './sheet';

const UNKNOWN_OPTION: Localized = {
  'zh-CN': '“{value}”不是可选值，可选：{accepted}',
  'en-US': '"{value}" is not an accepted value; accepted: {accepted}',
};
/** Rows between two progress updates while the contract checks them. */
const PROGRESS_EVERY = 200;
const LIST_JOIN: Localized = { 'zh-CN': '、', 'en-US': ', ' };

/** The labels a coded column accepts, in the caller's language (`中文:母语` style if qualified). */
function acceptedLabels<Row>(column: SheetColumn<Row>, locale: Locale): string {
  const join = (options: SheetColumn<Row>['options']) =>
    (options ?? []).map((o) => o.label[locale]).join(LIST_JOIN[locale]);
  return column.qualifier
    ? `${join(column.options)} : ${join(column.qualifier)}`
    : join(column.options);
}

export type { SpreadsheetFile } from './read-rows';
export { detectFormat } from './read-rows';

/** A problem the caller's own checks find in a row (uniqueness, dictionary values …). */
export interface RowProblem {
  /** Spreadsheet row number (as passed to the check). */
  row: number;
  field: string;
  /** A message code of the sheet's `messages`, filled with `params`. */
  code: string;
  params?: Record<string, string | number>;
}

export interface ParsedRow<Row> {
  /** Spreadsheet row number (header = 1). */
  row: number;
  data: Row;
}

function localized(
  text: Localized | undefined,
  locale: Locale,
  params?: Record<string, string | number>,
) {
  return text ? formatMessage(text[locale], params) : undefined;
}

/**
 * Reads the file and validates every row with the sheet's contract, then the caller's
 * `check` (which sees only the rows that passed the contract). Returns the parsed rows and the
 * report; `report.ok` is false if any row failed. Writes nothing.
 */
export async function parseSheet<Row>(
  spec: SheetSpec<Row>,
  file: SpreadsheetFile,
  locale: Locale,
  check?: (rows: ParsedRow<Row>[]) => Promise<RowProblem[]> | RowProblem[],
  progress?: ImportProgressTracker,
): Promise<{ rows: ParsedRow<Row>[]; report: ImportReport }> {
  const maxRows = spec.maxRows ?? SPREADSHEET_LIMITS.maxRows;
  const sheet = await readRowsInWorker(file, maxRows, spec.columns);
  progress?.rowsRead(sheet.rows.length);
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  const failed = new Set<number>();
  /** `row:field` of coded cells refused as unknown: the contract and checks do not repeat it. */
  const refused = new Set<string>();
  const push = (e: ImportRowError) => {
    errorCount++;
    failed.add(e.row);
    if (errors.length < SPREADSHEET_LIMITS.maxReportedErrors) errors.push(e);
  };
  const report = (rows: ParsedRow<Row>[], unknownColumns: string[]) => ({
    rows: failed.size === 0 ? rows : [],
    report: {
      ok: failed.size === 0,
      total: sheet.rows.length,
      imported: 0,
      failedRows: failed.size,
      errors,
      errorCount,
      unknownColumns,
    },
  });

  if (sheet.headerRow === null) {
    push({ row: 1, field: '', column: '', message: SPREADSHEET_MESSAGES.noRows[locale] });
    return report([], []);
  }
  const titleOf = new Map(sheet.positions.map((p) => [p.key, p.title]));
  for (const col of spec.columns) {
    if (col.required && !titleOf.has(col.key)) {
      const column = col.header[locale];
      push({
        row: sheet.headerRow,
        field: col.key,
        column,
        message: formatMessage(SPREADSHEET_MESSAGES.missingColumn[locale], { column }),
      });
    }
  }
  if (sheet.rows.length === 0) {
    push({
      row: sheet.headerRow,
      field: '',
      column: '',
      message: SPREADSHEET_MESSAGES.noRows[locale],
    });
  }
  if (failed.size > 0) return report([], sheet.unknownColumns);

  const columnOf = new Map(spec.columns.map((c) => [c.key as string, c]));
  const cellOf = new Map(sheet.rows.map((r) => [r.rowNumber, r.raws]));
  const parsed: ParsedRow<Row>[] = [];
  /** The list's own checks run on all rows at once: the contract's rows count as checked after. */
  const checkedBefore = (done: number) => (check ? Math.floor(done / 2) : done);
  let contracted = 0;
  for (const { rowNumber, input, raws, unknownOptions } of sheet.rows) {
    if (++contracted % PROGRESS_EVERY === 0) {
      progress?.rowsChecked(checkedBefore(contracted));
      // Other requests (this import's progress among them) are answered between the pieces.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    // A coded cell naming no accepted value: refused with the labels it may hold.
    for (const { field, texts } of unknownOptions) {
      refused.add(`${rowNumber}:${field}`);
      push({
        row: rowNumber,
        field,
        column: titleOf.get(field) ?? '',
        message: formatMessage(UNKNOWN_OPTION[locale], {
          value: texts.join(LIST_JOIN[locale]),
          accepted: acceptedLabels(columnOf.get(field)!, locale),
        }),
        value: cellPreview(raws[field] ?? null),
      });
    }
    const result = spec.row.safeParse(input);
    if (result.success) {
      parsed.push({ row: rowNumber, data: result.data });
      continue;
    }
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (refused.has(`${rowNumber}:${field}`)) continue;
      const like = issue as unknown as ValidationIssueLike;
      const missing = issue.code === 'invalid_type' && input[field] === undefined;
      push({
        row: rowNumber,
        field,
        column: titleOf.get(field) ?? '',
        message:
          localized(spec.messages?.[issue.message], locale) ??
          validationMessage({ ...like, missing }, locale),
        value: cellPreview(raws[field] ?? null),
      });
    }
  }

  if (check && parsed.length > 0) {
    for (const problem of await check(parsed)) {
      if (refused.has(`${problem.row}:${problem.field}`)) continue;
      push({
        row: problem.row,
        field: problem.field,
        column: titleOf.get(problem.field) ?? '',
        message: localized(spec.messages?.[problem.code], locale, problem.params) ?? problem.code,
        value: cellPreview(cellOf.get(problem.row)?.[problem.field] ?? null),
      });
    }
  }
  progress?.rowsChecked(sheet.rows.length);
  errors.sort((a, b) => a.row - b.row);
  return report(parsed, sheet.unknownColumns);
}

/**
 * The whole all-or-nothing import: parse and check every row; if any fails, throw
 * IMPORT_REJECTED (400) carrying the report and write nothing; otherwise call `write` with all
 * rows (run it in one transaction) and answer the report with the number written.
 */
export async function importSheet<Row>(
  spec: SheetSpec<Row>,
  file: SpreadsheetFile,
  locale: Locale,
  hooks: {
    check?: (rows: ParsedRow<Row>[]) => Promise<RowProblem[]> | RowProblem[];
    write: (rows: Row[]) => Promise<number>;
  },
  progress?: ImportProgressTracker,
): Promise<ImportReport> {
  const { rows, report } = await parseSheet(spec, file, locale, hooks.check, progress);
  if (!report.ok) throw new AppError('IMPORT_REJECTED', { data: report });
  progress?.writing();
  const imported = await hooks.write(rows.map((r) => r.data));
  progress?.rowsWritten(imported);
  return { ...report, imported };
}
