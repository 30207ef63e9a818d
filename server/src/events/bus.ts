// Live events: published by services after their transaction commits (issue #16, part 1).
// PostgreSQL: pg_notify inside the write's transaction (delivered by the server at commit,
// to every instance's LISTEN connection). PGlite: an in-process bus that delivers after the
// transaction resolved. Payloads stay small: an event type and ids, never row contents.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/types';

export const EVENTS_CHANNEL = 'console_events';

/** `userIds: 'all'` for a notice to everyone keeps the payload small (pg_notify caps it at 8000 bytes). */
export type LiveEvent = { type: 'message.created'; userIds: number[] | 'all' };

export type Emit = (event: LiveEvent) => void;

export interface EventBus {
  /**
   * Runs `work` in one transaction; events emitted inside reach subscribers only once it
   * committed (a rolled-back transaction publishes nothing).
   */
  transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as LiveEvent;
    if (
      value &&
      value.type === 'message.created' &&
      (Array.isArray(value.userIds) || value.userIds === 'all')
    )
      return value;
  } catch {
    /* not ours */
  }
  return null;
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

/** PostgreSQL: pg_notify in the transaction, one LISTEN connection per instance. */
export async function createPgBus(databaseUrl: string): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (msg) => {
    if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
    const event = parseEvent(msg.payload);
    if (event) emitter.emit('event', event);
  });
  // A lost LISTEN connection must not crash the process; events stop until restart.
  listener.on('error', () => undefined);
  await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
  return {
    async transaction(db, work) {
      return db.transaction(async (tx) => {
        const pending: LiveEvent[] = [];
        const result = await work(tx, (event) => pending.push(event));
        for (const event of pending) {
          await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
        }
        return result;
      });
    },
    subscribe(fn) {
      emitter.on('event', fn);
      return () => emitter.off('event', fn);
    },
    async close() {
      emitter.removeAllListeners();
      await listener.end();
    },
  };
}
