// Read rows → the values handed to the row contract: the header matched to columns (either
// language or the field key), each cell converted to its column's type and coded cells to
// their codes (labels of either language or the codes, the options resolved per request).
// Runs in the reading worker (read-worker.ts) with the sheet's columns as plain data, so the
// event loop only validates.
import type { Raw, RawRow } from './read-rows';
import { cellToValue, valueToCode } from './cells';
import type { SheetColumn } from './sheet';

/** A column as the worker receives it (plain data). */
export type PlainColumn = Pick<
  SheetColumn<Record<string, unknown>>,
  'key' | 'header' | 'type' | 'options' | 'qualifier'
>;

export interface ConvertedRow {
  rowNumber: number;
  /** Field → value for the contract (absent: empty cell). */
  input: Record<string, unknown>;
  /** Field → the cell as read, for the report. */
  raws: Record<string, Raw>;
  /** Coded cells with texts that name no accepted value. */
  unknownOptions: { field: string; texts: string[] }[];
}

export interface ConvertedSheet {
  /** Spreadsheet row number of the header; null when the sheet has no rows at all. */
  headerRow: number | null;
  /** The columns found, with their header as written. */
  positions: { key: string; title: string }[];
  /** Header cells that name no column. */
  unknownColumns: string[];
  rows: ConvertedRow[];
}

const normalise = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Header cell → column, by either language's header or the field key. */
function mapHeader(columns: PlainColumn[], header: Raw[]) {
  const byName = new Map<string, PlainColumn>();
  for (const col of columns) {
    for (const name of [col.key, col.header['zh-CN'], col.header['en-US']]) {
      byName.set(normalise(name), col);
    }
  }
  const positions: { index: number; column: PlainColumn; title: string }[] = [];
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

export function convertRows(columns: PlainColumn[], all: RawRow[]): ConvertedSheet {
  if (all.length === 0) return { headerRow: null, positions: [], unknownColumns: [], rows: [] };
  const [head, ...body] = all;
  const { positions, unknown } = mapHeader(columns, head.cells);
  const rows = body.map(({ rowNumber, cells }): ConvertedRow => {
    const input: Record<string, unknown> = {};
    const raws: Record<string, Raw> = {};
    const unknownOptions: ConvertedRow['unknownOptions'] = [];
    for (const { index, column } of positions) {
      const raw = cells[index] ?? null;
      raws[column.key] = raw;
      const coded = valueToCode(cellToValue(raw, column.type), column);
      if (coded.unknown.length > 0)
        unknownOptions.push({ field: column.key, texts: coded.unknown });
      if (coded.value !== undefined) input[column.key] = coded.value;
    }
    return { rowNumber, input, raws, unknownOptions };
  });
  return {
    headerRow: head.rowNumber,
    positions: positions.map((p) => ({ key: p.column.key, title: p.title })),
    unknownColumns: unknown,
    rows,
  };
}
