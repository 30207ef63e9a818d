/**
 * The views of a contract's field specs (issue 27; contracts/fields.ts): form items per group,
 * list columns, list filters and the detail card, each read from `<DOMAIN>_FIELD_SPECS`.
 * Custom rendering is per field (a slot), never per view:
 *
 *   <ContractForm schema={guideCreateBody} form={form}>
 *     <SpecItems specs={GUIDE_FIELD_SPECS} group="identity" />
 *     <SpecItems specs={GUIDE_FIELD_SPECS} group="skills" slots={{ languages: <LanguageFields /> }}
 *       options={{ guide_specialty: specialtyOptions }} />
 *   </ContractForm>
 *   columns={[...columnsOf(GUIDE_FIELD_SPECS, locale, { render: { name: link } }), actions]}
 *   <SpecCard specs={GUIDE_FIELD_SPECS} groups={['licence']} record={guide} title="…" />
 *
 * Every generated control carries its label as `aria-label` (and the form item a visible
 * label), so a generated form or filter is accessible by construction.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import {
  Card,
  DatePicker,
  Descriptions,
  Grid,
  Input,
  InputNumber,
  Select,
  Switch,
  TimePicker,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { bi, groupKeys, specKeys, type FieldSpec, type FieldSpecs } from '../../contracts/fields';
import { resolveLocale, type Locale } from '../../contracts/locale';
import { ContractItem } from '../contract-form';
import { upFrom } from '../responsive';
import type { SearchTableColumn } from '../search-table/SearchTable';
import type { FilterField } from '../search-table/FilterForm';

/** A dictionary's choices by category code (the remote reads them from the properties API). */
export type DictionaryOptions = Readonly<
  Record<string, readonly { value: string; label: string }[]>
>;

const YES_NO = { yes: bi('是', 'Yes'), no: bi('否', 'No') };

/** The current locale as the contracts name it. */
export function useSpecLocale(): Locale {
  return resolveLocale(useIntl().locale);
}

/** The widget of one field, labelled for assistive technology. */
export function SpecControl({
  name,
  spec,
  locale,
  options,
  ...rest
}: {
  name: string;
  spec: FieldSpec;
  locale: Locale;
  options?: DictionaryOptions;
  // Arco's Form.Item injects value / onChange into its child.
  [prop: string]: unknown;
}) {
  const label = spec.label[locale];
  const common = { 'aria-label': label, 'data-testid': `field-${name}`, ...rest };
  const w = spec.widget;
  switch (w.kind) {
    case 'text': {
      const props = {
        ...common,
        maxLength: { length: w.max, errorOnly: true },
        placeholder: spec.placeholder?.[locale],
      };
      return w.rows ? (
        <Input.TextArea {...props} autoSize={{ minRows: w.rows }} />
      ) : (
        <Input {...props} />
      );
    }
    case 'integer':
    case 'number':
      // No clamping: out-of-range input is refused by the contract with its message.
      return <InputNumber {...common} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch {...common} />;
    case 'date':
      return <DatePicker {...common} style={{ width: '100%' }} />;
    case 'time': {
      const { cleared } = w;
      const onChange = rest.onChange as ((v: unknown, ...more: unknown[]) => void) | undefined;
      return (
        <TimePicker
          {...common}
          format="HH:mm"
          style={{ width: '100%' }}
          {...(cleared !== undefined && onChange
            ? {
                onChange: (v: unknown, ...more: unknown[]) => onChange(v ?? cleared, ...more),
              }
            : {})}
        />
      );
    }
    case 'enum':
      return (
        <Select
          {...common}
          options={Object.entries(w.labels).map(([value, l]) => ({ value, label: l[locale] }))}
        />
      );
    case 'dictionary':
      return (
        <Select
          {...common}
          mode={w.multiple ? 'multiple' : undefined}
          allowClear
          showSearch
          options={[...(options?.[w.category] ?? [])]}
        />
      );
    case 'slot':
      throw new Error(`field ${name} is rendered by its slot`);
  }
}

