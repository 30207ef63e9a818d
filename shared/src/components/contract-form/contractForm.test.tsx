import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from '@arco-design/web-react';
import { guideCreateBody } from '../../contracts/guide';
import { profileBody } from '../../contracts/profile';
import { scenicSpotCreateBody } from '../../contracts/scenic';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  requiredFields,
  showFormErrors,
  validateForm,
} from '.';

afterEach(cleanup);
// jsdom has no matchMedia; Arco's grid subscribes to it for breakpoints.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
})) as unknown as typeof window.matchMedia;

describe('requiredFields reads what a contract requires', () => {
  it('marks the spot fields that accept neither nothing nor an empty text', () => {
    const required = requiredFields(scenicSpotCreateBody);
    for (const field of ['code', 'name', 'grade', 'category', 'province', 'city'])
      expect(required.has(field), field).toBe(true);
    for (const field of ['dailyCapacity', 'instantCapacity', 'openTime', 'closeTime'])
      expect(required.has(field), field).toBe(true);
    // Defaults, free text and switches are not required.
    for (const field of ['address', 'description', 'images', 'reservationRequired'])
      expect(required.has(field), field).toBe(false);
  });

  it('sees through refinements: the guide code is generated when left empty', () => {
    const required = requiredFields(guideCreateBody);
    expect(required.has('name')).toBe(true);
    expect(required.has('licenceExpiry')).toBe(true);
    expect(required.has('code')).toBe(false);
    expect(required.has('email')).toBe(false);
  });

  it('matches the seed for the basic information (email, nickname, country, area)', () => {
    const required = requiredFields(profileBody);
    expect(['email', 'nickname', 'countryRegion', 'area'].every((f) => required.has(f))).toBe(true);
    expect(required.has('address')).toBe(false);
    expect(required.has('profile')).toBe(false);
  });
});

function Harness({ onForm }: { onForm(form: FormInstance): void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <ContractForm schema={profileBody} form={form}>
      <ContractItem field="nickname" label="Nickname">
        <Input data-testid="nickname" />
      </ContractItem>
      <ContractItem field="address" label="Address">
        <Input data-testid="address" />
      </ContractItem>
      <ContractItem field="area" label="Area" rules={[{ required: true, message: 'needed' }]}>
        <Input data-testid="area" />
      </ContractItem>
    </ContractForm>
  );
}

function renderHarness(): FormInstance {
  let instance!: FormInstance;
  render(<Harness onForm={(f) => (instance = f)} />);
  return instance;
}

describe('ContractForm', () => {
  it('puts the asterisk on the fields the schema requires, and only on them', () => {
    const { container } = render(<Harness onForm={() => undefined} />);
    const items = Array.from(container.querySelectorAll('.arco-form-item'));
    const marked = items.map((item) => !!item.querySelector('.arco-form-item-symbol'));
    expect(marked).toEqual([true, false, true]);
  });

  it('shows every error at once and clears one that no longer applies', async () => {
    const form = renderHarness();
    act(() => void showFormErrors(form, { nickname: 'bad nickname' }));
    expect(await screen.findByText('bad nickname')).toBeTruthy();
    act(() => void showFormErrors(form, { area: 'bad area', address: 'bad address' }));
    expect(screen.queryByText('bad nickname')).toBeNull();
    expect(screen.getByText('bad area')).toBeTruthy();
    expect(screen.getByText('bad address')).toBeTruthy();
    expect(showFormErrors(form, {})).toBe(false);
  });

  it('re-checks only the errors on show after a change', () => {
    const form = renderHarness();
    act(() => void showFormErrors(form, { nickname: 'stale' }));
    act(() => refreshShownErrors(form, { address: 'not shown before' }));
    expect(screen.queryByText('stale')).toBeNull();
    expect(screen.queryByText('not shown before')).toBeNull();
  });

  it('a failed validation answers null instead of throwing', async () => {
    const form = renderHarness();
    let result: unknown = 'unset';
    await act(async () => {
      result = await validateForm(form);
    });
    expect(result).toBeNull();
    expect(await screen.findByText('needed')).toBeTruthy();
  });
});
