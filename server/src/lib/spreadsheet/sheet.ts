// The description of one importable / exportable list: its columns, the row contract and the
// texts of the contract's own message codes.
import type { z } from 'zod';
import type { Localized } from '@console/shared';

/**
 * How a cell becomes a value for the row contract and back:
 * - `string`: text, trimmed; empty → absent.
 * - `integer` / `number`: numeric cells and numeric text; anything else reaches the contract
 *   as text so that it reports "expected a number".
 * - `boolean`: 是/否, yes/no, true/false, y/n, 1/0 (either language, any case).
 * - `list`: text split on `;`, `；`, `、` or line breaks → string[] (written joined by `; `).
 * - `date`: a date cell or YYYY-MM-DD text → `YYYY-MM-DD`.
 */
export type ColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'date';

/** One accepted value of a coded column and its label in both languages. */
export interface SheetOption {
  value: string;
  label: Localized;
}

export interface SheetColumn<Row> {
  /** Field of the row contract this column fills. */
  key: Extract<keyof Row, string>;
  /** Header in both languages; either (or the key itself) is recognised on import. */
  header: Localized;
  type: ColumnType;
  /** Missing column → the whole file is refused (the contract still checks each cell). */
  required?: boolean;
  /** Shown in the template's instructions sheet. */
  hint?: Localized;
  example?: string;
  /**
   * A coded column (`string` or `list`): exported as the option's label in the caller's
   * language; imported from the label in either language or the code (case-insensitive).
   */
  options?: readonly SheetOption[];
  /**
   * A coded column whose options are the items of a dictionary (a property category code):
   * looked up per request (`resolveSheet`), so a value added to the dictionary imports at once.
   */
  dictionary?: string;
  /**
   * A `list` column whose items are `<option>:<qualifier>` (a guide's languages, 中文:母语):
   * both sides coded, each written as its label and read from a label or the code.
   */
  qualifier?: readonly SheetOption[];
  /** Column width in characters (xlsx). */
  width?: number;
}

export interface SheetSpec<Row> {
  /** File name stem of templates and exports, e.g. `scenic-spots`. */
  name: string;
  /** Worksheet title. */
  title: Localized;
  columns: SheetColumn<Row>[];
  /** Every row is parsed with this contract (the same one the create route uses). */
  row: z.ZodType<Row>;
  /** Texts of the message codes the contract (and the `check` hook) report. */
  messages?: Record<string, Localized>;
  /** Data-row limit; defaults to SPREADSHEET_LIMITS.maxRows. */
  maxRows?: number;
}

/** Declares a sheet with its row type inferred from the contract. */
export function defineSheet<Row>(spec: SheetSpec<Row>): SheetSpec<Row> {
  return spec;
}

/** A dictionary's items as a request sees them (the properties service's `items`). */
export interface DictionaryItem {
  value: string;
  labelZh: string;
  labelEn: string;
  enabled: boolean;
}

export type DictionaryLookup = (category: string) => Promise<DictionaryItem[]>;

/**
 * The sheet with its dictionary columns' options filled for this request: what a reader sees
 * (`export`: every item, so a value since disabled still shows its label) or what a writer may
 * use (`import`, templates: enabled items only; anything else is refused naming these).
 */
export async function resolveSheet<Row>(
  spec: SheetSpec<Row>,
  lookup: DictionaryLookup | undefined,
  purpose: 'export' | 'import',
): Promise<SheetSpec<Row>> {
  const coded = spec.columns.filter((c) => c.dictionary);
  if (coded.length === 0 || !lookup) return spec;
  const categories = [...new Set(coded.map((c) => c.dictionary!))];
  const items = await Promise.all(categories.map((category) => lookup(category)));
  const options = new Map(
    categories.map((category, i) => [
      category,
      items[i]
        .filter((item) => purpose === 'export' || item.enabled)
        .map((item) => ({
          value: item.value,
          label: { 'zh-CN': item.labelZh, 'en-US': item.labelEn },
        })),
    ]),
  );
  return {
    ...spec,
    columns: spec.columns.map((c) =>
      c.dictionary ? { ...c, options: options.get(c.dictionary) } : c,
    ),
  };
}
