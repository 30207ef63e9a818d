// SpecItems' per-form options (issue 27, scenic spots): a field's own control inside its
// generated item (a unit conversion), the test id on the item, spans that narrow on small
// screens; and a sheet column whose unit differs from the form's (the header says it).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Form, InputNumber } from '@arco-design/web-react';
import { IntlProvider } from 'react-intl';
import { z } from 'zod';
import { bi, sheetColumnsOf, withUnit, type FieldSpecs } from '../../contracts/fields';
import { ContractForm } from '../contract-form';
import { SpecItems } from '.';

afterEach(cleanup);
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

const body = z.object({ name: z.string().min(1), price: z.number().int().min(0) });
const SPECS = {
  name: { label: bi('名称', 'Name'), widget: { kind: 'text', max: 20 }, group: 'g', span: 8 },
  price: {
    label: bi('票价', 'Price'),
    widget: { kind: 'integer', min: 0 },
    group: 'g',
    span: 24,
    sheet: { unit: bi('分', 'fen') },
  },
} as const satisfies FieldSpecs<typeof body.shape>;

/** Cents in, cents out; whole units on screen. */
function Units({ value, onChange, ...rest }: { value?: number; onChange?(v?: number): void }) {
  return (
    <InputNumber
      {...rest}
      value={value === undefined ? undefined : value / 100}
      onChange={(v) => onChange?.(typeof v === 'number' ? Math.round(v * 100) : undefined)}
    />
  );
}

function Subject({ onForm }: { onForm(get: () => unknown): void }) {
  const [form] = Form.useForm();
  onForm(() => form.getFieldsValue());
  return (
    <IntlProvider locale="en-US" messages={{}}>
      <ContractForm schema={body} form={form} initialValues={{ name: 'a', price: 5050 }}>
        <SpecItems specs={SPECS} controls={{ price: <Units /> }} itemTestIds responsive />
      </ContractForm>
    </IntlProvider>
  );
}

describe('SpecItems options', () => {
  it('a control of its own keeps the generated item: label, required mark, aria-label', () => {
    let values: () => unknown = () => null;
    render(<Subject onForm={(get) => (values = get)} />);
    const item = screen.getByTestId('field-price');
    expect(within(item).getByText('Price')).toBeTruthy();
    expect(item.querySelector('.arco-form-item-symbol')).not.toBeNull();
    const input = within(item).getByRole('spinbutton', { name: 'Price' }) as HTMLInputElement;
    // The record's 5050 shown as 50.5; untouched, the form holds the record's value.
    expect(input.value).toBe('50.5');
    expect(values()).toEqual({ name: 'a', price: 5050 });
    fireEvent.change(input, { target: { value: '60.25' } });
    expect(values()).toEqual({ name: 'a', price: 6025 });
  });

  it('the test id on the item, none on the control; spans narrow on small screens', () => {
    render(<Subject onForm={() => {}} />);
    const item = screen.getByTestId('field-name');
    expect(item.querySelector('input')?.getAttribute('data-testid')).toBeNull();
    const col = item.closest('.arco-col') as HTMLElement;
    expect(col.className).toContain('arco-col-xs-24');
    expect(col.className).toContain('arco-col-md-12');
    expect(col.className).toContain('arco-col-xl-8');
  });
});

describe('a help text per field', () => {
  it('shows under its item', () => {
    function Help() {
      const [form] = Form.useForm();
      return (
        <IntlProvider locale="zh-CN" messages={{}}>
          <ContractForm schema={body} form={form}>
            <SpecItems specs={SPECS} keys={['name']} extras={{ name: '最多 20 个字符' }} />
          </ContractForm>
        </IntlProvider>
      );
    }
    render(<Help />);
    const item = screen.getByTestId('field-name').closest('.arco-form-item') as HTMLElement;
    expect(within(item).getByText('最多 20 个字符')).toBeTruthy();
    expect(screen.queryByText('票价')).toBeNull();
  });
});

describe('a sheet column with a unit', () => {
  it('is headed by the label with the unit, in both languages', () => {
    const [, price] = sheetColumnsOf(SPECS, body);
    expect(price.header).toEqual({ 'zh-CN': '票价（分）', 'en-US': 'Price (fen)' });
    expect(withUnit(bi('成人票价', 'Adult price'), bi('分', 'fen'))).toEqual({
      'zh-CN': '成人票价（分）',
      'en-US': 'Adult price (fen)',
    });
  });
});
