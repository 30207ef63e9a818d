// The spreadsheet import as a mutation (issue 27 item 6): an import that succeeded refetches
// exactly the reads its event names — the same the live channel would refetch on hearing it —
// for each list that imports; a rejected import (400 IMPORT_REJECTED) answers its report and
// refetches nothing; any other failure is an error the client has shown, and refetches nothing.
// The real store and client; only the server (the HTTP client's adapter) is replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Message } from '@arco-design/web-react';
import type { ImportReport } from '../contracts/spreadsheet';
import { createStore } from '../store';
import { http } from './client';
import { spreadsheetImports, type SpreadsheetImportEvent } from './files';
import { tagsForEvent } from './invalidation';
import { consoleApi, invalidateApiTags, type ApiTag } from './rtk';

const key = (tag: ApiTag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id ?? ''}`);

const fetches = new Map<string, number>();
const PROBED: ApiTag[] = [
  { type: 'Guide', id: 'LIST' },
  { type: 'Guide', id: 3 },
  { type: 'ScenicSpot', id: 'LIST' },
  { type: 'TeamCapacity', id: 'ALL' },
  { type: 'SystemUser', id: 'LIST' },
  { type: 'SystemRole', id: 'LIST' },
  { type: 'Audit', id: 'LIST' },
];
const probes = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    importProbe: build.query<number, ApiTag>({
      queryFn: (tag) => {
        fetches.set(key(tag), (fetches.get(key(tag)) ?? 0) + 1);
        return { data: fetches.get(key(tag)) ?? 0 };
      },
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

const REPORT: ImportReport = {
  ok: true,
  total: 2,
  imported: 2,
  failedRows: 0,
  errors: [],
  errorCount: 0,
  unknownColumns: [],
};
const REJECTED: ImportReport = {
  ...REPORT,
  ok: false,
  imported: 0,
  failedRows: 1,
  errors: [{ row: 2, field: 'name', column: '姓名', message: '必填', value: '' }],
  errorCount: 1,
};

/** What the server answers the upload: status and envelope. */
let answer: { status: number; body: unknown };
const original = http.defaults.adapter;
let store: ReturnType<typeof createStore>;
const subscriptions: { unsubscribe(): void }[] = [];

beforeEach(async () => {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => ({
    data: answer.body,
    status: answer.status,
    statusText: '',
    headers: {},
    config,
  })) as AxiosAdapter;
  store = createStore();
  for (const tag of PROBED) {
    const sub = store.dispatch(probes.endpoints.importProbe.initiate(tag));
    subscriptions.push(sub);
    await sub;
  }
});
afterEach(() => {
  http.defaults.adapter = original;
  for (const sub of subscriptions.splice(0)) sub.unsubscribe();
  fetches.clear();
  vi.restoreAllMocks();
});

async function refetchedBy(act: () => unknown): Promise<string[]> {
  fetches.clear();
  await act();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return [...fetches.keys()].sort();
}

const upload = (event: SpreadsheetImportEvent) =>
  store
    .dispatch(
      spreadsheetImports.endpoints.importSpreadsheet.initiate({
        url: '/any/import',
        file: new File(['a\n'], 'rows.csv'),
        event,
      }),
    )
    .unwrap();

describe('a spreadsheet import', () => {
  it.each<SpreadsheetImportEvent>([
    { type: 'guide.imported' },
    { type: 'scenic.spot.imported' },
    { type: 'system.user.imported' },
  ])('that succeeded refetches what $type names, as the live channel would', async (event) => {
    answer = { status: 200, body: { code: 20000, msg: 'ok', data: REPORT } };
    let report: ImportReport | undefined;
    const byMutation = await refetchedBy(async () => (report = await upload(event)));
    const byLive = await refetchedBy(() => invalidateApiTags(store.dispatch, tagsForEvent(event)));
    expect(report).toEqual(REPORT);
    expect(byMutation).toEqual(byLive);
    expect(byMutation).toEqual(tagsForEvent(event).map(key).sort());
  });

  it('rejected (400 IMPORT_REJECTED), it answers the report and refetches nothing', async () => {
    const shown = vi.spyOn(Message, 'error');
    answer = {
      status: 400,
      body: { code: 40000, msg: '导入失败', error: 'IMPORT_REJECTED', data: REJECTED },
    };
    let report: ImportReport | undefined;
    const refetched = await refetchedBy(
      async () => (report = await upload({ type: 'guide.imported' })),
    );
    expect(report).toEqual(REJECTED);
    expect(refetched).toEqual([]);
    // The dialog shows the report; no message on top of it.
    expect(shown).not.toHaveBeenCalled();
  });

  it('failed otherwise, it is an error the client has shown, and refetches nothing', async () => {
    const shown = vi.spyOn(Message, 'error');
    answer = {
      status: 413,
      body: { code: 41300, msg: '文件过大', error: 'PAYLOAD_TOO_LARGE', data: null },
    };
    let failure: unknown;
    const refetched = await refetchedBy(() =>
      upload({ type: 'scenic.spot.imported' }).catch((error: unknown) => (failure = error)),
    );
    expect(failure).toMatchObject({ status: 413, message: '文件过大' });
    expect(refetched).toEqual([]);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ content: '文件过大' }));
  });
});
