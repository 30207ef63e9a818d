// Issue 27 item 6: verifying the audit chain is a mutation whose `invalidatesTags` come from the
// one event → tag mapping: the verification is itself recorded, so the log's pages refetch
// (`audit.verified`) and nothing else, as the live channel would on hearing it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createStore } from '@console/shared/store';
import { systemWrites } from '../../api';
import { asLiveEvent, cacheReads, refetchedBy } from '../../test/refresh';
import { fakeServer, ok, restoreServer, type Received } from '../../test/server';

let received: Received[] = [];
let store: ReturnType<typeof createStore>;
let release: () => void = () => {};

beforeEach(async () => {
  received = fakeServer(() => ok({ ok: true, checked: 12, brokenAt: null }));
  store = createStore();
  release = await cacheReads(store);
});
afterEach(() => {
  release();
  restoreServer();
});

it('a verification refetches the log’s pages only, as the live channel would', async () => {
  const byMutation = await refetchedBy(received, () =>
    store.dispatch(systemWrites.endpoints.verifyAudit.initiate()).unwrap(),
  );
  expect(byMutation).toEqual(
    await refetchedBy(received, asLiveEvent(store, { type: 'audit.verified' })),
  );
  expect(byMutation).toEqual(['/audit']);
});
