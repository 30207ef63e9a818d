// What the host's write-refresh tests run on (issue 27 item 6): the real store, pages and
// mutations, the server replaced at the HTTP client's adapter, and reads that each provide one
// tag and count their fetches — so a test sees exactly which cached reads a write makes stale,
// and compares them with what the live channel refetches on hearing the same event.
import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { ApiTag, DomainEvent } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import {
  fakeServer,
  restoreServer,
  type Answer,
  type Received,
} from '@console/shared/testing/fake-server';
import { probeTags } from '@console/shared/testing/tag-probes';
import zhCN from '../locale/zh-CN';
import consoleZhCN from '../locale/console/zh-CN';

export { ok, refused, type Answer } from '@console/shared/testing/fake-server';

const MESSAGES = { ...zhCN, ...consoleZhCN };

export type Store = ReturnType<typeof createStore>;

/**
 * The set-up every host write-refresh test shares: before each test, the server answering
 * `reads(url)` and `answer()` to a write, and a fresh store with a counting read on each of the
 * `probed` tags; after it, all undone. The view answers the running test's store and requests;
 * `refetchedBy(act)` the probed tags that fetched again after `act`, `byLive(event)` those the
 * live channel refetches on hearing `event`, `writes()` the writes received.
 */
export function hostUnderTest(options: {
  reads: (url: string) => unknown;
  answer: () => Answer;
  probed: ApiTag[];
}) {
  let received: Received[] = [];
  let store: Store;
  let probe: Awaited<ReturnType<typeof probeTags>>;
  beforeEach(async () => {
    received = fakeServer(options.reads, () => options.answer());
    store = createStore();
    probe = await probeTags(store, options.probed);
  });
  afterEach(() => {
    cleanup();
    probe.stop();
    restoreServer();
  });
  return {
    get store() {
      return store;
    },
    get received() {
      return received;
    },
    refetchedBy: (act: () => unknown) => probe.refetchedBy(act),
    byLive: (event: DomainEvent) => probe.refetchedBy(probe.asLiveEvent(event)),
    writes: () => received.filter((r) => r.method !== 'get'),
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