/** A span that narrows on small screens: 8 → 24 / 12 / 8, 12 → 24 / 12 (xs / md / xl). */
const RESPONSIVE_SPAN: Record<8 | 12 | 24, Record<string, number>> = {
  8: { xs: 24, md: 12, xl: 8 },
  12: { xs: 24, md: 12 },
  24: { span: 24 },
};

/**
 * The form items of one group (or of the named fields), in spec order, on a 24-column grid.
 * A field whose widget is a slot (or that `slots` names) renders what the slot gives; a field
 * that `controls` names keeps its generated item (label, required mark, message) around the
 * given control (Arco's item gives it `value` and `onChange`: a unit or format conversion).
 */
export function SpecItems<S extends FieldSpecs>({
  specs,
  group,
  keys,
  slots,
  controls,
  options,
  disabled,
  itemTestIds,
  responsive,
  extras,
}: {
  specs: S;
  group?: string;
  keys?: readonly (keyof S & string)[];
  slots?: Partial<Record<keyof S & string, ReactNode>>;
  /** Per field, the control inside the generated item (a yuan input for a price in fen). */
  controls?: Partial<Record<keyof S & string, ReactElement>>;
  options?: DictionaryOptions;
  disabled?: readonly (keyof S & string)[];
  /** `field-<key>` on the item (label, control, message) rather than on the control. */
  itemTestIds?: boolean;
  /** Spans narrow on small screens (a full-width page form rather than a drawer). */
  responsive?: boolean;
  /** Per field, a help text under its item (the rule a username follows). */
  extras?: Partial<Record<keyof S & string, ReactNode>>;
}) {
  const locale = useSpecLocale();
  const fields = keys ?? (group ? groupKeys(specs, group) : specKeys(specs));
  return (
    <Grid.Row gutter={16}>
      {fields.map((key) => {
        const spec: FieldSpec = specs[key];
        const span = spec.span ?? 12;
        const col = responsive ? RESPONSIVE_SPAN[span] : { span };
        const slot = slots?.[key];
        const control = controls?.[key];
        if (slot !== undefined || (spec.widget.kind === 'slot' && control === undefined))
          return (
            <Grid.Col {...col} key={key}>
              {slot}
            </Grid.Col>
          );
        const label = spec.label[locale];
        const item = (
          <ContractItem
            label={label}
            field={key}
            triggerPropName={spec.widget.kind === 'switch' ? 'checked' : undefined}
            disabled={disabled?.includes(key)}
            extra={extras?.[key]}
          >
            {control ? (
              cloneElement(control, {
                'aria-label': (control.props as { 'aria-label'?: string })['aria-label'] ?? label,
              } as object)
            ) : (
              <SpecControl
                name={key}
                spec={spec}
                locale={locale}
                options={options}
                {...(itemTestIds ? { 'data-testid': undefined } : {})}
              />
            )}
          </ContractItem>
        );
        return (
          <Grid.Col {...col} key={key}>
            {itemTestIds ? <div data-testid={`field-${key}`}>{item}</div> : item}
          </Grid.Col>
        );
      })}
    </Grid.Row>
  );
}

/** A field's value as text: enum and dictionary labels, yes / no, '-' when empty. */
export function specValueText(
  spec: FieldSpec,
  value: unknown,
  locale: Locale,
  dictionaryLabel?: (category: string, value: string) => string,
): string {
  const w = spec.widget;
  const one = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (w.kind === 'enum') return w.labels[String(v)]?.[locale] ?? String(v);
    if (w.kind === 'dictionary') return dictionaryLabel?.(w.category, String(v)) ?? String(v);
    if (w.kind === 'switch') return (v ? YES_NO.yes : YES_NO.no)[locale];
    return String(v);
  };
  const text = Array.isArray(value)
    ? value
        .map(one)
        .filter(Boolean)
        .join(locale === 'zh-CN' ? '、' : ', ')
    : one(value);
  return text || '-';
}

