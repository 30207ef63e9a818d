// The live channel in the browser (issue #16, part 1): one EventSource on `GET /api/events`
// per page, however many components listen — a module-level connection with subscribers,
// opened by the first and closed after the last. It reconnects with back-off (resuming after
// the last event id), and when the stream stays blocked (a proxy that refuses event streams,
// no EventSource) it reports `polling`, so callers poll as they did before. Every event it
// receives invalidates the cached reads it concerns (`invalidateApiTags`), in small batches —
// the tags `tagsForEvent` names, the same the write endpoints declare (`invalidation.ts`).
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_STREAM, type StreamedEvent, type StreamFrame } from '../contracts/events';
import { tagsForEvent } from './invalidation';
import { invalidateApiTags, type ApiTag } from './rtk';
import { notifyUnauthorized, store } from '../store';

/** `connecting` until the stream first opens; `polling` after it failed that often in a row. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'polling';

export type LiveListener = (event: StreamedEvent) => void;

/** Failed attempts in a row, without ever opening, before callers are told to poll. */
const FAILURES_BEFORE_POLLING = 3;
/** Invalidations of a burst of events go out together after this delay. */
const BATCH_MS = 150;
const URL = '/api/events';

// The event → tags mapping is the mutations' too (`invalidation.ts`); kept importable from here.
export { tagsForEvent };

interface Connection {
  source: EventSource | null;
  retry: ReturnType<typeof setTimeout> | null;
  delay: number;
  failures: number;
  lastEventId: string | null;
}

const listeners = new Set<LiveListener>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'idle';
let conn: Connection | null = null;
let pendingTags: ApiTag[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  for (const fn of statusListeners) fn();
}

function invalidateSoon(tags: ApiTag[]) {
  if (tags.length === 0) return;
  pendingTags.push(...tags);
  flushTimer ??= setTimeout(() => {
    flushTimer = null;
    const tags = pendingTags;
    pendingTags = [];
    invalidateApiTags(store.dispatch, tags);
  }, BATCH_MS);
}

function deliver(event: StreamFrame) {
  if (event.type === 'session.ended') {
    // The server closes the stream after this frame: no reconnect, the page signs out at once
    // and the login page says why (issue 26 item 15).
    stop();
    notifyUnauthorized(event.reason);
    return;
  }
  invalidateSoon(tagsForEvent(event));
  for (const fn of listeners) {
    try {
      fn(event);
    } catch {
      /* one listener's failure does not stop the others */
    }
  }
}

function connect(c: Connection) {
  if (typeof EventSource === 'undefined') {
    setStatus('polling');
    return;
  }
  const url = c.lastEventId ? `${URL}?lastEventId=${encodeURIComponent(c.lastEventId)}` : URL;
  const source = new EventSource(url, { withCredentials: true });
  c.source = source;
  let opened = false;
  source.onopen = () => {
    opened = true;
    c.failures = 0;
    c.delay = LIVE_STREAM.retryMinMs;
    setStatus('open');
  };
  source.onmessage = (e: MessageEvent<string>) => {
    if (e.lastEventId) c.lastEventId = e.lastEventId;
    try {
      deliver(JSON.parse(e.data) as StreamFrame);
    } catch {
      /* not an event of ours */
    }
  };
  source.onerror = () => {
    // Our own back-off instead of EventSource's fixed retry, so a refused stream (signed out,
    // blocked) is not asked again every second; the next attempt resumes after the last id.
    source.close();
    if (c.source !== source) return;
    c.source = null;
    if (!opened) c.failures++;
    setStatus(c.failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'connecting');
    const jitter = Math.random() * c.delay * 0.2;
    c.retry = setTimeout(() => {
      c.retry = null;
      if (conn === c) connect(c);
    }, c.delay + jitter);
    c.delay = Math.min(LIVE_STREAM.retryMaxMs, c.delay * 2);
  };
}

function start() {
  if (conn) return;
  conn = {
    source: null,
    retry: null,
    delay: LIVE_STREAM.retryMinMs,
    failures: 0,
    lastEventId: null,
  };
  setStatus('connecting');
  connect(conn);
}

function stop() {
  if (!conn) return;
  conn.source?.close();
  if (conn.retry) clearTimeout(conn.retry);
  conn = null;
  setStatus('idle');
}

/**
 * Subscribes to the live events of the signed-in session; the connection opens with the first
 * subscriber and closes after the last. Returns the unsubscribe function.
 */
export function subscribeLiveEvents(listener: LiveListener = () => undefined): () => void {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The connection's state now (for tests and non-React callers). */
export function liveStatus(): LiveStatus {
  return status;
}

function subscribeStatus(fn: () => void) {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

/**
 * Keeps the page's live connection open while the component is mounted, calls `onEvent` for
 * each event (optional: cached reads are invalidated anyway), and returns the connection's
 * state — `polling` means push is unavailable and the caller should poll as before.
 */
export function useLiveEvents(onEvent?: LiveListener): LiveStatus {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => subscribeLiveEvents((event) => handler.current?.(event)), []);
  return useSyncExternalStore(subscribeStatus, liveStatus, liveStatus);
}
