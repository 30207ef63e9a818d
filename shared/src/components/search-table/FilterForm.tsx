// The search table's filter form: fields in a responsive grid, search and reset.
import { useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Form, Grid, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import type { SearchTableTexts } from './messages';

export interface FilterField {
  /** Query parameter the value is sent as. */
  field: string;
  label: ReactNode;
  /** The input (Input, Select, …); the form supplies value and onChange. */
  element: ReactElement;
  /** The value is a number (read back as one from the page's URL). */
  numeric?: boolean;
}

export type FilterValues = Record<string, unknown>;

/** Drops empty values, so they are not sent as filters. */
export function cleanFilter(values: FilterValues): FilterValues {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''),
    ),
  );
}

/** The label column's padding beside its text (Arco's `.arco-form-label-item`). */
const LABEL_PADDING = 16;
/** A label never takes more than this share of its field, so the input keeps room. */
const LABEL_MAX_SHARE = 0.5;

/**
 * One label width for the whole form: the widest label's text, so every label stays on one
 * line and the inputs line up (issue #18 item 14: a fixed 7/24 column wrapped longer English
 * labels over four lines). Capped at half a field; past that a label wraps to two lines.
 */
export function filterLabelWidth(textWidths: number[], fieldWidth: number): number {
  const widest = Math.max(0, ...textWidths) + LABEL_PADDING;
  return Math.ceil(Math.min(widest, fieldWidth * LABEL_MAX_SHARE));
}

function useLabelWidth(fields: FilterField[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const measure = () => {
      const labels = Array.from(root.querySelectorAll('.arco-form-label-item > label'));
      const item = root.querySelector('.arco-form-item');
      const context = document.createElement('canvas').getContext('2d');
      if (!context || labels.length === 0 || !item) return;
      const widths = labels.map((label) => {
        context.font = getComputedStyle(label).font;
        return context.measureText(label.textContent ?? '').width;
      });
      const next = filterLabelWidth(widths, item.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [fields]);
  return { ref, width };
}

export function FilterForm({
  fields,
  initial,
  current = initial,
  texts,
  onSearch,
}: {
  fields: FilterField[];
  /** What reset returns to. */
  initial: FilterValues;
  /** The filter in force (from the page's URL). */
  current?: FilterValues;
  texts: SearchTableTexts;
  onSearch(values: FilterValues): void;
}) {
  const [form] = Form.useForm();
  const label = useLabelWidth(fields);
  return (
    <Form
      form={form}
      layout="horizontal"
      labelAlign="left"
      initialValues={current}
      labelCol={label.width ? { style: { flex: `0 0 ${label.width}px` } } : { span: 7 }}
      wrapperCol={label.width ? { style: { flex: '1 1 0', minWidth: 0 } } : { span: 17 }}
      onSubmit={(values) => onSearch(cleanFilter(values))}
      data-testid="search-table-filter"
    >
      <Grid.Row ref={label.ref} gutter={16} style={{ alignItems: 'flex-start' }}>
        <Grid.Col flex={1}>
          <Grid.Row gutter={16}>
            {fields.map((f) => (
              <Grid.Col key={f.field} xs={24} sm={12} lg={8}>
                <Form.Item label={f.label} field={f.field}>
                  {f.element}
                </Form.Item>
              </Grid.Col>
            ))}
          </Grid.Row>
        </Grid.Col>
        <Grid.Col flex="none">
          <Space direction="vertical">
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {texts.search}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                form.clearFields();
                form.setFieldsValue(initial);
                onSearch(cleanFilter(initial));
              }}
            >
              {texts.reset}
            </Button>
          </Space>
        </Grid.Col>
      </Grid.Row>
    </Form>
  );
}
