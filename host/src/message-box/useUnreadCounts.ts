// The bell's unread counts, polled (live push arrives with the dashboard; issue #4): an RTK
// Query subscription; a change anywhere invalidates the `UnreadCounts` tag and it counts again.
import { useCallback } from 'react';
import type { UnreadCounts } from '@console/shared/contracts/message';
import { invalidateApiTags, useUnreadCountsQuery } from '@console/shared/api';
import { store } from '@console/shared/store';

export const POLL_INTERVAL_MS = 30_000;
const EMPTY: UnreadCounts = { message: 0, notice: 0, todo: 0 };

/** Lets other places (the messages page) tell the bell to count again after a change. */
export function refreshUnreadCounts(): void {
  invalidateApiTags(store.dispatch, ['UnreadCounts', { type: 'Message', id: 'LIST' }]);
}

export function useUnreadCounts(): { counts: UnreadCounts; refresh: () => void } {
  const query = useUnreadCountsQuery(undefined, { pollingInterval: POLL_INTERVAL_MS });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { counts: query.data ?? EMPTY, refresh };
}
