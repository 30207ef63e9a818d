// The guide drawer edits what the user types, whatever the page refetches meanwhile (issue 25,
// defect 15): a live event that refetches the guide never refills the form; when the refetched
// guide is a newer version, the drawer says so and keeps the edit until the user reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { guideUpdateBody, type Guide, type PropertyItem } from '@console/shared';
import { http } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import zhCN from '../../locale/zh-CN';
import { guideQueries } from '../../api';
import { FULL_GUIDE } from '../../test/fixtures';
import { GuideDrawer } from './GuideDrawer';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  http.defaults.adapter = originalAdapter;
});

/** The server, answering every write with the guide: the requests it received (method, url, body). */
function serverAnsweringGuide() {
  const received: { method?: string; url?: string; body: unknown }[] = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    received.push({
      method: config.method,
      url: config.url,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    return {
      data: { code: 20000, msg: 'ok', data: guide },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  }) as AxiosAdapter;
  /** The guide updates received: [id, body] each. */
  return () =>
    received
      .filter((r) => r.method === 'put')
      .map((r) => [Number(/\/guides\/(\d+)$/.exec(r.url ?? '')?.[1]), r.body]);
}

const item = (value: string, labelZh: string): PropertyItem => ({
  id: value.length,
  value,
  labelZh,
  labelEn: value,
  sortOrder: 0,
  enabled: true,
});

const guide = FULL_GUIDE;

function setup() {
  const store = createStore();
  // The dictionaries as the server would answer (no request leaves the test).
  void store.dispatch(
    guideQueries.util.upsertQueryData('guideDictionary', 'guide_language', [item('zh', '中文')]),
  );
  void store.dispatch(guideQueries.util.upsertQueryData('guideDictionary', 'guide_specialty', []));
  const onSaved = vi.fn();
  const drawer = (g: Guide) => (
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <GuideDrawer guide={g} visible onClose={() => {}} onSaved={onSaved} />
      </IntlProvider>
    </Provider>
  );
  const view = render(drawer(guide));
  return { rerender: (g: Guide) => view.rerender(drawer(g)) };
}

const nameInput = () =>
  screen.getByTestId('field-name').closest('input') ??
  (screen.getByTestId('field-name') as HTMLInputElement);

describe('the guide drawer while the page refetches the guide', () => {
  it('opens with the record’s values', async () => {
    setup();
    expect(await screen.findByDisplayValue('李雷')).toBeTruthy();
    expect(screen.getByDisplayValue('li@example.com')).toBeTruthy();
    expect(screen.getByDisplayValue('韩梅梅')).toBeTruthy();
  });

  it('a refetch of the same version keeps the field being edited', async () => {
    const { rerender } = setup();
    await screen.findByDisplayValue('李雷');
    fireEvent.change(nameInput(), { target: { value: '李雷雷' } });
    // A live event refetched the guide: a new object, the figures moved, the record did not.
    await act(async () =>
      rerender({
        ...guide,
        figures: { ...guide.figures, teamsLed: 4 },
        languages: [...guide.languages],
      }),
    );
    expect(nameInput().value).toBe('李雷雷');
    expect(screen.queryByTestId('guide-changed-elsewhere')).toBeNull();
  });

  it('a newer version keeps the edit and says the guide changed elsewhere; reload shows it', async () => {
    const { rerender } = setup();
    await screen.findByDisplayValue('李雷');
    fireEvent.change(nameInput(), { target: { value: '李雷雷' } });
    await act(async () => rerender({ ...guide, homeCity: '苏州', version: 2 }));
    expect(nameInput().value).toBe('李雷雷');
    expect(screen.getByDisplayValue('杭州')).toBeTruthy();
    expect(screen.getByTestId('guide-changed-elsewhere').textContent).toContain('已被他人修改');
    fireEvent.click(screen.getByTestId('guide-reload'));
    expect(await screen.findByDisplayValue('苏州')).toBeTruthy();
    expect(nameInput().value).toBe('李雷');
    expect(screen.queryByTestId('guide-changed-elsewhere')).toBeNull();
  });
});

describe('the guide drawer saves what it holds', () => {
  /** The body of an untouched save: every field of the update contract, as the record has it. */
  const untouched = Object.fromEntries(
    Object.keys(guideUpdateBody.shape).map((k) => [k, guide[k as keyof Guide]]),
  );

  it('saved untouched, it sends the record’s every field and its version', async () => {
    const updates = serverAnsweringGuide();
    setup();
    await screen.findByDisplayValue('李雷');
    fireEvent.click(screen.getByText('保存'));
    await vi.waitFor(() => expect(updates()).toHaveLength(1), WAIT);
    expect(updates()[0]).toEqual([7, untouched]);
  });

  it('one field changed, it sends that change and nothing else', async () => {
    const updates = serverAnsweringGuide();
    setup();
    await screen.findByDisplayValue('李雷');
    fireEvent.change(screen.getByDisplayValue('li@example.com'), { target: { value: '' } });
    fireEvent.click(screen.getByText('保存'));
    await vi.waitFor(() => expect(updates()).toHaveLength(1), WAIT);
    expect(updates()[0]).toEqual([7, { ...untouched, email: '' }]);
  });

  it('a field added to the specs (the WeChat ID) is in the form and saved alone when changed', async () => {
    const updates = serverAnsweringGuide();
    setup();
    await screen.findByDisplayValue('李雷');
    const wechat = screen.getByLabelText('微信号');
    expect((wechat as HTMLInputElement).value).toBe('lilei_hz');
    fireEvent.change(wechat, { target: { value: 'lilei_sz' } });
    fireEvent.click(screen.getByText('保存'));
    await vi.waitFor(() => expect(updates()).toHaveLength(1), WAIT);
    expect(updates()[0]).toEqual([7, { ...untouched, wechatId: 'lilei_sz' }]);
  });
});
