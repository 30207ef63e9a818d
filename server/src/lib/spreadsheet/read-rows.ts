// Reading the first worksheet of an uploaded file into plain rows. This is the heavy part of an
// import (exceljs takes seconds on 10 000 rows), so it runs in a worker thread (read-worker.ts)
// after the zip package's unpacked sizes have been checked (zip-limits.ts) — issue #12.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { SpreadsheetFormat } from '@console/shared';
import { AppError } from '../app-error';
import { loadExcel, plainCell } from './cells';

export interface SpreadsheetFile {
  buffer: Buffer;
  filename: string;
}

export type Raw = string | number | boolean | Date | null;

export interface RawRow {
  rowNumber: number;
  cells: Raw[];
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const GB18030 = new TextDecoder('gb18030');

/** xlsx is a zip file; anything else is read as csv (UTF-8, or GB18030 as Excel saves it). */
export function detectFormat(file: SpreadsheetFile): SpreadsheetFormat {
  const zip = file.buffer.length > 3 && file.buffer.readUInt32LE(0) === 0x04034b50;
  if (zip) return 'xlsx';
  if (/\.(xlsx?|xlsm|numbers|ods)$/i.test(file.filename)) {
    throw new AppError('SPREADSHEET_UNREADABLE');
  }
  return 'csv';
}

function decodeText(buffer: Buffer): string {
  let text: string;
  try {
    text = UTF8.decode(buffer);
  } catch {
    text = GB18030.decode(buffer);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const tooManyRows = (maxRows: number) =>
  new AppError('SPREADSHEET_TOO_MANY_ROWS', { params: { max: maxRows } });

/** A row's plain cells, or null when every cell is empty (such rows are skipped). */
function plainRow(row: ExcelJS.Row): Raw[] | null {
  const values = row.values as ExcelJS.CellValue[];
  const cells = values.slice(1).map((v) => plainCell(v));
  return cells.some((c) => c !== null && !(typeof c === 'string' && c.trim() === ''))
    ? cells
    : null;
}

/**
 * The first worksheet of an xlsx, streamed: rows are read one by one and reading stops at the
 * first row past the limit (header + `maxRows`), so a sheet of a million rows is refused after
 * reading 10 001 of them rather than built whole in memory first (issue #12). Where the package
 * puts the sheet before its shared strings, exceljs parks the sheet in a temporary file (under
 * TMPDIR, which read-worker-client.ts points at a directory it removes afterwards).
 */
async function streamXlsxRows(buffer: Buffer, maxRows: number): Promise<RawRow[]> {
  const Excel = await loadExcel();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: RawRow[] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = plainRow(row);
      if (!cells) continue;
      if (rows.length > maxRows) throw tooManyRows(maxRows);
      rows.push({ rowNumber: row.number, cells });
    }
    // The first worksheet only.
    return rows;
  }
  throw new AppError('SPREADSHEET_UNREADABLE');
}

async function csvRows(text: string, maxRows: number): Promise<RawRow[]> {
  const sheet = await new (await loadExcel()).Workbook().csv.read(Readable.from([text]), {
    // Keep every cell as text: codes like 0012 must not turn into numbers.
    map: (value: string) => (value === '' ? null : value),
  });
  if (sheet.actualRowCount - 1 > maxRows) throw tooManyRows(maxRows);
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells = plainRow(row);
    if (cells) rows.push({ rowNumber, cells });
  });
  return rows;
}

/** The first worksheet as rows of plain cells, with their spreadsheet row numbers. */
export async function readRows(file: SpreadsheetFile, maxRows: number): Promise<RawRow[]> {
  try {
    return detectFormat(file) === 'xlsx'
      ? await streamXlsxRows(file.buffer, maxRows)
      : await csvRows(decodeText(file.buffer), maxRows);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('SPREADSHEET_UNREADABLE');
  }
}
