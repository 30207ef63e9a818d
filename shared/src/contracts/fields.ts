// One definition per field (issue 27; /work/shared/field-specs.md): beside each contract's
// zod fields, what the views need of each — label, widget, form group, list column, sheet
// column, detail card — keyed by field name. The form, the table, the sheet, the card, the
// server's write list and the locale keys are read from here, never re-listed per layer.
// The readers below are pure (server and browser); the React ones are in
// components/field-specs.
import type { z } from 'zod';
import type { Locale, Localized } from './locale';
import { requiredFields } from './required';

/** A text in both languages. */
export const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** A coded value's label in both languages (an enum's `labels`, a sheet's options). */
export interface CodedOption {
  value: string;
  label: Localized;
}

/** How a field is entered and shown. */
export type Widget =
  | { kind: 'text'; max: number; rows?: number }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'number'; min?: number; max?: number; precision?: number }
  | { kind: 'switch' }
  | { kind: 'date' }
  /** `cleared`: what a cleared picker holds (an optional time's '' blank); else undefined. */
  | { kind: 'time'; cleared?: string }
  /** A value (or, `multiple`, values) from a dictionary: a property category code. */
  | { kind: 'dictionary'; category: string; multiple?: boolean }
  | { kind: 'enum'; labels: Readonly<Record<string, Localized>> }
  /** Entered and shown by the view's own component (a slot per field). */
  | { kind: 'slot' };

export type SheetColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'date';

export interface FieldSpec {
  /** Form label, column title, sheet header and card label: one copy. */
  label: Localized;
  widget: Widget;
  /** Form section and card section. */
  group: string;
  /** Grid span in the form (24 columns); 12 unless said. */
  span?: 8 | 12 | 24;
  placeholder?: Localized;
  /** The create form's starting value; an edit form starts from the record. */
  blank?: unknown;
  /** List column; absent = not a column of the list. */
  column?: {
    width?: number;
    sortable?: boolean;
    fixedVisible?: boolean;
    /** Hidden until the user shows it in the list's column settings. */
    hidden?: boolean;
  };
  /** Sheet column; absent = a column with what the widget implies; false = not in the sheet. */
  sheet?:
    | false
    | {
        type?: SheetColumnType;
        width?: number;
        hint?: Localized;
        example?: string;
        /** A `list` of `<option>:<qualifier>` items (a guide's languages, 中文:母语). */
        qualifier?: readonly CodedOption[];
        /** A dictionary category the list's items come from. */
        dictionary?: string;
        /**
         * The unit the sheet's cells are in, when the form shows another (a price in fen on the
         * sheet, in yuan on the form): the header is the label with it, 成人票价（分）.
         */
        unit?: Localized;
      };
  /** Detail card row; false = not on the card, 'slot' = the view renders it. */
  card?: false | 'slot';
}

/** One spec per field: a field added to the contract without one fails the typecheck. */
export type FieldSpecs<S extends object = Record<string, unknown>> = {
  readonly [K in keyof S & string]: FieldSpec;
};

/** The fields in declaration order (the order of forms, columns, sheets and cards). */
export const specKeys = <S extends FieldSpecs>(specs: S): (keyof S & string)[] =>
  Object.keys(specs) as (keyof S & string)[];

/** The fields whose list column sorts (`column.sortable: true`). */
export type SortableField<S> = {
  [K in keyof S & string]: S[K] extends { readonly column: { readonly sortable: true } }
    ? K
    : never;
}[keyof S & string];

/**
 * A list's sort fields (its query's `sortField` enum): the fields whose column sorts, in spec
 * order, then `others` — the keys the list also sorts by that are no sortable column of the
 * specs (bookkeeping times, derived values, a field shown in a composite column), named once
 * beside the list. A key in both is a mistake, refused at start-up.
 */
export function sortFieldsOf<S extends FieldSpecs, const O extends readonly string[]>(
  specs: S,
  others: O,
): readonly (SortableField<S> | O[number])[] {
  const sortable = specKeys(specs).filter((k) => specs[k].column?.sortable) as SortableField<S>[];
  const twice = others.filter((k) => (sortable as readonly string[]).includes(k));
  if (twice.length) throw new Error(`${twice.join(', ')}: already a sortable column`);
  return [...sortable, ...others];
}

