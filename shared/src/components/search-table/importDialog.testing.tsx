// For tests (not an entry of the shared runtime: no bundle imports it): a section's list page
// with the search table's import dialog, against a fake server (the HTTP client's adapter
// replaced, so the dialog's real mutation, client and store run). The behaviour every section's
// import shares (issue 26 item 16, issue 27 item 6): the dialog polls the section's progress
// while the upload runs and stops when it answers; an import that succeeded refetches the list;
// a rejected one shows its report and refetches nothing.
//   describeImportDialog({ name: 'the guide import dialog', page: <GuideListPage />, … });
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { DEFAULT_ROLE_PERMISSIONS } from '../../contracts/permissions';
import type { ImportProgress, ImportReport } from '../../contracts/spreadsheet';
import type { UserInfo } from '../../contracts/auth';
import { http } from '../../api/client';
import { createStore } from '../../store';
import { fetchUserInfo } from '../../store/userThunks';
import { SEARCH_TABLE_TEXTS } from './messages';

/** A section's list page and its import's endpoints. */
export interface SectionImport {
  /** The describe block's name ("the guide import dialog"). */
  name: string;
  /** The list page, rendered for an operator (who may import) in Chinese. */
  page: ReactElement;
  path: string;
  messages: Record<string, string>;
  /** The upload, its progress and the list the page reads. */
  importUrl: string;
  progressUrl: string;
  listUrl: string;
  /** A spreadsheet to choose (its contents are the fake server's business). */
  file: () => File;
}

const CHECKING: ImportProgress = {
  phase: 'check',
  startedAt: '2026-11-27T10:00:00.000Z',
  rowsTotal: 3000,
  rowsRead: 3000,
  rowsChecked: 1500,
  rowsWritten: 0,
};
const IMPORTED: ImportReport = {
  ok: true,
  total: 3000,
  imported: 3000,
  failedRows: 0,
  errors: [],
  errorCount: 0,
  unknownColumns: [],
};
const REJECTED: ImportReport = {
  ok: false,
  total: 2,
  imported: 0,
  failedRows: 1,
  errors: [{ row: 2, field: 'name', column: '姓名', message: '必填', value: '' }],
  errorCount: 1,
  unknownColumns: [],
};

interface Answer {
  status: number;
  body: unknown;
}
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 20000, msg: 'ok', data } });
/** The server's refusal of a whole import: 400 IMPORT_REJECTED carrying the report. */
const rejected = (report: ImportReport): Answer => ({
  status: 400,
  body: { code: 40000, msg: '导入失败', error: 'IMPORT_REJECTED', data: report },
});

/**
 * A server answering the list and the dictionaries (empty), the progress the test sets, and the
 * upload when the test says. Keeps the URLs asked.
 */
function fakeServer(section: SectionImport) {
  const asked: string[] = [];
  let progress: ImportProgress | null = null;
  let finish: (answer: Answer) => void = () => {};
  const original = http.defaults.adapter;
  http.defaults.adapter = ((config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    asked.push(url);
    const reply = ({ status, body }: Answer) => ({
      data: body,
      status,
      statusText: '',
      headers: {},
      config,
    });
    if (config.method === 'post' && url === section.importUrl)
      return new Promise((resolve) => (finish = (answer) => resolve(reply(answer))));
    if (url === section.progressUrl) return Promise.resolve(reply(ok(progress)));
    // Dictionaries are lists; the list and the pickers' options are pages.
    if (url === '/properties/items') return Promise.resolve(reply(ok([])));
    return Promise.resolve(reply(ok({ list: [], total: 0 })));
  }) as AxiosAdapter;
  return {
    restore: () => (http.defaults.adapter = original),
    /** How often `url` was asked so far. */
    count: (url: string) => asked.filter((u) => u === url).length,
    answer: (p: ImportProgress | null) => (progress = p),
    finish: (answer: Answer) => act(async () => finish(answer)),
  };
}

function renderAsOperator(section: SectionImport) {
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
      <IntlProvider locale="zh-CN" messages={section.messages}>
        <MemoryRouter initialEntries={[section.path]}>{section.page}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The import dialog's behaviour on a section's list page. */
export function describeImportDialog(section: SectionImport) {
  const texts = SEARCH_TABLE_TEXTS['zh-CN'];
  let server: ReturnType<typeof fakeServer>;

  async function chooseFile() {
    server = fakeServer(section);
    renderAsOperator(section);
    fireEvent.click(await screen.findByTestId('search-table-import'));
    await waitFor(() => expect(server.count(section.listUrl)).toBe(1));
    fireEvent.change(screen.getByTestId('import-file'), {
      target: { files: [section.file()] },
    });
    await waitFor(() => expect(server.count(section.importUrl)).toBe(1));
  }

  describe(section.name, () => {
    afterEach(() => {
      cleanup();
      server.restore();
    });

    it('polls the import’s progress while the upload runs, and stops when it answers', async () => {
      await chooseFile();
      const bar = await screen.findByTestId('import-progress');
      expect(bar.dataset.phase).toBe('upload');

      server.answer(CHECKING);
      await waitFor(() => expect(bar.dataset.phase).toBe('check'), { timeout: 3000 });
      expect(screen.getByTestId('import-progress-text').textContent).toContain(
        `${texts.importPhaseCheck} · 已读取 3,000 行，已校验 1,500/3,000 行`,
      );
      expect(bar.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')).toBe('50');
      expect(server.count(section.progressUrl)).toBeGreaterThan(0);

      await server.finish(ok(IMPORTED));
      await screen.findByTestId('import-ok');
      expect(screen.queryByTestId('import-progress')).toBeNull();
      const asked = server.count(section.progressUrl);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(server.count(section.progressUrl)).toBe(asked);
    });

    it('an import that succeeded refetches the list (its event’s tags)', async () => {
      await chooseFile();
      await server.finish(ok(IMPORTED));
      await screen.findByTestId('import-ok');
      await waitFor(() => expect(server.count(section.listUrl)).toBe(2));
      await settle();
      expect(server.count(section.listUrl)).toBe(2);
    });

    it('a rejected import shows its report and refetches nothing', async () => {
      await chooseFile();
      await server.finish(rejected(REJECTED));
      const report = await screen.findByTestId('import-report');
      expect(report.textContent).toContain(texts.importRejected);
      expect(report.textContent).toContain('必填');
      await settle();
      expect(server.count(section.listUrl)).toBe(1);
    });
  });
}
