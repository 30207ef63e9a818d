// The bell's unread counts, polled (live push arrives with the dashboard; issue #4).
import { useCallback, useEffect, useState } from 'react';
import type { UnreadCounts } from '@console/shared/contracts/message';
import { messagesApi } from '@console/shared/api';

export const POLL_INTERVAL_MS = 30_000;
const EMPTY: UnreadCounts = { message: 0, notice: 0, todo: 0 };

const listeners = new Set<() => void>();

/** Lets other places (the messages page) tell the bell to count again after a change. */
export function refreshUnreadCounts(): void {
  listeners.forEach((l) => l());
}

export function useUnreadCounts(): { counts: UnreadCounts; refresh: () => void } {
  const [counts, setCounts] = useState<UnreadCounts>(EMPTY);
  const refresh = useCallback(() => {
    messagesApi.unread().then(setCounts, () => undefined);
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, POLL_INTERVAL_MS);
    listeners.add(refresh);
    return () => {
      clearInterval(timer);
      listeners.delete(refresh);
    };
  }, [refresh]);
  return { counts, refresh };
}
