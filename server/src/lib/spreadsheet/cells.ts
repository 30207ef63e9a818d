// Cell ↔ value conversions shared by reading and writing.
import type { CellValue } from 'exceljs';

/** The spreadsheet library, loaded on the first import or export rather than at start-up. */
export const loadExcel = async () => (await import('exceljs')).default;
import type { Locale } from '@console/shared';
import type { ColumnType, SheetOption } from './sheet';

/** A cell of either format as plain text / number / boolean / Date (rich text flattened). */
export function plainCell(value: CellValue | undefined): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return plainCell(value.result as CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

// A CSV export prefixes text that a spreadsheet would run as a formula; import removes it.
const FORMULA_START = /^[=+\-@\t\r]/;
export const escapeFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
const unescapeFormula = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

const TRUE = new Set(['是', 'true', 'yes', 'y', '1', '√', 'on']);
const FALSE = new Set(['否', 'false', 'no', 'n', '0', '×', 'off']);
const LIST_SEPARATOR = /[;；、\r\n]+/;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A read cell → the value handed to the row contract. Empty cells become `undefined` (the
 * contract's default or "required" applies); a cell that does not convert is passed on as text
 * so the contract words the error.
 */
export function cellToValue(
  raw: string | number | boolean | Date | null,
  type: ColumnType,
): unknown {
  if (raw === null) return undefined;
  if (typeof raw === 'string') {
    raw = unescapeFormula(raw.trim());
    if (raw === '') return undefined;
  }
  switch (type) {
    case 'string':
      if (raw instanceof Date) return isoDate(raw);
      return String(raw);
    case 'integer':
    case 'number': {
      if (typeof raw === 'number') return raw;
      if (typeof raw === 'string') {
        const n = Number(raw.replace(/,/g, ''));
        return Number.isFinite(n) ? n : raw;
      }
      return raw instanceof Date ? isoDate(raw) : raw;
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return raw;
      const key = String(raw).trim().toLowerCase();
      if (TRUE.has(key)) return true;
      if (FALSE.has(key)) return false;
      return String(raw);
    }
    case 'list':
      return String(raw instanceof Date ? isoDate(raw) : raw)
        .split(LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean);
    case 'date':
      if (raw instanceof Date) return isoDate(raw);
      return String(raw);
  }
}

/** The code a cell text names: the code itself or a label in either language, any case. */
function optionCode(text: string, options: readonly SheetOption[]): string | undefined {
  const key = text.trim().toLowerCase();
  return options.find(
    (o) =>
      o.value.toLowerCase() === key ||
      o.label['zh-CN'].toLowerCase() === key ||
      o.label['en-US'].toLowerCase() === key,
  )?.value;
}

const QUALIFIED = /\s*[:：]\s*/;

/** What makes a column coded: its options and, for `<option>:<qualifier>` items, the latter's. */
export interface Coding {
  options?: readonly SheetOption[];
  qualifier?: readonly SheetOption[];
}

/**
 * A read value of a coded column → its code(s), and the texts that name no option (the
 * caller refuses those, naming the accepted labels). An item that is not `a:b` where a
 * qualifier is expected goes on unchanged for the contract to word its format error.
 */
export function valueToCode(value: unknown, coding: Coding): { value: unknown; unknown: string[] } {
  const unknown: string[] = [];
  const { options, qualifier } = coding;
  if (!options || value === undefined) return { value, unknown };
  const code = (text: string) => {
    if (qualifier) {
      const parts = text.split(QUALIFIED);
      if (parts.length !== 2) return text;
      const [left, right] = [optionCode(parts[0], options), optionCode(parts[1], qualifier)];
      if (left === undefined || right === undefined) unknown.push(text);
      return `${left ?? parts[0]}:${right ?? parts[1]}`;
    }
    const hit = optionCode(text, options);
    if (hit === undefined) unknown.push(text);
    return hit ?? text;
  };
  const out = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? code(v) : v))
    : typeof value === 'string'
      ? code(value)
      : value;
  return { value: out, unknown };
}

const optionLabel = (code: unknown, options: readonly SheetOption[], locale: Locale) =>
  options.find((o) => o.value === code)?.label[locale] ?? code;

/** One exported item of a coded column as its label(s). */
function itemLabel(item: unknown, coding: Coding, locale: Locale): unknown {
  if (coding.qualifier && typeof item === 'string') {
    const parts = item.split(QUALIFIED);
    if (parts.length === 2)
      return `${String(optionLabel(parts[0], coding.options!, locale))}:${String(
        optionLabel(parts[1], coding.qualifier, locale),
      )}`;
  }
  return optionLabel(item, coding.options!, locale);
}

/** A value of a row → what the cell holds when exported (a coded value as its label). */
export function valueToCell(
  value: unknown,
  type: ColumnType,
  locale: Locale,
  coding: Coding = {},
): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (coding.options)
    value = Array.isArray(value)
      ? value.map((v) => itemLabel(v, coding, locale))
      : itemLabel(value, coding, locale);
  switch (type) {
    case 'boolean':
      return value ? (locale === 'zh-CN' ? '是' : 'yes') : locale === 'zh-CN' ? '否' : 'no';
    case 'list':
      return Array.isArray(value) ? value.join('; ') : String(value);
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : String(value);
    case 'date':
      return value instanceof Date ? isoDate(value) : String(value);
    case 'string':
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

/** Shortened cell text for the report. */
export function cellPreview(raw: string | number | boolean | Date | null): string | undefined {
  if (raw === null) return undefined;
  const s = raw instanceof Date ? raw.toISOString() : String(raw);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
