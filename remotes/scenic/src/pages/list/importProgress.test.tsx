// The scenic spot import dialog shows the import's progress while the upload runs (issue 26
// item 16): it polls GET /scenic/spots/import/progress, shows the phase and rows the server
// answers, and stops asking once the import has answered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosRequestConfig } from 'axios';
import {
  DEFAULT_ROLE_PERMISSIONS,
  type ImportProgress,
  type ImportReport,
  type UserInfo,
} from '@console/shared';
import { http } from '@console/shared/api';
import { SEARCH_TABLE_TEXTS } from '@console/shared/components/search-table';
import { createStore, fetchUserInfo } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import ScenicListPage from '.';

// jsdom has no matchMedia (Arco's responsive grid asks it).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const texts = SEARCH_TABLE_TEXTS['zh-CN'];
const CHECKING: ImportProgress = {
  phase: 'check',
  startedAt: '2026-11-27T10:00:00.000Z',
  rowsTotal: 3000,
  rowsRead: 3000,
  rowsChecked: 1500,
  rowsWritten: 0,
};
const REPORT: ImportReport = {
  ok: true,
  total: 3000,
  imported: 3000,
  failedRows: 0,
  errors: [],
  errorCount: 0,
  unknownColumns: [],
};

/** A server answering the list, the dictionaries, the import and its progress. */
function fakeServer() {
  const progressCalls: string[] = [];
  let progress: ImportProgress | null = null;
  let finish: (report: ImportReport) => void = () => {};
  const fake = (config: AxiosRequestConfig): Promise<{ data: unknown }> => {
    const url = config.url ?? '';
    if (url.endsWith('/import/progress')) {
      progressCalls.push(url);
      return Promise.resolve({ data: progress });
    }
    if (config.method === 'POST' && url === '/scenic/spots/import')
      return new Promise((resolve) => (finish = (report) => resolve({ data: report })));
    // Dictionaries are lists; the spot list's options are pages.
    if (url === '/properties/items') return Promise.resolve({ data: [] });
    return Promise.resolve({ data: { list: [], total: 0 } });
  };
  vi.spyOn(http, 'request').mockImplementation(fake as unknown as typeof http.request);
  return {
    progressCalls,
    answer: (p: ImportProgress | null) => (progress = p),
    finish: (report: ImportReport) => act(async () => finish(report)),
  };
}

function renderAsOperator() {
  const store = createStore();
  store.dispatch(
    fetchUserInfo.fulfilled(
      {
        username: 'operator',
        role: 'operator',
        name: 'operator',
        permissions: DEFAULT_ROLE_PERMISSIONS.operator,
      } as unknown as UserInfo,
      'test',
    ),
  );
  render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <MemoryRouter initialEntries={['/scenic/list']}>
          <ScenicListPage />
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

describe('the scenic spot import dialog', () => {
  it('polls the spot import’s progress while the upload runs, and stops when it answers', async () => {
    const server = fakeServer();
    renderAsOperator();
    fireEvent.click(await screen.findByTestId('search-table-import'));
    fireEvent.change(screen.getByTestId('import-file'), {
      target: { files: [new File(['编号\n'], 'spots.xlsx')] },
    });
    const bar = await screen.findByTestId('import-progress');
    expect(bar.dataset.phase).toBe('upload');

    server.answer(CHECKING);
    await waitFor(() => expect(bar.dataset.phase).toBe('check'), { timeout: 3000 });
    expect(screen.getByTestId('import-progress-text').textContent).toContain(
      `${texts.importPhaseCheck} · 已读取 3,000 行，已校验 1,500/3,000 行`,
    );
    expect(bar.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('50');
    expect(new Set(server.progressCalls)).toEqual(new Set(['/scenic/spots/import/progress']));

    await server.finish(REPORT);
    await screen.findByTestId('import-ok');
    expect(screen.queryByTestId('import-progress')).toBeNull();
    const asked = server.progressCalls.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.progressCalls.length).toBe(asked);
  });
});
