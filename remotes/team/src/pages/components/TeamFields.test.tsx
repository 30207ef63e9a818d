// The team's views generated from TEAM_FIELD_SPECS (issue 27): the step form and edit drawer
// (one labelled, contract-checked control per field, in the specs' order and groups), the
// detail cards (a row per field, the composite rows as slots), the list's columns and filters;
// and the round trip through the generated form — saved untouched, the record; one field
// changed, only it. The real Arco form in jsdom; only the server is replaced.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from '@arco-design/web-react';
import {
  TEAM_FIELD_KEYS,
  TEAM_FIELD_SPECS,
  specGroups,
  teamFields,
  type Team,
} from '@console/shared';
import { columnsOf, filterOf } from '@console/shared/components/field-specs';
import zhCN from '../../locale/zh-CN';
import { DICTIONARIES, FULL_TEAM, shown, installTeamServer, wrap } from '../../test/harness';
import { EditDrawer } from '../detail/EditDrawer';
import { TeamForm, teamFormValues } from './TeamForm';
import { TeamInfo } from './TeamInfo';

const FULL = FULL_TEAM;
const writes = installTeamServer();

/** The same team with every optional field empty. */
const SPARSE = {
  ...FULL,
  agencyRef: '',
  paxChildren: 0,
  paxSeniors: 0,
  pax: 7,
  vip: false,
  escortName: '',
  escortPhone: '',
  pickupPoint: '',
  pickupTime: '',
  notes: '',
} as Team;

const editable = (team: Team) =>
  Object.fromEntries(TEAM_FIELD_KEYS.map((k) => [k, team[k as keyof Team]]));

function NewForm({ locale }: { locale?: 'zh-CN' | 'en-US' }) {
  function Inner() {
    const [form] = Form.useForm();
    return <TeamForm form={form} />;
  }
  return wrap(<Inner />, locale);
}

async function saveDrawer(team: Team) {
  const onSaved = vi.fn();
  render(
    wrap(
      <EditDrawer team={team} visible onClose={vi.fn()} onSaved={onSaved} onReloaded={vi.fn()} />,
    ),
  );
  await screen.findByTestId('team-form');
  await waitFor(() => expect(shown('paxAdults')).toBe(String(team.paxAdults)));
  return {
    save: async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(writes).toHaveLength(1);
      expect(writes[0]).toMatchObject({ method: 'PUT', url: `/teams/${team.id}` });
      return writes[0].body as Record<string, unknown>;
    },
  };
}

describe('the team form is generated from TEAM_FIELD_SPECS', () => {
  it('has a spec for every editable field of the contract, and nothing else', () => {
    expect([...TEAM_FIELD_KEYS].sort()).toEqual(Object.keys(teamFields).sort());
    expect(specGroups(TEAM_FIELD_SPECS)).toEqual(['basic', 'pax', 'period', 'contacts', 'notes']);
  });

  it('shows one control per field in the specs’ order, each named by its label', async () => {
    render(<NewForm />);
    await screen.findByTestId('team-form');
    const controls = Array.from(document.querySelectorAll('[data-testid^="field-"]')).map((el) =>
      el.getAttribute('data-testid')!.slice('field-'.length),
    );
    expect(controls).toEqual(TEAM_FIELD_KEYS);
    for (const key of TEAM_FIELD_KEYS)
      expect(
        screen.getByTestId(`field-${key}`).closest('[aria-label]')?.getAttribute('aria-label'),
        key,
      ).toBe(TEAM_FIELD_SPECS[key].label['zh-CN']);
    // The sections' titles, and the label the locale gives is the spec's (one copy).
    for (const title of ['基本信息', '人数', '团期与接团', '联系人'])
      expect(screen.getByText(title));
    expect((zhCN as Record<string, string>)['team.field.agencyRef']).toBe(
      TEAM_FIELD_SPECS.agencyRef.label['zh-CN'],
    );
  });

  it('marks required fields from the contract, in English too', async () => {
    render(<NewForm locale="en-US" />);
    await screen.findByTestId('team-form');
    const mark = (label: string) =>
      screen.getByText(label).closest('.arco-form-item')!.querySelector('.arco-form-item-symbol');
    expect(mark('Team name')).toBeTruthy();
    expect(mark('Contact phone')).toBeTruthy();
    expect(mark('Agency reference')).toBeNull();
    expect(mark('Escort name')).toBeNull();
    expect(screen.getByText('Basic information')).toBeTruthy();
  });

  it('a new form starts from the specs’ blanks: every field present, 1 adult, empty pickup', () => {
    const values = teamFormValues(null);
    expect(Object.keys(values)).toEqual(TEAM_FIELD_KEYS);
    expect(values).toMatchObject({ paxAdults: 1, paxChildren: 0, vip: false, pickupTime: '' });
    expect(values.name).toBeUndefined();
    // An edit starts from the record, every field of it.
    expect(teamFormValues(FULL)).toEqual(editable(FULL));
  });
});

