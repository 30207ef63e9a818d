// Writing exports and import templates (xlsx or csv) of a sheet.
import type ExcelJS from 'exceljs';
import { loadExcel } from './cells';
import type { FastifyReply } from 'fastify';
import { SPREADSHEET_LIMITS, type Locale, type SpreadsheetFormat } from '@console/shared';
import { escapeFormula, valueToCell } from './cells';
import type { SheetColumn, SheetSpec } from './sheet';

const MIME: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

const TEMPLATE_TEXT = {
  sheet: { 'zh-CN': '填写说明', 'en-US': 'Instructions' },
  column: { 'zh-CN': '列', 'en-US': 'Column' },
  required: { 'zh-CN': '必填', 'en-US': 'Required' },
  rule: { 'zh-CN': '说明', 'en-US': 'Rule' },
  example: { 'zh-CN': '示例', 'en-US': 'Example' },
  yes: { 'zh-CN': '是', 'en-US': 'yes' },
  no: { 'zh-CN': '否', 'en-US': 'no' },
  values: { 'zh-CN': '可选值', 'en-US': 'Values' },
} as const;

/** A column's example as its cell: a coded example shown as its label(s) in the caller's language. */
function exampleCell<Row>(c: SheetColumn<Row>, locale: Locale) {
  if (c.example === undefined) return null;
  const value =
    c.type === 'list'
      ? c.example.split(';').map((s) => s.trim())
      : c.type === 'integer' || c.type === 'number'
        ? Number(c.example)
        : c.example;
  return valueToCell(value, c.type, locale, c);
}

const JOIN = { 'zh-CN': '、', 'en-US': ', ' } as const;

/** The labels a coded column accepts in the caller's language (either language imports). */
function acceptedValues<Row>(c: SheetColumn<Row>, locale: Locale): string {
  const labels = (options: SheetColumn<Row>['options']) =>
    (options ?? []).map((o) => o.label[locale]).join(JOIN[locale]);
  if (!c.options) return '';
  return c.qualifier ? `${labels(c.options)} : ${labels(c.qualifier)}` : labels(c.options);
}

// exceljs has `dataValidations` at run time but not in its type declarations.
type WithValidations = ExcelJS.Worksheet & {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
};

/**
 * A drop-down for every coded column listing its labels in the caller's language. The labels
 * sit in a hidden sheet the validation refers to (an inline list is capped at 255 characters).
 * A multi-value (`list`) column keeps the drop-down as a suggestion and accepts any text.
 */
function addDropDowns<Row>(
  workbook: ExcelJS.Workbook,
  ws: ExcelJS.Worksheet,
  spec: SheetSpec<Row>,
  locale: Locale,
) {
  // A qualified column (中文:母语) has no single list to pick from: its instructions list both.
  const coded = spec.columns.filter((c) => c.options?.length && !c.qualifier);
  if (coded.length === 0) return;
  const values = workbook.addWorksheet(TEMPLATE_TEXT.values[locale], { state: 'hidden' });
  const lastRow = (spec.maxRows ?? SPREADSHEET_LIMITS.maxRows) + 1;
  coded.forEach((c, i) => {
    const labels = c.options!.map((o) => o.label[locale]);
    const valuesColumn = values.getColumn(i + 1);
    valuesColumn.values = [c.header[locale], ...labels];
    const letter = ws.getColumn(spec.columns.indexOf(c) + 1).letter;
    const ref = `'${values.name}'!$${valuesColumn.letter}$2:$${valuesColumn.letter}$${labels.length + 1}`;
    (ws as WithValidations).dataValidations.add(`${letter}2:${letter}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [ref],
      showErrorMessage: c.type !== 'list',
      errorStyle: 'stop',
    });
  });
}

function sheetOf<Row>(workbook: ExcelJS.Workbook, spec: SheetSpec<Row>, locale: Locale) {
  const ws = workbook.addWorksheet(spec.title[locale].slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  ws.columns = spec.columns.map((c) => ({
    header: c.header[locale],
    key: c.key,
    width: c.width ?? Math.max(10, c.header[locale].length * 2 + 2),
  }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

async function toBuffer(workbook: ExcelJS.Workbook, format: SpreadsheetFormat): Promise<Buffer> {
  if (format === 'xlsx') return Buffer.from(await workbook.xlsx.writeBuffer());
  const csv = await workbook.csv.writeBuffer({
    sheetId: workbook.worksheets[0].id,
    // A byte-order mark makes Excel open UTF-8 (Chinese) text correctly.
    formatterOptions: { writeBOM: true },
  });
  return Buffer.from(csv);
}

/** The rows as a workbook with one header row in the caller's language. */
export async function writeSheet<Row>(
  spec: SheetSpec<Row>,
  rows: Iterable<Row>,
  format: SpreadsheetFormat,
  locale: Locale,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const ws = sheetOf(workbook, spec, locale);
  for (const row of rows) {
    ws.addRow(
      spec.columns.map((c) => {
        const cell = valueToCell((row as Record<string, unknown>)[c.key], c.type, locale, c);
        return format === 'csv' && typeof cell === 'string' ? escapeFormula(cell) : cell;
      }),
    );
  }
  return toBuffer(workbook, format);
}

/**
 * An import template with one example row; the xlsx one also has a drop-down on every coded
 * column and a second sheet explaining every column.
 */
export async function writeTemplate<Row>(
  spec: SheetSpec<Row>,
  format: SpreadsheetFormat,
  locale: Locale,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const ws = sheetOf(workbook, spec, locale);
  ws.addRow(
    spec.columns.map((c) => {
      const cell = exampleCell(c, locale);
      return format === 'csv' && typeof cell === 'string' ? escapeFormula(cell) : cell;
    }),
  );
  if (format === 'xlsx') {
    const help = workbook.addWorksheet(TEMPLATE_TEXT.sheet[locale]);
    help.columns = [
      { header: TEMPLATE_TEXT.column[locale], width: 24 },
      { header: TEMPLATE_TEXT.required[locale], width: 8 },
      { header: TEMPLATE_TEXT.rule[locale], width: 60 },
      { header: TEMPLATE_TEXT.example[locale], width: 30 },
      { header: TEMPLATE_TEXT.values[locale], width: 60 },
    ];
    help.getRow(1).font = { bold: true };
    for (const c of spec.columns) {
      help.addRow([
        c.header[locale],
        (c.required ? TEMPLATE_TEXT.yes : TEMPLATE_TEXT.no)[locale],
        c.hint?.[locale] ?? '',
        exampleCell(c, locale) ?? '',
        acceptedValues(c, locale),
      ]);
    }
    addDropDowns(workbook, ws, spec, locale);
  }
  return toBuffer(workbook, format);
}

/** Sends a workbook as a download named `<stem>.<format>` (UTF-8 safe file name). */
export function sendSpreadsheet(
  reply: FastifyReply,
  buffer: Buffer,
  stem: string,
  format: SpreadsheetFormat,
) {
  const name = `${stem}.${format}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', MIME[format])
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(buffer);
}
