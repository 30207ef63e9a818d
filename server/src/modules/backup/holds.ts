// How long PGlite's one connection is held, hold by hold: a statement outside a transaction,
// or a whole transaction. Each hold is a time every other request waits (issue 25 point 12:
// nothing one user starts may delay another by more than 200 ms), so a restore is measured by
// its longest one. For the bench and the tests; the product never installs it.
import type { Db } from '../../db/types';

export interface Hold {
  /** The statement (its first 120 characters), or `transaction`. */
  what: string;
  ms: number;
  /**
   * This process's CPU time meanwhile, in ms: PGlite works in this thread, so it is the hold's
   * own work, whatever else the machine runs (its wall time grows with the machine's load).
   */
  cpuMs: number;
  /** When it ended (performance.now()). */
  end: number;
  /** A transaction's statements. */
  statements: { what: string; ms: number }[];
}

interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(fn: (tx: PgliteLike) => Promise<unknown>): Promise<unknown>;
}

const textOf = (sql: unknown) => String(sql).replace(/\s+/g, ' ').trim().slice(0, 120);

/** Wall and CPU time of `work`, in ms. */
async function timing<T>(
  work: () => Promise<T>,
  done: (ms: number, cpuMs: number) => void,
): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await work();
  } finally {
    const { user, system } = process.cpuUsage(cpu);
    done(performance.now() - started, (user + system) / 1000);
  }
}

/**
 * Times every hold of `db`'s PGlite connection from now until `stop()`, which puts the
 * connection's methods back and returns the holds in the order they ended.
 */
export function holdsOf(db: Db): { stop(): Hold[] } {
  const client = (db as unknown as { $client: PgliteLike }).$client;
  const holds: Hold[] = [];
  const original = { query: client.query, exec: client.exec, transaction: client.transaction };
  const timed = (
    fn: (...args: unknown[]) => Promise<unknown>,
    into: (what: string, ms: number, cpuMs: number) => void,
  ) =>
    function (this: unknown, ...args: unknown[]) {
      return timing(
        () => fn.apply(this, args),
        (ms, cpuMs) => into(textOf(args[0]), ms, cpuMs),
      );
    };
  const alone = (what: string, ms: number, cpuMs: number) =>
    holds.push({ what, ms, cpuMs, end: performance.now(), statements: [] });
  client.query = timed(original.query, alone);
  client.exec = timed(original.exec, alone);
  client.transaction = function (this: unknown, fn) {
    const statements: Hold['statements'] = [];
    const inside = (what: string, ms: number) => statements.push({ what, ms });
    return timing(
      () =>
        original.transaction.call(this, (tx: PgliteLike) => {
          tx.query = timed(tx.query.bind(tx), inside);
          tx.exec = timed(tx.exec.bind(tx), inside);
          return fn(tx);
        }),
      (ms, cpuMs) =>
        holds.push({ what: 'transaction', ms, cpuMs, end: performance.now(), statements }),
    );
  };
  return {
    stop() {
      Object.assign(client, original);
      return holds;
    },
  };
}
