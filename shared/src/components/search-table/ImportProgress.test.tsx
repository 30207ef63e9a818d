// The import dialog shows an import's progress while the upload runs (issue 26 item 16): the
// phase and the rows read, checked and written from the section's poll, a bar with a name that
// never says 100 % before the import has answered, and no more polling once it has.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ImportProgress, ImportReport } from '../../contracts/spreadsheet';
import { http } from '../../api/client';
import { consoleApi } from '../../api/rtk';
import { createStore } from '../../store';
import { localeChanged } from '../../store/localeSlice';
import { importPercent } from './ImportProgress';
import { SEARCH_TABLE_TEXTS } from './messages';
import { SearchTable } from './SearchTable';
import '../responsive/matchMedia.testing';

const adapter = http.defaults.adapter;
afterEach(() => {
  cleanup();
  localStorage.clear();
  http.defaults.adapter = adapter;
});

const frame = (over: Partial<ImportProgress>): ImportProgress => ({
  phase: 'read',
  startedAt: '2026-11-27T10:00:00.000Z',
  rowsTotal: 0,
  rowsRead: 0,
  rowsChecked: 0,
  rowsWritten: 0,
  ...over,
});
const TOTAL = 12_000;
const READ = frame({ phase: 'check', rowsTotal: TOTAL, rowsRead: TOTAL });
const CHECKING = { ...READ, rowsChecked: 6000 };
const WRITING = frame({
  phase: 'write',
  rowsTotal: TOTAL,
  rowsRead: TOTAL,
  rowsChecked: TOTAL,
});
const WRITTEN = { ...WRITING, rowsWritten: TOTAL };

describe('importPercent', () => {
  it('counts each row read, checked and written, and never reaches 100', () => {
    expect(importPercent(undefined)).toBe(0);
    expect(importPercent(null)).toBe(0);
    expect(importPercent(frame({}))).toBe(0);
    expect(importPercent(READ)).toBe(33);
    expect(importPercent(CHECKING)).toBe(50);
    expect(importPercent(WRITING)).toBe(66);
    // Written and committed, but the dialog has no answer yet: not 100.
    expect(importPercent(WRITTEN)).toBe(99);
  });
});

/** The progress the fake server answers next, and how often it was asked. */
let answer: ImportProgress | null = null;
let polls = 0;
const progressApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    testImportProgress: build.query<ImportProgress | null, void>({
      queryFn: () => {
        polls++;
        return { data: answer };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

const REPORT: ImportReport = {
  ok: true,
  total: TOTAL,
  imported: TOTAL,
  failedRows: 0,
  errors: [],
  errorCount: 0,
  unknownColumns: [],
};

function setup(locale: 'zh-CN' | 'en-US') {
  const store = createStore();
  store.dispatch(localeChanged(locale));
  let finish: (report: ImportReport) => void = () => {};
  answer = null;
  polls = 0;
  // The server answers the upload when the test says.
  http.defaults.adapter = ((config: InternalAxiosRequestConfig) =>
    new Promise((resolve) => {
      finish = (report) =>
        resolve({
          data: { code: 20000, msg: 'ok', data: report },
          status: 200,
          statusText: '',
          headers: {},
          config,
        });
    })) as AxiosAdapter;
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/rows']}>
        <SearchTable<{ id: number }>
          tableId="rows"
          rowKey="id"
          columns={[{ key: 'id', dataIndex: 'id', title: 'Id' }]}
          useList={() => ({
            data: { list: [], total: 0 },
            isFetching: false,
            isError: false,
            refetch: () => {},
          })}
          importConfig={{
            url: '/rows/import',
            event: { type: 'guide.imported' },
            template: async () => {},
            useProgress: (pollingInterval) =>
              progressApi.useTestImportProgressQuery(undefined, { pollingInterval }).data,
          }}
        />
      </MemoryRouter>
    </Provider>,
  );
  fireEvent.click(screen.getByTestId('search-table-import'));
  fireEvent.change(screen.getByTestId('import-file'), {
    target: { files: [new File(['code\n'], 'rows.csv')] },
  });
  return { finish: (report: ImportReport) => act(async () => finish(report)) };
}

const bar = () => screen.getByTestId('import-progress');
const text = () => screen.getByTestId('import-progress-text').textContent;
/** The bar's name (the host's a11y patch moves it onto its progressbar). */
const name = () => bar().querySelector('.arco-progress')?.getAttribute('aria-label');
const percent = () =>
  Number(bar().querySelector('[role=progressbar]')?.getAttribute('aria-valuenow'));

describe('the import dialog while the upload runs', () => {
  it('polls the progress and shows the phase and rows, then stops when the import answers', async () => {
    const { finish } = setup('zh-CN');
    const zh = SEARCH_TABLE_TEXTS['zh-CN'];
    // Before the server has the file: uploading, step 1 of 3, 0 %.
    expect(bar().dataset.phase).toBe('upload');
    expect(text()).toBe('第 1/3 步：正在上传文件');
    expect(name()).toBe('导入进度：正在上传文件');
    expect(percent()).toBe(0);

    answer = CHECKING;
    await waitFor(() => expect(bar().dataset.phase).toBe('check'));
    expect(text()).toBe(
      `第 2/3 步：${zh.importPhaseCheck} · 已读取 12,000 行，已校验 6,000/12,000 行，已写入 0 行`,
    );
    expect(name()).toBe('导入进度：正在校验数据');
    expect(percent()).toBe(50);
    // Announced: the step, not every count.
    expect(bar().querySelector('[aria-live=polite]')?.textContent).toBe('第 2/3 步：正在校验数据');

    answer = WRITTEN;
    await waitFor(() => expect(bar().dataset.phase).toBe('write'));
    expect(text()).toContain('已写入 12,000 行');
    expect(percent()).toBe(99);

    // The server has ended the import; the last frame stays until the answer comes.
    answer = null;
    const asked = polls;
    await waitFor(() => expect(polls).toBeGreaterThan(asked));
    expect(bar().dataset.phase).toBe('write');

    await finish(REPORT);
    expect(screen.queryByTestId('import-progress')).toBeNull();
    await screen.findByTestId('import-ok');
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(polls).toBe(after);
  });

  it('speaks English in English', async () => {
    const { finish } = setup('en-US');
    answer = READ;
    await waitFor(() => expect(bar().dataset.phase).toBe('check'));
    expect(text()).toBe(
      'Step 2 of 3: Checking the rows · 12,000 rows read, 0 of 12,000 checked, 0 written',
    );
    expect(name()).toBe('Import progress: Checking the rows');
    expect(percent()).toBe(33);
    await finish(REPORT);
  });
});
