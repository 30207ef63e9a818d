import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import { IntlProvider } from 'react-intl';
import {
  GUIDE_FIELD_SPECS,
  guideCreateBody,
  guideSheetRow,
  type Guide,
} from '../../contracts/guide';
import {
  blanksOf,
  fieldMessages,
  groupKeys,
  sheetColumnsOf,
  specGroups,
  specKeys,
} from '../../contracts/fields';
import { ContractForm } from '../contract-form';
import { columnsOf, filterOf, SpecCard, SpecItems } from '.';

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

const specialtyOptions = { guide_specialty: [{ value: 'history', label: '历史' }] };

function GuideForm({ locale = 'zh-CN' }: { locale?: string }) {
  const [form] = Form.useForm();
  return (
    <IntlProvider locale={locale} messages={{}}>
      <ContractForm
        schema={guideCreateBody}
        form={form}
        initialValues={blanksOf(GUIDE_FIELD_SPECS)}
      >
        {specGroups(GUIDE_FIELD_SPECS).map((group) => (
          <SpecItems
            key={group}
            specs={GUIDE_FIELD_SPECS}
            group={group}
            options={specialtyOptions}
            slots={{
              languages: <div data-testid="languages-slot" />,
              certifications: <div data-testid="certifications-slot" />,
            }}
          />
        ))}
      </ContractForm>
    </IntlProvider>
  );
}

describe('the guide form is generated from GUIDE_FIELD_SPECS', () => {
  it('shows one labelled control per field, in spec order, slots where the spec says', () => {
    render(<GuideForm />);
    const controls = specKeys(GUIDE_FIELD_SPECS).filter(
      (k) => GUIDE_FIELD_SPECS[k].widget.kind !== 'slot',
    );
    const shown = Array.from(document.querySelectorAll('[data-testid^="field-"]')).map((el) =>
      el.getAttribute('data-testid')!.slice('field-'.length),
    );
    expect(shown).toEqual(controls);
    // The label is the accessible name of every control (a11y by construction).
    for (const key of controls)
      expect(
        screen.getByTestId(`field-${key}`).closest('[aria-label]')?.getAttribute('aria-label'),
      ).toBe(GUIDE_FIELD_SPECS[key].label['zh-CN']);
    expect(screen.getByText('紧急联系人')).toBeTruthy();
    expect(screen.getByTestId('languages-slot')).toBeTruthy();
    expect(screen.getByTestId('certifications-slot')).toBeTruthy();
  });

  it('marks the required fields from the contract and starts a create from the blanks', () => {
    render(<GuideForm locale="en-US" />);
    const nameItem = screen.getByText('Name').closest('.arco-form-item')!;
    expect(nameItem.querySelector('.arco-form-item-symbol')).toBeTruthy();
    const emailItem = screen.getByText('Email').closest('.arco-form-item')!;
    expect(emailItem.querySelector('.arco-form-item-symbol')).toBeNull();
    // The blank gender is shown by its label in the page's language.
    expect(within(screen.getByTestId('field-gender')).getByText('Female')).toBeTruthy();
  });
});

describe('readers of the specs', () => {
  it('groups keep declaration order', () => {
    expect(specGroups(GUIDE_FIELD_SPECS)).toEqual([
      'identity',
      'contact',
      'licence',
      'skills',
      'certifications',
    ]);
    expect(groupKeys(GUIDE_FIELD_SPECS, 'identity')).toEqual([
      'code',
      'name',
      'gender',
      'birthDate',
    ]);
  });

  it('the sheet has a column per field, headed by its label, required as the row contract says', () => {
    const columns = sheetColumnsOf(GUIDE_FIELD_SPECS, guideSheetRow);
    expect(columns.map((c) => c.key)).toEqual(specKeys(GUIDE_FIELD_SPECS));
    const by = Object.fromEntries(columns.map((c) => [c.key, c]));
    expect(by.emergencyContactName.header).toEqual(GUIDE_FIELD_SPECS.emergencyContactName.label);
    expect(by.name.required).toBe(true);
    expect(by.code.required).toBeUndefined();
    expect(by.email.required).toBeUndefined();
    expect(by.level.options?.map((o) => o.value)).toEqual([
      'junior',
      'intermediate',
      'senior',
      'special',
    ]);
    expect(by.specialties).toMatchObject({ type: 'list', dictionary: 'guide_specialty' });
    expect(by.languages).toMatchObject({ type: 'list', dictionary: 'guide_language' });
    expect(by.birthDate.type).toBe('date');
    expect(by.maxGroupSize.type).toBe('integer');
  });

  it('the locale keys are the labels', () => {
    const en = fieldMessages('guide.field', GUIDE_FIELD_SPECS, 'en-US');
    expect(en['guide.field.licenceExpiry']).toBe('Licence expiry');
    expect(Object.keys(en)).toHaveLength(specKeys(GUIDE_FIELD_SPECS).length);
  });

  it('columns: only fields that declare one, enum values as labels, slots per field', () => {
    const columns = columnsOf<{ level: string; name: string }>(GUIDE_FIELD_SPECS, 'en-US', {
      render: { name: () => 'slot' },
    });
    expect(columns.map((c) => c.key)).toEqual(
      specKeys(GUIDE_FIELD_SPECS).filter((k) => 'column' in GUIDE_FIELD_SPECS[k]),
    );
    const level = columns.find((c) => c.key === 'level')!;
    expect(level).toMatchObject({ title: 'Level', sortable: true });
    expect(level.render!('senior', { level: 'senior', name: 'x' }, 0)).toBe('Senior');
    const name = columns.find((c) => c.key === 'name')!;
    expect(name.render!('x', { level: 'senior', name: 'x' }, 0)).toBe('slot');
  });

  it('a filter carries its label as the accessible name', () => {
    const filter = filterOf(GUIDE_FIELD_SPECS, 'level', 'zh-CN');
    expect(filter.label).toBe('等级');
    expect(filter.element.props['aria-label']).toBe('等级');
  });
});

describe('the detail card is generated from the specs', () => {
  it('shows the groups’ fields with enum labels, dashes for empty, slots and extra rows', () => {
    const guide = {
      code: 'G000001',
      name: '王芳',
      gender: 'female',
      birthDate: '1990-01-01',
      phone: '13800000000',
      email: '',
      emergencyContactName: '王强',
      emergencyContactPhone: '13900000000',
      homeCity: '杭州',
      avatar: '',
      employmentType: 'staff',
    } as unknown as Guide;
    render(
      <IntlProvider locale="zh-CN" messages={{}}>
        <SpecCard
          specs={GUIDE_FIELD_SPECS}
          groups={['identity', 'contact']}
          record={guide}
          title="身份"
          slots={{ phone: <b>slot</b> }}
          extra={[{ label: '状态原因', value: '休假' }]}
        />
      </IntlProvider>,
    );
    expect(screen.getByTestId('card-gender').textContent).toBe('女');
    expect(screen.getByTestId('card-emergencyContactName').textContent).toBe('王强');
    expect(screen.getByTestId('card-email').textContent).toBe('-');
    expect(screen.getByTestId('card-employmentType').textContent).toBe('正式员工');
    expect(screen.getByTestId('card-phone').textContent).toBe('slot');
    // card: false — the name is the page's title, the avatar its picture.
    expect(screen.queryByTestId('card-name')).toBeNull();
    expect(screen.queryByTestId('card-avatar')).toBeNull();
    expect(screen.getByText('休假')).toBeTruthy();
  });
});
