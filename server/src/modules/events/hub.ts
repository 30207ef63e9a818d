// The live stream's fan-out on one server instance (issue #16, part 1): takes the events the
// bus delivers (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL), numbers them, keeps the
// last ones for `Last-Event-ID` resume, and writes each to the open streams whose session may
// see it. A stream whose client does not read is dropped once its unsent data passes a bound;
// sessions are checked again when the bus says they changed, and every so often; a stream
// whose session ended is told why (`session.ended`), then closed (issue 26 item 15).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  hasPermission,
  LIVE_EVENT_ACCESS,
  LIVE_STREAM,
  type LiveEvent,
  type SessionEndReason,
  type StreamedEvent,
  type StreamFrame,
} from '@console/shared';
import type { EventBus } from '../../events/bus';

export interface StreamSession {
  sessionId: number;
  userId: number;
  permissions: string[];
}

/** Looks up open streams' sessions: their current permissions, or null when one ended. */
export type SessionCheck = (
  sessionIds: number[],
) => Promise<Map<number, { userId: number; permissions: string[] } | null>>;

export interface HubOptions {
  backlog?: number;
  maxBufferedBytes?: number;
  heartbeatMs?: number;
  loadCoalesceMs?: number;
  sessionRecheckMs?: number;
}

export type DropReason = 'slow' | 'session' | 'closed';

interface Connection extends StreamSession {
  res: ServerResponse;
  open: boolean;
}

interface Numbered {
  seq: number;
  event: LiveEvent;
}

export class LiveHub {
  /** Distinguishes this instance's (and this run's) event ids from any other's. */
  readonly epoch = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly backlog: Numbered[] = [];
  private readonly connections = new Set<Connection>();
  private readonly lastLoad = new Map<number, number>();
  private readonly pendingLoad = new Map<number, NodeJS.Timeout>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: Array<() => void> = [];
  private readonly opts: Required<HubOptions>;
  /** Counters for tests and the bench. */
  readonly stats = { dropped: { slow: 0, session: 0, closed: 0 } as Record<DropReason, number> };

  constructor(
    bus: EventBus,
    private readonly checkSessions: SessionCheck,
    options: HubOptions = {},
  ) {
    this.opts = {
      backlog: options.backlog ?? LIVE_STREAM.backlog,
      maxBufferedBytes: options.maxBufferedBytes ?? LIVE_STREAM.maxBufferedBytes,
      heartbeatMs: options.heartbeatMs ?? LIVE_STREAM.heartbeatMs,
      loadCoalesceMs: options.loadCoalesceMs ?? LIVE_STREAM.loadCoalesceMs,
      sessionRecheckMs: options.sessionRecheckMs ?? LIVE_STREAM.sessionRecheckMs,
    };
    this.unsubscribe.push(bus.subscribe((event) => this.receive(event)));
    // Events published while the LISTEN connection was down are lost: tell every browser.
    if (bus.onReconnect) this.unsubscribe.push(bus.onReconnect(() => this.resyncAll()));
    const heartbeat = setInterval(() => this.heartbeat(), this.opts.heartbeatMs);
    const recheck = setInterval(() => void this.recheck(), this.opts.sessionRecheckMs);
    heartbeat.unref();
    recheck.unref();
    this.timers.push(heartbeat, recheck);
  }

  get size(): number {
    return this.connections.size;
  }

  /** The open streams' sessions and the permissions their events are filtered by now. */
  streams(): StreamSession[] {
    return [...this.connections].map(({ sessionId, userId, permissions }) => ({
      sessionId,
      userId,
      permissions: [...permissions],
    }));
  }

  /** The id of the newest event (what a client that saw everything would send back). */
  get lastId(): string {
    return `${this.epoch}-${this.seq}`;
  }

  /**
   * Starts a stream on a raw response: headers, the replay after `lastEventId` (or `resync`
   * when it cannot be resumed), then live events until the client leaves or is dropped.
   */
  attach(res: ServerResponse, session: StreamSession, lastEventId: string | undefined): void {
    const conn: Connection = { ...session, res, open: true };
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // `retry:` sets EventSource's own reconnect delay; the first comment flushes the headers.
    res.write(`retry: ${LIVE_STREAM.retryMinMs}\n: connected ${this.lastId}\n\n`);
    this.connections.add(conn);
    res.on('close', () => this.remove(conn, 'closed'));
    if (lastEventId !== undefined) this.replay(conn, lastEventId);
  }

  /** Ends every stream and stops the timers (server shutdown). */
  close(): void {
    for (const t of this.timers) clearInterval(t);
    for (const t of this.pendingLoad.values()) clearTimeout(t);
    this.pendingLoad.clear();
    for (const off of this.unsubscribe) off();
    for (const conn of [...this.connections]) this.drop(conn, 'closed');
  }