describe('the edit drawer round trip through the generated form', () => {
  it.each([
    ['every field set', FULL],
    ['every optional field empty', SPARSE],
  ])('a team with %s, saved untouched, sends exactly the record', async (_, team) => {
    const drawer = await saveDrawer(team);
    expect(shown('escortName')).toBe(team.escortName);
    expect(shown('pickupTime')).toBe(team.pickupTime);
    expect(await drawer.save()).toEqual({ ...editable(team), version: team.version });
  });

  it('a changed number sends that field and every other as it was', async () => {
    const drawer = await saveDrawer(FULL);
    fireEvent.change(document.querySelector('#paxChildren input')!, { target: { value: '3' } });
    fireEvent.blur(document.querySelector('#paxChildren input')!);
    expect(await drawer.save()).toEqual({ ...editable(FULL), paxChildren: 3, version: 5 });
  });

  it('a switched VIP sends that field and every other as it was', async () => {
    const drawer = await saveDrawer(FULL);
    fireEvent.click(screen.getByTestId('field-vip'));
    expect(await drawer.save()).toEqual({ ...editable(FULL), vip: false, version: 5 });
  });

  it('a cleared pickup time is no time (the contract’s blank), not a missing field', async () => {
    const drawer = await saveDrawer(FULL);
    const picker = screen.getByTestId('field-pickupTime');
    fireEvent.click(picker.querySelector('.arco-picker-clear-icon')!);
    await waitFor(() => expect(shown('pickupTime')).toBe(''));
    expect(await drawer.save()).toEqual({ ...editable(FULL), pickupTime: '', version: 5 });
  });
});

describe('the detail cards are generated from the specs', () => {
  it('shows each field with dictionary labels and the composite rows as slots', async () => {
    render(wrap(<TeamInfo team={FULL} />));
    const basic = screen.getByTestId('team-card-basic');
    await waitFor(() => expect(within(basic).getByTestId('card-agency').textContent).toBe('国旅'));
    expect(within(basic).getByTestId('card-market').textContent).toBe('入境');
    expect(within(basic).getByTestId('card-agencyRef').textContent).toBe('REF-2027-03');
    expect(within(basic).getByTestId('card-vip').textContent).toBe('是');
    expect(within(basic).getByTestId('card-paxAdults').textContent).toBe(
      '10 人（成人 7，儿童 2，老人 1）',
    );
    expect(within(basic).getByText('人数')).toBeTruthy();
    expect(within(basic).getByText(FULL.code)).toBeTruthy();
    // The split's parts are in the pax row, not rows of their own.
    expect(within(basic).queryByTestId('card-paxChildren')).toBeNull();
    const period = screen.getByTestId('team-card-period');
    expect(within(period).getByTestId('card-startDate').textContent).toBe(
      '2027-03-01 ~ 2027-03-03',
    );
    expect(within(period).getByTestId('card-pickupPoint').textContent).toBe('首都机场 T3 08:00');
    expect(within(period).getByText('接团')).toBeTruthy();
    expect(within(period).queryByTestId('card-endDate')).toBeNull();
    const contacts = screen.getByTestId('team-card-contacts');
    expect(within(contacts).getByTestId('card-leadContactName').textContent).toBe(
      '王领队 13812345678',
    );
    expect(within(contacts).getByTestId('card-escortName').textContent).toBe('赵全陪 13987654321');
    expect(within(contacts).getByTestId('card-notes').textContent).toBe('素食两位');
  });

  it('in English, with dashes for what is empty', async () => {
    render(wrap(<TeamInfo team={SPARSE} />, 'en-US'));
    const basic = screen.getByTestId('team-card-basic');
    await waitFor(() => expect(within(basic).getByTestId('card-agency').textContent).toBe('CITS'));
    expect(within(basic).getByTestId('card-vip').textContent).toBe('No');
    expect(within(basic).getByText('Agency reference')).toBeTruthy();
    expect(within(basic).getByTestId('card-agencyRef').textContent).toBe('-');
    const period = screen.getByTestId('team-card-period');
    expect(within(period).getByTestId('card-pickupPoint').textContent).toBe('-');
    expect(within(period).getByText('Pickup')).toBeTruthy();
    const contacts = screen.getByTestId('team-card-contacts');
    expect(within(contacts).getByTestId('card-escortName').textContent).toBe('-');
    expect(within(contacts).getByText('Escort')).toBeTruthy();
  });
});

describe('the list reads its field columns and filters from the specs', () => {
  it('columns: name, agency, agency reference (hidden at first), market, language', () => {
    const columns = columnsOf<Team>(TEAM_FIELD_SPECS, 'en-US', {
      dictionaryLabel: (category, value) =>
        DICTIONARIES[category]?.find((i) => i.value === value)?.labelEn ?? value,
    });
    expect(columns.map((c) => c.key)).toEqual([
      'name',
      'agency',
      'agencyRef',
      'market',
      'language',
    ]);
    const by = Object.fromEntries(columns.map((c) => [c.key, c]));
    expect(by.name).toMatchObject({ title: 'Team name', sortable: true, fixedVisible: true });
    expect(by.agencyRef.defaultHidden).toBe(true);
    expect(by.market.render!('inbound', FULL, 0)).toBe('Inbound');
  });

  it('filters: a dictionary’s choices, yes / no for VIP, each named by its label', () => {
    const options = { market: [{ value: 'domestic', label: '国内' }] };
    const market = filterOf(TEAM_FIELD_SPECS, 'market', 'zh-CN', options);
    expect(market.label).toBe('客源市场');
    expect(market.element.props).toMatchObject({
      'aria-label': '客源市场',
      options: options.market,
    });
    const vip = filterOf(TEAM_FIELD_SPECS, 'vip', 'en-US');
    expect(vip.element.props.options).toEqual([
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ]);
  });
});
