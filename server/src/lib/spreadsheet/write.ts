// Writing exports and import templates (xlsx or csv) of a sheet.
import type ExcelJS from 'exceljs';
import { loadExcel } from './cells';
import type { FastifyReply } from 'fastify';
import type { Locale, SpreadsheetFormat } from '@console/shared';
import { escapeFormula, valueToCell } from './cells';
import type { SheetSpec } from './sheet';

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
} as const;

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
        const cell = valueToCell((row as Record<string, unknown>)[c.key], c.type, locale);
        return format === 'csv' && typeof cell === 'string' ? escapeFormula(cell) : cell;
      }),
    );
  }
  return toBuffer(workbook, format);
}

/** An empty import template; the xlsx one has a second sheet explaining every column. */
export async function writeTemplate<Row>(
  spec: SheetSpec<Row>,
  format: SpreadsheetFormat,
  locale: Locale,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  sheetOf(workbook, spec, locale);
  if (format === 'xlsx') {
    const help = workbook.addWorksheet(TEMPLATE_TEXT.sheet[locale]);
    help.columns = [
      { header: TEMPLATE_TEXT.column[locale], width: 24 },
      { header: TEMPLATE_TEXT.required[locale], width: 8 },
      { header: TEMPLATE_TEXT.rule[locale], width: 60 },
      { header: TEMPLATE_TEXT.example[locale], width: 30 },
    ];
    help.getRow(1).font = { bold: true };
    for (const c of spec.columns) {
      help.addRow([
        c.header[locale],
        (c.required ? TEMPLATE_TEXT.yes : TEMPLATE_TEXT.no)[locale],
        c.hint?.[locale] ?? '',
        c.example ?? '',
      ]);
    }
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
