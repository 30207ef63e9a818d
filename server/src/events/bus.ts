// Live events: published by services after their transaction commits (issue #16, part 1).
// PostgreSQL: pg_notify inside the write's transaction (delivered by the server at commit,
// to every instance's LISTEN connection). PGlite: an in-process bus that delivers after the
// transaction resolved. Payloads stay small: an event type and ids, never row contents.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { liveEventSchema, type LiveEvent } from '@console/shared';
import type { Db, Tx } from '../db/types';
import { eventsDelivered, type EventDelivered } from '../lib/ops-channels';

export const EVENTS_CHANNEL = 'console_events';

/**
 * The event types live in the shared contract (`shared/src/contracts/events.ts`).
 * `userIds: 'all'` for a notice to everyone keeps the payload small (pg_notify caps it at 8000 bytes).
 */
export type { LiveEvent };

export type Emit = (event: LiveEvent) => void;

export interface EventBus {
  /**
   * Runs `work` in one transaction; events emitted inside reach subscribers only once it
   * committed (a rolled-back transaction publishes nothing).
   */
  transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Called after a lost cross-instance connection came back (events may have been missed). */
  onReconnect?(listener: () => void): () => void;
  /**
   * This instance's own events, as soon as their transaction committed and before
   * `transaction` returns (what must hold for the writer's very next request: a session
   * signed out). Absent where `subscribe` already hears them so (in-process delivery).
   */
  onCommitted?(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

function parseEvent(payload: string): LiveEvent | null {
  try {
    const raw = JSON.parse(payload) as { at?: unknown };
    const parsed = liveEventSchema.safeParse(raw);
    if (!parsed.success) return null;
    // `at`: when it was published (the operator's event-bus lag, plugins/metrics.ts).
    if (typeof raw.at === 'number' && eventsDelivered.hasSubscribers) {
      const delivered: EventDelivered = {
        type: parsed.data.type,
        lagSeconds: Math.max(0, Date.now() - raw.at) / 1000,
      };
      eventsDelivered.publish(delivered);
    }
    return parsed.data;
  } catch {
    return null; // not ours
  }
}

/** PGlite (one process per database): delivers in-process after commit. */
export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async transaction(db, work) {
      const pending: LiveEvent[] = [];
      const result = await db.transaction((tx) => work(tx, (event) => pending.push(event)));
      for (const event of pending) emitter.emit('event', event);
      return result;
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface PgBusOptions {
  /** Reconnect back-off of the LISTEN connection: first delay and ceiling. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** Told about a lost LISTEN connection and each reconnect (the server's log). */
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * PostgreSQL: pg_notify in the transaction, one LISTEN connection per instance. A lost LISTEN
 * connection is opened again with exponential back-off (events published meanwhile are missed;
 * the streams tell their browsers to `resync` when they reconnect).
 */
export async function createPgBus(
  databaseUrl: string,
  options: PgBusOptions = {},
): Promise<
  EventBus &
    Required<Pick<EventBus, 'onCommitted'>> & { reconnects(): number; listener(): pg.Client | null }
> {
  const retryMin = options.retryMinMs ?? 250;
  const retryMax = options.retryMaxMs ?? 10_000;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let reconnects = 0;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    // A lost LISTEN connection must not crash the process: it is opened again.
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, null));
    c.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      const event = parseEvent(msg.payload);
      if (event) emitter.emit('event', event);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };

  const schedule = (delay: number) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().then(
        () => {
          reconnects++;
          options.log?.info({ reconnects }, 'live events: LISTEN connection restored');
          emitter.emit('reconnected');
        },
        () => schedule(Math.min(retryMax, delay * 2)),
      );
    }, delay);
    retryTimer.unref();
  };

  const lost = (c: pg.Client, err: unknown) => {
    if (closed || client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    options.log?.warn({ err }, 'live events: LISTEN connection lost; reconnecting');
    schedule(retryMin);
  };

  await listen();
  return {
    async transaction(db, work) {
      const pending: LiveEvent[] = [];
      const result = await db.transaction(async (tx) => {
        pending.length = 0;
        const result = await work(tx, (event) => pending.push(event));
        for (const event of pending) {
          const payload = JSON.stringify({ ...event, at: Date.now() });
          await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
        }
        return result;
      });
      for (const event of pending) emitter.emit('committed', event);
      return result;
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    onReconnect(fn) {
      emitter.on('reconnected', fn);
      return () => emitter.off('reconnected', fn);
    },
    onCommitted(fn) {
      emitter.on('committed', fn);
      return () => emitter.off('committed', fn);
    },
    reconnects: () => reconnects,
    listener: () => client,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
