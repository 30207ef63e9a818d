// What the system section's refresh tests share (issue 27 item 6): a store holding the
// section's reads, cached as the pages cache them, and a count of which of them fetch again
// after a write — compared with what the live channel refetches on hearing the write's event.
import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { invalidateApiTags, tagsForEvent, type DomainEvent } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import { systemQueries } from '../api';
import { userQueries } from '../usersApi';
import { backupQueries } from '../pages/backup-restore/api';
import { CATEGORY } from './fixtures';
import { fakeServer, restoreServer, type Answer, type Received } from './server';

type Store = ReturnType<typeof createStore>;

/**
 * Caches the section's reads in `store` as the pages cache them (the lists, one user's
 * sessions and another's, the log, the config, a dictionary category, the backups); the
 * returned function lets them go.
 */
export async function cacheReads(store: Store): Promise<() => void> {
  const { dispatch } = store;
  const users = userQueries.endpoints;
  const system = systemQueries.endpoints;
  const backups = backupQueries.endpoints;
  const subs = [
    dispatch(users.systemUsers.initiate({ current: 1, pageSize: 10 })),
    dispatch(users.systemUserSessions.initiate(9)),
    dispatch(users.systemUserSessions.initiate(10)),
    dispatch(users.systemRoles.initiate({ current: 1, pageSize: 100 })),
    dispatch(system.auditPage.initiate({ pageSize: 20 })),
    dispatch(system.systemConfig.initiate()),
    dispatch(system.propertyCategories.initiate()),
    dispatch(system.propertyItemsAdmin.initiate(CATEGORY.code)),
    dispatch(backups.backups.initiate({ current: 1, pageSize: 10 })),
    dispatch(backups.backupStatus.initiate()),
  ];
  await Promise.all(subs);
  return () => subs.forEach((sub) => sub.unsubscribe());
}

/** The URLs read again after `act` (the refetches settle meanwhile), each once, sorted. */
export async function refetchedBy(received: Received[], act: () => unknown): Promise<string[]> {
  await settle();
  const from = received.length;
  await act();
  await settle();
  const urls = received.slice(from).filter((r) => r.method === 'get');
  return [...new Set(urls.map((r) => r.url))].sort();
}

/** Lets the requests under way answer and the cache take them. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** What the live channel does when it hears `event`: invalidate the event's tags. */
export const asLiveEvent = (store: Store, event: DomainEvent) => () =>
  invalidateApiTags(store.dispatch, tagsForEvent(event));

/**
 * The set-up every refresh test of the section shares: before each test, the server answering
 * the fixtures' reads (`reads` some otherwise) and `write(request)` to a write, and a fresh store
 * with the section's reads cached; after it, all undone. The view answers the running test's
 * store and requests; `refetched(act)` the URLs read again after `act`, `byLive(event)` those
 * the live channel reads again on hearing `event`.
 */
export function sectionUnderTest(
  write: (request: Received) => Answer,
  reads?: (url: string) => unknown,
) {
  let received: Received[] = [];
  let store: Store;
  let release: () => void = () => {};
  beforeEach(async () => {
    received = fakeServer(write, reads);
    store = createStore();
    release = await cacheReads(store);
  });
  afterEach(() => {
    cleanup();
    release();
    restoreServer();
  });
  return {
    get store() {
      return store;
    },
    get received() {
      return received;
    },
    refetched: (act: () => unknown) => refetchedBy(received, act),
    byLive: (event: DomainEvent) => refetchedBy(received, asLiveEvent(store, event)),
  };
}
