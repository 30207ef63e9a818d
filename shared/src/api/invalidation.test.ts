// One event → tags mapping for the live channel and the writes (issue 27 item 6): a guide
// assigned by a mutation makes exactly the reads stale that the same assignment heard on the
// live channel does — on the real store, with reads that count their fetches; only the server
// (the HTTP client's adapter) and the browser's EventSource are replaced.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { StreamedEvent } from '../contracts/events';
import { store } from '../store';
import { assignmentWrites } from './assignments';
import { http } from './client';
import { refusedAsStale, tagsForEvent, tagsForEvents } from './invalidation';
import { subscribeLiveEvents } from './live';
import { consoleApi, type ApiTag } from './rtk';

/** The browser's event stream, pushed by the test. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close() {}
  push(event: StreamedEvent, id: string) {
    this.onmessage?.({ data: JSON.stringify(event), lastEventId: id });
  }
}

const key = (tag: ApiTag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id ?? ''}`);

/** Reads that each provide one tag and count their fetches. */
const fetches = new Map<string, number>();
const PROBED: ApiTag[] = [
  { type: 'Team', id: 7 },
  { type: 'Team', id: 8 },
  { type: 'Team', id: 'LIST' },
  { type: 'TeamLog', id: 7 },
  { type: 'TeamCapacity', id: 'ALL' },
  { type: 'Allocation', id: 'ALL' },
  { type: 'Guide', id: 3 },
  { type: 'Guide', id: 4 },
  { type: 'Guide', id: 'LIST' },
  { type: 'Dashboard', id: 'WORKPLACE' },
  { type: 'ScenicSpot', id: 'LIST' },
  { type: 'TeamTemplate', id: 'LIST' },
];
const probes = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<number, ApiTag>({
      queryFn: (tag) => {
        const n = (fetches.get(key(tag)) ?? 0) + 1;
        fetches.set(key(tag), n);
        return { data: n };
      },
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

const ASSIGNED = {
  teamId: 7,
  status: 'allocated',
  version: 4,
  assignment: { id: 11, guideId: 3 },
};

const original = http.defaults.adapter;
const unsubscribe: (() => void)[] = [];
beforeAll(async () => {
  vi.stubGlobal('EventSource', FakeEventSource);
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => ({
    data: { code: 20000, msg: 'ok', data: ASSIGNED },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  })) as AxiosAdapter;
  for (const tag of PROBED) {
    const sub = store.dispatch(probes.endpoints.probe.initiate(tag));
    unsubscribe.push(() => sub.unsubscribe());
    await sub;
  }
});
afterAll(() => {
  for (const fn of unsubscribe) fn();
  http.defaults.adapter = original;
  vi.unstubAllGlobals();
});
afterEach(() => fetches.clear());

/** The probed reads that fetched again after `act`. */
async function refetchedBy(act: () => unknown): Promise<string[]> {
  fetches.clear();
  await act();
  // The live channel batches its invalidations (150 ms); a refetch settles after that.
  await new Promise((resolve) => setTimeout(resolve, 400));
  return [...fetches.keys()].sort();
}

describe('the live channel and the writes share one mapping', () => {
  it('a guide assigned by the mutation refreshes what the live event refreshes', async () => {
    const byMutation = await refetchedBy(() =>
      store
        .dispatch(
          assignmentWrites.endpoints.assignGuide.initiate({
            teamId: 7,
            body: { guideId: 3, role: 'local_guide', from: '2027-03-01', to: '2027-03-03' },
          }),
        )
        .unwrap(),
    );
    const stop = subscribeLiveEvents();
    const byLiveEvent = await refetchedBy(() =>
      FakeEventSource.last!.push({ type: 'team.assignment.made', teamId: 7, guideId: 3 }, '1'),
    );
    stop();

    expect(byMutation).toEqual(byLiveEvent);
    // The team page's reads (the team, its log, the lists), the allocation page's, the
    // guide's; not another team's or guide's, nor unrelated ones.
    expect(byMutation).toEqual(
      [
        'Team:7',
        'TeamLog:7',
        'Team:LIST',
        'Allocation:ALL',
        'Guide:3',
        'Guide:LIST',
        'Dashboard:WORKPLACE',
      ].sort(),
    );
  });

  it('a refused write leaves the cache alone', async () => {
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => ({
      data: { code: 40901, msg: '导游已被占用', error: 'GUIDE_BUSY', data: null },
      status: 409,
      statusText: 'Conflict',
      headers: {},
      config,
    })) as AxiosAdapter;
    const refetched = await refetchedBy(() =>
      store
        .dispatch(
          assignmentWrites.endpoints.assignGuide.initiate({
            teamId: 7,
            body: { guideId: 3, role: 'local_guide', from: '2027-03-01', to: '2027-03-03' },
            silent: true,
          }),
        )
        .then((r) => {
          // The caller reads the refusal as it read the HTTP error: status, code, text.
          expect(r.error).toMatchObject({
            status: 409,
            code: 'GUIDE_BUSY',
            message: '导游已被占用',
          });
        }),
    );
    expect(refetched).toEqual([]);
  });
});

describe('tagsForEvents', () => {
  it('names each tag once across events (a replacement: one guide off, one on)', () => {
    const tags = tagsForEvents([
      { type: 'team.assignment.removed', teamId: 7, guideId: 4 },
      { type: 'team.assignment.made', teamId: 7, guideId: 3 },
    ]).map(key);
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags).toContain('Guide:4');
    expect(tags).toContain('Guide:3');
  });

  it('a missed stretch of events (resync) makes every kind of read stale', () => {
    expect(tagsForEvent({ type: 'resync' })).toContain('Allocation');
  });
});

describe('refusedAsStale', () => {
  it('a stale version (or a code named) says the page is stale; a field refused does not', () => {
    expect(refusedAsStale({ code: 'STALE_VERSION' })).toBe(true);
    expect(refusedAsStale({ code: 'VALIDATION_FAILED' })).toBe(false);
    expect(refusedAsStale({})).toBe(false);
    expect(refusedAsStale({ code: 'ROLE_IN_USE' }, ['STALE_VERSION', 'ROLE_IN_USE'])).toBe(true);
    expect(refusedAsStale({ code: 'STALE_VERSION' }, ['ROLE_IN_USE'])).toBe(false);
  });

  it('a restore makes every kind of read stale, as a resync does', () => {
    expect(tagsForEvent({ type: 'backup.restored' })).toEqual(tagsForEvent({ type: 'resync' }));
  });
});
