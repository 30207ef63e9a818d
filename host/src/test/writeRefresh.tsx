// What the host's write-refresh tests run on (issue 27 item 6): the real store, pages and
// mutations, the server replaced at the HTTP client's adapter, and reads that each provide one
// tag and count their fetches — so a test sees exactly which cached reads a write makes stale,
// and compares them with what the live channel refetches on hearing the same event.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import {
  consoleApi,
  http,
  invalidateApiTags,
  tagsForEvent,
  type ApiTag,
  type DomainEvent,
} from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../locale/zh-CN';
import consoleZhCN from '../locale/console/zh-CN';

const MESSAGES = { ...zhCN, ...consoleZhCN };

export type Store = ReturnType<typeof createStore>;

export interface Received {
  method: string;
  url: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A success as the server sends it: the envelope around `data`. */
export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { code: 20000, msg: 'ok', data },
});

/** A refusal as the server sends it: `error` is the stable code, `fields` its field errors. */
export const refused = (
  status: number,
  error: string,
  msg: string,
  extra: { fields?: { path: string; message: string }[]; data?: unknown } = {},
): Answer => ({
  status,
  body: { code: status * 100, msg, error, data: extra.data ?? null, fields: extra.fields },
});

const original = http.defaults.adapter;

/**
 * Replaces the server until `restoreServer`: reads answer `reads(url)`, writes `write(request)`.
 * Returns the requests it receives.
 */
export function fakeServer(
  reads: (url: string) => unknown,
  write: (request: Received) => Answer,
): Received[] {
  const received: Received[] = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const request: Received = {
      method: config.method ?? 'get',
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    received.push(request);
    const { status, body } = request.method === 'get' ? ok(reads(request.url)) : write(request);
    return { data: body, status, statusText: '', headers: {}, config };
  }) as AxiosAdapter;
  return received;
}

export function restoreServer() {
  http.defaults.adapter = original;
}

const key = (tag: ApiTag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id ?? ''}`);

const fetches = new Map<string, number>();
const probes = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    hostRefreshProbe: build.query<number, ApiTag>({
      queryFn: (tag) => {
        fetches.set(key(tag), (fetches.get(key(tag)) ?? 0) + 1);
        return { data: fetches.get(key(tag)) ?? 0 };
      },
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

/**
 * Subscribes a counting read to each tag in `store`. `refetchedBy(act)` answers the probed tags
 * that fetched again after `act` (sorted); `asLiveEvent(event)` does what the live channel does
 * on hearing it; `stop()` ends the subscriptions.
 */
export async function probeTags(store: Store, tags: ApiTag[]) {
  const subscriptions: { unsubscribe(): void }[] = [];
  for (const tag of tags) {
    const sub = store.dispatch(probes.endpoints.hostRefreshProbe.initiate(tag));
    subscriptions.push(sub);
    await sub;
  }
  return {
    async refetchedBy(act: () => unknown): Promise<string[]> {
      fetches.clear();
      await act();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [...fetches.keys()].sort();
    },
    asLiveEvent: (event: DomainEvent) => () =>
      invalidateApiTags(store.dispatch, tagsForEvent(event)),
    stop() {
      for (const sub of subscriptions) sub.unsubscribe();
      fetches.clear();
    },
  };
}

/** Renders a host page or panel in Chinese with the store and a router. */
export function renderHost(ui: ReactElement, store: Store) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={MESSAGES}>
        <MemoryRouter>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

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