  /**
   * Checks the open streams of `userIds` (or all) against their sessions now; one whose session
   * ended gets `session.ended` with `reason` as its last frame.
   */
  async recheck(userIds?: readonly number[], reason: SessionEndReason = 'ended'): Promise<void> {
    const conns = [...this.connections].filter((c) => !userIds || userIds.includes(c.userId));
    if (conns.length === 0) return;
    let states: Awaited<ReturnType<SessionCheck>>;
    try {
      states = await this.checkSessions([...new Set(conns.map((c) => c.sessionId))]);
    } catch {
      return; // the database is away: keep the streams, the next check decides
    }
    for (const conn of conns) {
      const state = states.get(conn.sessionId);
      if (state) conn.permissions = state.permissions;
      else {
        const ended: StreamFrame = { type: 'session.ended', reason };
        this.write(conn, `data: ${JSON.stringify(ended)}\n\n`);
        this.drop(conn, 'session');
      }
    }
  }

  /** Takes one event from the bus (tests and the bench call it directly, past the bus). */
  receive(event: LiveEvent): void {
    if (event.type === 'session.changed') {
      void this.recheck(event.userIds, event.reason);
      return;
    }
    if (event.type === 'scenic.load.changed') {
      this.coalesceLoad(event.spotId);
      return;
    }
    this.publish(event);
  }

  /** Whether a trailing `scenic.load.changed` of the spot waits for its period to pass. */
  loadPending(spotId: number): boolean {
    return this.pendingLoad.has(spotId);
  }

  /** At most one `scenic.load.changed` per spot per period: the first at once, then one trailing. */
  private coalesceLoad(spotId: number): void {
    if (this.pendingLoad.has(spotId)) return;
    const now = Date.now();
    const wait = (this.lastLoad.get(spotId) ?? -Infinity) + this.opts.loadCoalesceMs - now;
    const send = () => {
      this.pendingLoad.delete(spotId);
      this.lastLoad.set(spotId, Date.now());
      this.publish({ type: 'scenic.load.changed', spotId });
    };
    if (wait <= 0) send();
    else {
      const timer = setTimeout(send, wait);
      timer.unref();
      this.pendingLoad.set(spotId, timer);
    }
  }

  private publish(event: LiveEvent): void {
    const numbered = { seq: ++this.seq, event };
    this.backlog.push(numbered);
    if (this.backlog.length > this.opts.backlog) this.backlog.shift();
    let frame: string | null = null;
    for (const conn of this.connections) {
      if (!allowed(conn, event)) continue;
      frame ??= this.frame(numbered);
      this.write(conn, frame);
    }
  }

  private replay(conn: Connection, lastEventId: string): void {
    const match = /^([0-9a-f]{8})-(\d{1,15})$/.exec(lastEventId);
    const seen = match && match[1] === this.epoch ? Number(match[2]) : null;
    const oldest = this.backlog[0]?.seq ?? this.seq + 1;
    // Resumable: this instance's id, and nothing after it has left the backlog.
    if (seen === null || seen > this.seq || seen + 1 < oldest) {
      this.write(conn, `id: ${this.lastId}\ndata: ${JSON.stringify({ type: 'resync' })}\n\n`);
      return;
    }
    for (const n of this.backlog) {
      if (n.seq > seen && allowed(conn, n.event)) this.write(conn, this.frame(n));
    }
  }

  private resyncAll(): void {
    const frame = `id: ${this.lastId}\ndata: ${JSON.stringify({ type: 'resync' })}\n\n`;
    for (const conn of this.connections) this.write(conn, frame);
  }

  private heartbeat(): void {
    for (const conn of this.connections) this.write(conn, ': ping\n\n');
  }

  private frame(n: Numbered): string {
    return `id: ${this.epoch}-${n.seq}\ndata: ${JSON.stringify(streamed(n.event))}\n\n`;
  }

  /** Writes unless the client is too slow: unsent data past the bound drops the stream. */
  private write(conn: Connection, chunk: string): void {
    if (!conn.open) return;
    if (conn.res.writableLength + chunk.length > this.opts.maxBufferedBytes) {
      this.drop(conn, 'slow');
      return;
    }
    conn.res.write(chunk);
  }

  private drop(conn: Connection, reason: DropReason): void {
    if (!conn.open) return;
    this.remove(conn, reason);
    // A slow client's buffered data is thrown away; others get a clean end of stream.
    if (reason === 'slow') conn.res.destroy();
    else conn.res.end();
  }

  private remove(conn: Connection, reason: DropReason): void {
    if (!conn.open) return;
    conn.open = false;
    this.connections.delete(conn);
    this.stats.dropped[reason]++;
  }
}

function allowed(conn: StreamSession, event: LiveEvent): boolean {
  const access = LIVE_EVENT_ACCESS[event.type];
  if (access === null) return false;
  if (access === 'recipient') {
    return (
      event.type === 'message.created' &&
      (event.userIds === 'all' || event.userIds.includes(conn.userId))
    );
  }
  return hasPermission(conn.permissions, access);
}

/** What the browser sees: the event without its recipient list. */
function streamed(event: LiveEvent): StreamedEvent {
  if (event.type === 'message.created') return { type: 'message.created' };
  return event as StreamedEvent;
}
