// A lost database connection (a backend terminated, PostgreSQL restarting, the network gone)
// is not the caller's fault: the answer is 503 DATABASE_UNAVAILABLE with Retry-After, and a
// read that lost its connection is tried once more on a fresh one (issue #12 point 6). Writes
// are never retried here: whether a lost COMMIT took effect cannot be known.
import type pg from 'pg';

// SQLSTATE class 08 (connection exception); 57P01–57P03 (backend terminated, crash shutdown,
// cannot connect now); 53300 (too many connections).
const LOST_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const LOST_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// node-postgres reports a socket that closed under a query by message only.
const LOST_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i;

/** Whether an error (or an error it wraps, e.g. Drizzle's) is a lost database connection. */
export function isConnectionLoss(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_SQLSTATE.test(code) || LOST_ERRNO.has(code))) {
      return true;
    }
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const READ = /^\s*select\b/i;
const LOCKING_READ = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;

/** A statement that only reads (a plain SELECT, not one that locks rows). */
function isRead(config: unknown): boolean {
  const text =
    typeof config === 'string'
      ? config
      : config && typeof config === 'object' && 'text' in config
        ? (config as { text: unknown }).text
        : undefined;
  return typeof text === 'string' && READ.test(text) && !LOCKING_READ.test(text);
}

/**
 * A checked-out client (inside a transaction) has no pool listener: when its connection ends
 * between two of its queries, node-postgres emits 'error' on it, and an 'error' without a
 * listener ends the process. The query that was waiting still fails with the loss (→ 503).
 */
export function keepClientsFromCrashing(pool: pg.Pool, onLost: (err: Error) => void): void {
  pool.on('connect', (client) => {
    client.on('error', onLost);
  });
}

/**
 * Retries, once, a read sent through the pool (outside any transaction: transactions check a
 * client out and are never retried) whose connection was lost; the pool has dropped the broken
 * connection, so the second try runs on a fresh one.
 */
export function retryLostReadsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    try {
      return await query(...args);
    } catch (err) {
      if (!isRead(args[0]) || !isConnectionLoss(err)) throw err;
      return query(...args);
    }
  }) as unknown as pg.Pool['query'];
}