/** The list columns of the fields that declare one, in spec order. */
export function columnsOf<Row, S extends FieldSpecs = FieldSpecs>(
  specs: S,
  locale: Locale,
  opts: {
    /** Per-field cell rendering (a slot); the default is the value's text. */
    render?: Partial<Record<keyof S & string, (value: never, row: Row) => ReactNode>>;
    dictionaryLabel?: (category: string, value: string) => string;
  } = {},
): SearchTableColumn<Row>[] {
  return specKeys(specs)
    .filter((key) => specs[key].column)
    .map((key) => {
      const spec: FieldSpec = specs[key];
      const column = spec.column!;
      const render = opts.render?.[key] as ((value: unknown, row: Row) => ReactNode) | undefined;
      return {
        key,
        title: spec.label[locale],
        dataIndex: key,
        width: column.width,
        sortable: column.sortable,
        fixedVisible: column.fixedVisible,
        defaultHidden: column.hidden,
        render:
          render ?? ((value: unknown) => specValueText(spec, value, locale, opts.dictionaryLabel)),
      };
    });
}

/**
 * A list filter on one field: a select for enums and dictionaries, yes / no for a switch (the
 * query's 'true' / 'false'), a number box for numbers, a text box otherwise.
 */
export function filterOf<S extends FieldSpecs>(
  specs: S,
  key: keyof S & string,
  locale: Locale,
  options?: DictionaryOptions,
): FilterField {
  const spec: FieldSpec = specs[key];
  const label = spec.label[locale];
  const w = spec.widget;
  const choices =
    w.kind === 'enum'
      ? Object.entries(w.labels).map(([value, l]) => ({ value, label: l[locale] }))
      : w.kind === 'dictionary'
        ? [...(options?.[w.category] ?? [])]
        : w.kind === 'switch'
          ? [
              { value: 'true', label: YES_NO.yes[locale] },
              { value: 'false', label: YES_NO.no[locale] },
            ]
          : null;
  return {
    field: key,
    label,
    numeric: w.kind === 'integer' || w.kind === 'number' ? true : undefined,
    element: choices ? (
      <Select allowClear showSearch aria-label={label} options={choices} />
    ) : w.kind === 'integer' || w.kind === 'number' ? (
      <InputNumber aria-label={label} />
    ) : (
      <Input allowClear aria-label={label} />
    ),
  };
}

/**
 * The detail card of some groups: one row per field whose `card` is not false; a 'slot' field
 * (or one `slots` names) shows what its slot gives.
 */
export function SpecCard<S extends FieldSpecs, R extends object>({
  specs,
  groups,
  record,
  title,
  slots,
  labels,
  extra,
  dictionaryLabel,
  column,
  testId,
  children,
}: {
  specs: S;
  groups: readonly string[];
  record: R;
  title: ReactNode;
  slots?: Partial<Record<keyof S & string, ReactNode>>;
  /** A slot row's label when it shows more than its field (人数 for the pax total and split). */
  labels?: Partial<Record<keyof S & string, ReactNode>>;
  /** Rows that are not fields of the contract (a status reason, a derived figure). */
  extra?: { label: ReactNode; value: ReactNode }[];
  dictionaryLabel?: (category: string, value: string) => string;
  column?: number | Record<string, number>;
  testId?: string;
  /** Shown above the rows (an alert). */
  children?: ReactNode;
}) {
  const locale = useSpecLocale();
  const values = record as Record<string, unknown>;
  const rows = specKeys(specs)
    .filter((key) => groups.includes(specs[key].group) && specs[key].card !== false)
    .map((key) => {
      const spec: FieldSpec = specs[key];
      const slot = slots?.[key];
      return {
        label: labels?.[key] ?? spec.label[locale],
        value: (
          <span data-testid={`card-${key}`}>
            {slot !== undefined ? slot : specValueText(spec, values[key], locale, dictionaryLabel)}
          </span>
        ),
      };
    });
  return (
    <Card title={title} data-testid={testId}>
      {children}
      <Descriptions
        column={column ?? upFrom({ xs: 1, md: 2 })}
        data={[...rows, ...(extra ?? [])]}
      />
    </Card>
  );
}
