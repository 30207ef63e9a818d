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
import { cellPreview, cellToValue, valueToCode } from './cells';
import type { Raw, SpreadsheetFile } from './read-rows';
import { readRowsInWorker } from './read-worker-client';
import type { SheetColumn, SheetSpec } from './sheet';

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

const normalise = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Header cell → column, by either language's header or the field key. */
function mapHeader<Row>(spec: SheetSpec<Row>, header: Raw[]) {
  const byName = new Map<string, SheetColumn<Row>>();
  for (const col of spec.columns) {
    for (const name of [col.key, col.header['zh-CN'], col.header['en-US']]) {
      byName.set(normalise(name), col);
    }
  }
  const positions: { index: number; column: SheetColumn<Row>; title: string }[] = [];
  const unknown: string[] = [];
  header.forEach((cell, index) => {
    if (cell === null) return;
    const title = String(cell).trim();
    const column = byName.get(normalise(title));
    if (column && !positions.some((p) => p.column === column)) {
      positions.push({ index, column, title });
    } else if (title) unknown.push(title);
  });
  return { positions, unknown };
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
): Promise<{ rows: ParsedRow<Row>[]; report: ImportReport }> {
  const maxRows = spec.maxRows ?? SPREADSHEET_LIMITS.maxRows;
  const all = await readRowsInWorker(file, maxRows);
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  const failed = new Set<number>();
  const push = (e: ImportRowError) => {
    errorCount++;
    failed.add(e.row);
    if (errors.length < SPREADSHEET_LIMITS.maxReportedErrors) errors.push(e);
  };
  const report = (rows: ParsedRow<Row>[], unknownColumns: string[]) => ({
    rows: failed.size === 0 ? rows : [],
    report: {
      ok: failed.size === 0,
      total: all.length > 0 ? all.length - 1 : 0,
      imported: 0,
      failedRows: failed.size,
      errors,
      errorCount,
      unknownColumns,
    },
  });

  if (all.length === 0) {
    push({ row: 1, field: '', column: '', message: SPREADSHEET_MESSAGES.noRows[locale] });
    return report([], []);
  }
  const [head, ...body] = all;
  const { positions, unknown } = mapHeader(spec, head.cells);
  for (const col of spec.columns) {
    if (col.required && !positions.some((p) => p.column === col)) {
      const column = col.header[locale];
      push({
        row: head.rowNumber,
        field: col.key,
        column,
        message: formatMessage(SPREADSHEET_MESSAGES.missingColumn[locale], { column }),
      });
    }
  }
  if (body.length === 0) {
    push({
      row: head.rowNumber,
      field: '',
      column: '',
      message: SPREADSHEET_MESSAGES.noRows[locale],
    });
  }
  if (failed.size > 0) return report([], unknown);

  const titleOf = new Map(positions.map((p) => [p.column.key as string, p.title]));
  const cellOf = new Map<number, Map<string, Raw>>();
  const parsed: ParsedRow<Row>[] = [];
  for (const { rowNumber, cells } of body) {
    const input: Record<string, unknown> = {};
    const raws = new Map<string, Raw>();
    for (const { index, column } of positions) {
      const raw = cells[index] ?? null;
      raws.set(column.key, raw);
      const value = valueToCode(cellToValue(raw, column.type), column.options);
      if (value !== undefined) input[column.key] = value;
    }
    cellOf.set(rowNumber, raws);
    const result = spec.row.safeParse(input);
    if (result.success) {
      parsed.push({ row: rowNumber, data: result.data });
      continue;
    }
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      const like = issue as unknown as ValidationIssueLike;
      const missing = issue.code === 'invalid_type' && input[field] === undefined;
      push({
        row: rowNumber,
        field,
        column: titleOf.get(field) ?? '',
        message:
          localized(spec.messages?.[issue.message], locale) ??
          validationMessage({ ...like, missing }, locale),
        value: cellPreview(raws.get(field) ?? null),
      });
    }
  }

  if (check && parsed.length > 0) {
    for (const problem of await check(parsed)) {
      push({
        row: problem.row,
        field: problem.field,
        column: titleOf.get(problem.field) ?? '',
        message: localized(spec.messages?.[problem.code], locale, problem.params) ?? problem.code,
        value: cellPreview(cellOf.get(problem.row)?.get(problem.field) ?? null),
      });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return report(parsed, unknown);
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
): Promise<ImportReport> {
  const { rows, report } = await parseSheet(spec, file, locale, hooks.check);
  if (!report.ok) throw new AppError('IMPORT_REJECTED', { data: report });
  const imported = await hooks.write(rows.map((r) => r.data));
  return { ...report, imported };
}
