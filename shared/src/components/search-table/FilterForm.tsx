// The search table's filter form: fields in a responsive grid, search and reset.
import type { ReactElement, ReactNode } from 'react';
import { Button, Form, Grid, Space } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import type { SearchTableTexts } from './messages';

export interface FilterField {
  /** Query parameter the value is sent as. */
  field: string;
  label: ReactNode;
  /** The input (Input, Select, …); the form supplies value and onChange. */
  element: ReactElement;
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

export function FilterForm({
  fields,
  initial,
  texts,
  onSearch,
}: {
  fields: FilterField[];
  initial: FilterValues;
  texts: SearchTableTexts;
  onSearch(values: FilterValues): void;
}) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="horizontal"
      labelAlign="left"
      initialValues={initial}
      labelCol={{ span: 7 }}
      wrapperCol={{ span: 17 }}
      onSubmit={(values) => onSearch(cleanFilter(values))}
      data-testid="search-table-filter"
    >
      <Grid.Row gutter={16} style={{ alignItems: 'flex-start' }}>
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
                form.resetFields();
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
