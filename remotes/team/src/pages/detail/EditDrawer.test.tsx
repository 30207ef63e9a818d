// The team edit drawer round trip (issue 25 defect 1): opened on a team with every field set,
// it shows the team's values, and saved untouched sends exactly the team's editable fields
// with its version — never the create defaults (成人 1, empty pickup …). The new-team form
// still starts from those defaults. The real Arco form in jsdom; the server is the only thing
// replaced (the shared HTTP client's adapter answers the calls the drawer makes).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { Form } from '@arco-design/web-react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { teamFields, type PropertyItem, type Team } from '@console/shared';
import { http } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { EditDrawer } from './EditDrawer';
import { TEAM_CREATE_DEFAULTS, TeamForm, useCheckTeamForm } from '../components/TeamForm';

const item = (value: string, labelZh: string): PropertyItem =>
  ({ value, labelZh, labelEn: value, enabled: true, sort: 0 }) as unknown as PropertyItem;
const DICTIONARIES: Record<string, PropertyItem[]> = {
  agency: [item('cits', '国旅'), item('cts', '中旅')],
  market: [item('domestic', '国内'), item('inbound', '入境')],
  guide_language: [item('zh', '普通话'), item('en', '英语')],
};

/** A team with every optional field set, and values unlike the create defaults. */
const FULL = {
  id: 42,
  code: 'T20270301001',
  name: '全字段团',
  agency: 'cits',
  agencyRef: 'REF-2027-03',
  market: 'inbound',
  pax: 10,
  paxAdults: 7,
  paxChildren: 2,
  paxSeniors: 1,
  language: 'en',
  vip: true,
  leadContactName: '王领队',
  leadContactPhone: '13812345678',
  escortName: '赵全陪',
  escortPhone: '13987654321',
  startDate: '2027-03-01',
  endDate: '2027-03-03',
  pickupPoint: '首都机场 T3',
  pickupTime: '08:00',
  notes: '素食两位',
  status: 'draft',
  statusReason: '',
  guides: [],
  itinerary: [],
  assignments: [],
  feedback: [],
  history: [],
  createdAt: '2027-01-01T00:00:00.000Z',
  createdBy: '李调度',
  updatedAt: '2027-01-02T00:00:00.000Z',
  updatedBy: '李调度',
  version: 5,
} as Team;

const editable = (team: Team) =>
  Object.fromEntries(Object.keys(teamFields).map((k) => [k, team[k as keyof Team]]));

/** The server as the drawer sees it: the dictionaries, and every write it is sent. */
let writes: { method: string; url: string; body: unknown }[];
const original = http.defaults.adapter;
beforeEach(() => {
  writes = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const answer = (data: unknown) => ({
      data: { code: 20000, msg: 'ok', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
    if (config.method === 'get' && config.url === '/properties/items')
      return answer(DICTIONARIES[config.params.category] ?? []);
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    writes.push({ method: config.method!.toUpperCase(), url: config.url!, body });
    return answer({ ...FULL, ...body, version: FULL.version + 1 });
  };
  http.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  http.defaults.adapter = original;
});

const wrap = (node: React.ReactNode) => (
  <Provider store={createStore()}>
    <IntlProvider locale="zh-CN" messages={zhCN}>
      {node}
    </IntlProvider>
  </Provider>
);

/** The value a field's input shows (Arco's control of a field has the field's name as id). */
const shown = (field: string) =>
  document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `#${field} input, #${field} textarea`,
  )?.value;

describe('the team edit drawer', () => {
  it('opens on the team values and, saved untouched, sends exactly them', async () => {
    const onSaved = vi.fn();
    render(
      wrap(
        <EditDrawer team={FULL} visible onClose={vi.fn()} onSaved={onSaved} onReloaded={vi.fn()} />,
      ),
    );
    await screen.findByTestId('team-form');
    // What the user sees: the team's pax, escort and pickup — not 成人 1 and blanks.
    await waitFor(() => expect(shown('paxAdults')).toBe('7'));
    expect(shown('paxChildren')).toBe('2');
    expect(shown('paxSeniors')).toBe('1');
    expect(shown('escortName')).toBe('赵全陪');
    expect(shown('escortPhone')).toBe('13987654321');
    expect(shown('pickupPoint')).toBe('首都机场 T3');
    expect(shown('pickupTime')).toBe('08:00');
    expect(shown('startDate')).toBe('2027-03-01');
    expect(shown('notes')).toBe('素食两位');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'PUT', url: `/teams/${FULL.id}` });
    expect(writes[0].body).toEqual({ ...editable(FULL), version: FULL.version });
  });

  it('sends the one field the user changed and every other as it was', async () => {
    const onSaved = vi.fn();
    render(
      wrap(
        <EditDrawer team={FULL} visible onClose={vi.fn()} onSaved={onSaved} onReloaded={vi.fn()} />,
      ),
    );
    const notes = await screen.findByTestId('field-notes');
    await waitFor(() => expect(shown('notes')).toBe('素食两位'));
    fireEvent.change(notes, { target: { value: '改过的备注' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes[0].body).toEqual({ ...editable(FULL), notes: '改过的备注', version: 5 });
  });
});

describe('the new-team form', () => {
  it('starts from the create defaults (1 adult, blanks)', async () => {
    let read: () => ReturnType<ReturnType<typeof useCheckTeamForm>> = () => {
      throw new Error('not rendered');
    };
    function NewForm() {
      const [form] = Form.useForm();
      const check = useCheckTeamForm(form);
      read = () => check();
      return <TeamForm form={form} />;
    }
    render(wrap(<NewForm />));
    await screen.findByTestId('team-form');
    expect(shown('paxAdults')).toBe('1');
    expect(shown('paxChildren')).toBe('0');
    expect(shown('pickupPoint')).toBe('');
    const { parsed, errors } = read();
    expect(parsed.success).toBe(false);
    // Only the fields without a default are missing; the defaults are the form's own values.
    expect(Object.keys(errors).sort()).toEqual(
      [
        'agency',
        'endDate',
        'language',
        'leadContactName',
        'leadContactPhone',
        'market',
        'name',
        'startDate',
      ].sort(),
    );
    for (const k of Object.keys(TEAM_CREATE_DEFAULTS)) expect(errors[k], k).toBeUndefined();
  });
});
