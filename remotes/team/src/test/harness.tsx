// The team section's component-test harness: a team with every field set, the dictionaries its
// selects read, the server the form and drawer talk to (the shared HTTP client's adapter: the
// dictionaries, and every write recorded and answered as saved), and the providers a page needs.
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { PropertyItem, Team } from '@console/shared';
import { http } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../locale/zh-CN';
import enUS from '../locale/en-US';

const item = (value: string, labelZh: string, labelEn = value): PropertyItem =>
  ({ value, labelZh, labelEn, enabled: true, sort: 0 }) as unknown as PropertyItem;
export const DICTIONARIES: Record<string, PropertyItem[]> = {
  agency: [item('cits', '国旅', 'CITS'), item('cts', '中旅', 'CTS')],
  market: [item('domestic', '国内', 'Domestic'), item('inbound', '入境', 'Inbound')],
  guide_language: [item('zh', '普通话', 'Mandarin'), item('en', '英语', 'English')],
};

/** A team with every optional field set, and values unlike the create defaults. */
export const FULL_TEAM = {
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

export interface SentWrite {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Installs the fake server around each test of the calling file; the writes each test sent
 * are in the returned list (emptied before each test). Each write is answered as saved: the
 * full team with the body over it and the next version.
 */
export function installTeamServer(): SentWrite[] {
  const writes: SentWrite[] = [];
  const original = http.defaults.adapter;
  beforeEach(() => {
    writes.length = 0;
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
      return answer({ ...FULL_TEAM, ...body, version: FULL_TEAM.version + 1 });
    };
    http.defaults.adapter = adapter;
  });
  afterEach(() => {
    cleanup();
    http.defaults.adapter = original;
  });
  return writes;
}

/** A node inside a fresh store and the section's messages in the language asked. */
export const wrap = (node: React.ReactNode, locale: 'zh-CN' | 'en-US' = 'zh-CN') => (
  <Provider store={createStore()}>
    <IntlProvider locale={locale} messages={locale === 'zh-CN' ? zhCN : enUS}>
      {node}
    </IntlProvider>
  </Provider>
);

/** The value a field's input shows (Arco's control of a field has the field's name as id). */
export const shown = (field: string) =>
  document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `#${field} input, #${field} textarea`,
  )?.value;
