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

/** The first worksheet as rows of plain cells, with their spreadsheet row numbers. */
export async function readRows(file: SpreadsheetFile, maxRows: number): Promise<RawRow[]> {
  const workbook = new (await loadExcel()).Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (detectFormat(file) === 'xlsx') {
      await workbook.xlsx.load(file.buffer as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      sheet = await workbook.csv.read(Readable.from([decodeText(file.buffer)]), {
        // Keep every cell as text: codes like 0012 must not turn into numbers.
        map: (value: string) => (value === '' ? null : value),
      });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('SPREADSHEET_UNREADABLE');
  }
  if (!sheet) throw new AppError('SPREADSHEET_UNREADABLE');
  // The header plus the data rows; a sheet claiming more rows than allowed is refused unread.
  if (sheet.actualRowCount - 1 > maxRows) {
    throw new AppError('SPREADSHEET_TOO_MANY_ROWS', { params: { max: maxRows } });
  }
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells = values.slice(1).map((v) => plainCell(v));
    if (cells.some((c) => c !== null && !(typeof c === 'string' && c.trim() === ''))) {
      rows.push({ rowNumber, cells });
    }
  });
  return rows;
}