/** The fields of one group, in order. */
export const groupKeys = <S extends FieldSpecs>(specs: S, group: string): (keyof S & string)[] =>
  specKeys(specs).filter((k) => specs[k].group === group);

/** The groups in the order their first field appears. */
export const specGroups = (specs: FieldSpecs): string[] => [
  ...new Set(Object.values(specs).map((s) => s.group)),
];

/** `values` restricted to the named fields (a write list, a form's values from a record). */
export function pickFields<T extends object, K extends keyof T & string>(
  values: T,
  keys: readonly K[],
): Pick<T, K> {
  const source = values as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in source) out[key] = source[key];
  return out as Pick<T, K>;
}

/** A create form's starting values: every spec's `blank`. */
export function blanksOf(specs: FieldSpecs): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(specs)
      .filter(([, s]) => s.blank !== undefined)
      .map(([k, s]) => [k, structuredClone(s.blank)]),
  );
}

/** An enum widget's options with their labels, in declaration order. */
export const enumOptions = (labels: Readonly<Record<string, Localized>>): CodedOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The labels as `<prefix>.<field>` locale messages (e.g. `guide.field.name`). */
export function fieldMessages(
  prefix: string,
  specs: FieldSpecs,
  locale: Locale,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(specs).map(([key, spec]) => [`${prefix}.${key}`, spec.label[locale]]),
  );
}

/** A sheet column as the server's spreadsheet reads and writes it (lib/spreadsheet). */
export interface SpecSheetColumn<K extends string = string> {
  key: K;
  header: Localized;
  type: SheetColumnType;
  required?: boolean;
  hint?: Localized;
  example?: string;
  options?: readonly CodedOption[];
  dictionary?: string;
  qualifier?: readonly CodedOption[];
  width?: number;
}

const SHEET_TYPE: Record<Widget['kind'], SheetColumnType> = {
  text: 'string',
  integer: 'integer',
  number: 'number',
  switch: 'boolean',
  date: 'date',
  time: 'string',
  dictionary: 'string',
  enum: 'string',
  slot: 'string',
};

/** A label with its unit: 成人票价（分）, Adult price (fen). */
export const withUnit = (label: Localized, unit: Localized): Localized => ({
  'zh-CN': `${label['zh-CN']}（${unit['zh-CN']}）`,
  'en-US': `${label['en-US']} (${unit['en-US']})`,
});

/**
 * The sheet's columns from the specs: header = label, type and options from the widget,
 * "required column" from the row contract (what it refuses when missing or empty).
 */
export function sheetColumnsOf<S extends FieldSpecs>(
  specs: S,
  row: z.ZodType,
): SpecSheetColumn<keyof S & string>[] {
  const required = requiredFields(row);
  const columns: SpecSheetColumn<keyof S & string>[] = [];
  for (const key of specKeys(specs)) {
    const spec: FieldSpec = specs[key];
    if (spec.sheet === false) continue;
    const sheet = spec.sheet ?? {};
    const w = spec.widget;
    const multiple = w.kind === 'dictionary' && w.multiple;
    const column: SpecSheetColumn<keyof S & string> = {
      key,
      header: sheet.unit ? withUnit(spec.label, sheet.unit) : spec.label,
      type: sheet.type ?? (multiple ? 'list' : SHEET_TYPE[w.kind]),
    };
    if (required.has(key)) column.required = true;
    if (w.kind === 'enum') column.options = enumOptions(w.labels);
    const dictionary = sheet.dictionary ?? (w.kind === 'dictionary' ? w.category : undefined);
    if (dictionary) column.dictionary = dictionary;
    if (sheet.qualifier) column.qualifier = sheet.qualifier;
    const hint = sheet.hint ?? spec.placeholder;
    if (hint) column.hint = hint;
    if (sheet.example !== undefined) column.example = sheet.example;
    if (sheet.width !== undefined) column.width = sheet.width;
    columns.push(column);
  }
  return columns;
}
