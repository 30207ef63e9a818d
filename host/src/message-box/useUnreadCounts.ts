// The bell's unread counts, pushed (issue #16): an RTK Query subscription whose `UnreadCounts`
// tag the live channel invalidates when a message arrives, so it counts again within a second.
// A slow poll stays as a safety net; while the stream is blocked it polls as it used to.
import { useCallback } from 'react';
import type { UnreadCounts } from '@console/shared/contracts/message';
import { useLiveEvents, useUnreadCountsQuery } from '@console/shared/api';

/** Polling while push is unavailable (the stream is blocked or still connecting). */
export const POLL_INTERVAL_MS = 30_000;
/** The safety-net poll while the live stream is open. */
export const LIVE_POLL_INTERVAL_MS = 5 * 60_000;
const EMPTY: UnreadCounts = { message: 0, notice: 0, todo: 0 };

export function useUnreadCounts(): { counts: UnreadCounts; refresh: () => void } {
  const live = useLiveEvents();
  const query = useUnreadCountsQuery(undefined, {
    pollingInterval: live === 'open' ? LIVE_POLL_INTERVAL_MS : POLL_INTERVAL_MS,
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { counts: query.data ?? EMPTY, refresh };
}
