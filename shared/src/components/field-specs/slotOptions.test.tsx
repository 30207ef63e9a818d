// Reader options added for the teams (issue 27): a time widget whose cleared picker holds the
// field's blank (an optional pickup time is ''), a switch's list filter as yes / no (the query's
// 'true' / 'false'), and a card row whose slot shows more than its field, under its own label.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import { IntlProvider } from 'react-intl';
import { z } from 'zod';
import { bi, type FieldSpecs } from '../../contracts/fields';
import { ContractForm } from '../contract-form';
import { filterOf, SpecCard, SpecItems } from '.';

afterEach(cleanup);
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

const body = z.object({
  at: z.string(),
  open: z.string(),
  vip: z.boolean(),
  adults: z.number(),
  children: z.number(),
});
const SPECS = {
  at: { label: bi('接团时间', 'Pickup time'), widget: { kind: 'time', cleared: '' }, group: 'g' },
  open: { label: bi('开放时间', 'Opens'), widget: { kind: 'time' }, group: 'g' },
  vip: { label: bi('VIP', 'VIP'), widget: { kind: 'switch' }, group: 'g' },
  adults: { label: bi('成人', 'Adults'), widget: { kind: 'integer' }, group: 'g', card: 'slot' },
  children: { label: bi('儿童', 'Children'), widget: { kind: 'integer' }, group: 'g', card: false },
} as const satisfies FieldSpecs<typeof body.shape>;

describe('a time widget’s cleared value', () => {
  it('is the widget’s `cleared` when it says one, else undefined', async () => {
    let read: () => Record<string, unknown> = () => ({});
    function TimeForm() {
      const [form] = Form.useForm();
      read = () => form.getFieldsValue();
      return (
        <IntlProvider locale="zh-CN" messages={{}}>
          <ContractForm schema={body} form={form} initialValues={{ at: '08:00', open: '09:30' }}>
            <SpecItems specs={SPECS} keys={['at', 'open']} />
          </ContractForm>
        </IntlProvider>
      );
    }
    render(<TimeForm />);
    const clear = (key: string) =>
      fireEvent.click(screen.getByTestId(`field-${key}`).querySelector('.arco-picker-clear-icon')!);
    clear('at');
    clear('open');
    await waitFor(() => expect(read()).toEqual({ at: '', open: undefined }));
  });
});

describe('a switch’s list filter', () => {
  it('chooses yes or no, as the query’s true / false, named by its label', () => {
    const filter = filterOf(SPECS, 'vip', 'zh-CN');
    expect(filter.element.props['aria-label']).toBe('VIP');
    expect(filter.element.props.options).toEqual([
      { value: 'true', label: '是' },
      { value: 'false', label: '否' },
    ]);
  });
});

describe('a card row shown by a slot', () => {
  it('takes the label the view gives it; a field off the card has no row', () => {
    render(
      <IntlProvider locale="en-US" messages={{}}>
        <SpecCard
          specs={SPECS}
          groups={['g']}
          record={{ at: '08:00', open: '', vip: true, adults: 7, children: 2 }}
          title="Team"
          labels={{ adults: 'Pax' }}
          slots={{ adults: '9 (7 adults, 2 children)' }}
        />
      </IntlProvider>,
    );
    expect(screen.getByTestId('card-adults').textContent).toBe('9 (7 adults, 2 children)');
    expect(screen.getByText('Pax')).toBeTruthy();
    expect(screen.queryByText('Adults')).toBeNull();
    expect(screen.queryByTestId('card-children')).toBeNull();
    expect(screen.getByTestId('card-vip').textContent).toBe('Yes');
    expect(screen.getByTestId('card-open').textContent).toBe('-');
  });
});
