// PostgreSQL's COPY, the bulk path pg_dump and pg_restore take (issue 25 point 16), on both
// drivers: node-postgres streams COPY … TO STDOUT / FROM STDIN (pg-copy-streams); PGlite, one
// connection inside this process, copies through its `/dev/blob` device, a statement per piece
// (memory stays bounded, and a piece is one short statement).
//
// Rows travel in COPY's text format: a row a line, columns split by tabs, `\N` for null, and
// tabs, newlines and backslashes inside values escaped with a backslash.
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import type { DbOrTx } from '../../db/types';

/** Bytes of rows a PGlite COPY FROM statement takes at a time. */
const PGLITE_COPY_BYTES = 4 * 1024 * 1024;
/** Bytes gathered before they are written to a PostgreSQL COPY stream. */
const STREAM_BATCH_BYTES = 256 * 1024;

interface PgliteLike {
  query(
    text: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ): Promise<{ blob?: Blob; affectedRows?: number }>;
}

type Raw =
  { kind: 'postgres'; client: pg.Pool | pg.PoolClient } | { kind: 'pglite'; client: PgliteLike };

/**
 * The driver under a Drizzle database or transaction: a transaction's own connection (its
 * COPY is part of it), else the pool or the PGlite instance.
 */
function rawOf(db: DbOrTx): Raw {
  const client = (db as unknown as { session: { client: object } }).session.client;
  // node-postgres: a pool (`totalCount`) or, inside a transaction, its client (`release`).
  if ('totalCount' in client || 'release' in client) {
    return { kind: 'postgres', client: client as pg.Pool | pg.PoolClient };
  }
  return { kind: 'pglite', client: client as PgliteLike };
}

/**
 * The text of `select` (a query) in COPY text format, in pieces of whole lines. PostgreSQL
 * streams it; PGlite answers it in one piece (callers keep each query to a range of pages).
 */
export async function* copyOut(db: DbOrTx, select: string): AsyncGenerator<Buffer> {
  const raw = rawOf(db);
  if (raw.kind === 'pglite') {
    const res = await raw.client.query(`copy (${select}) to '/dev/blob'`);
    if (res.blob && res.blob.size) yield Buffer.from(await res.blob.arrayBuffer());
    return;
  }
  if ('totalCount' in raw.client) throw new Error('copyOut runs inside a transaction');
  const stream = raw.client.query(copyTo(`copy (${select}) to stdout`));
  // A CopyData message holds one row: pieces gathered up to STREAM_BATCH_BYTES.
  let pending: Buffer[] = [];
  let bytes = 0;
  // Left early (the caller stopped), the COPY is read to its end, not destroyed: a connection
  // left inside COPY OUT would never answer the transaction's rollback.
  const rows = stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
  try {
    for await (const chunk of rows) {
      pending.push(chunk);
      bytes += chunk.length;
      if (bytes >= STREAM_BATCH_BYTES) {
        yield Buffer.concat(pending);
        pending = [];
        bytes = 0;
      }
    }
    if (bytes) yield Buffer.concat(pending);
  } finally {
    if (!stream.readableEnded && !stream.destroyed) {
      stream.resume();
      await finished(stream).catch(() => {});
    }
  }
}

/** Rows into one table: `write` whole lines (each ending in a newline), then `end`. */
export interface CopyIn {
  write(lines: Buffer): Promise<void>;
  /** Sends what is left; resolves with the rows the database took. */
  end(): Promise<number>;
  /** Gives up (the rows sent so far stay, inside the caller's transaction, to roll back). */
  abort(err: Error): void;
}

/**
 * Opens a COPY of lines into `table (columns)` (identifiers already quoted). PGlite: a statement
 * per `pieceBytes` of lines.
 */
export async function copyIn(
  db: DbOrTx,
  table: string,
  columns: string,
  pieceBytes = PGLITE_COPY_BYTES,
): Promise<CopyIn> {
  const statement = `copy ${table} (${columns}) from`;
  const raw = rawOf(db);
  if (raw.kind === 'pglite') {
    const client = raw.client;
    let pending: Buffer[] = [];
    let bytes = 0;
    let rows = 0;
    const flush = async () => {
      if (!bytes) return;
      const blob = new Blob(pending);
      pending = [];
      bytes = 0;
      const res = await client.query(`${statement} '/dev/blob'`, [], { blob });
      rows += res.affectedRows ?? 0;
    };
    return {
      async write(lines) {
        pending.push(lines);
        bytes += lines.length;
        if (bytes >= pieceBytes) await flush();
      },
      async end() {
        await flush();
        return rows;
      },
      abort() {
        pending = [];
        bytes = 0;
      },
    };
  }
  // A connection held for the COPY: the transaction's own, or one from the pool until the end.
  let release = () => {};
  let client: pg.PoolClient | pg.Client;
  if ('totalCount' in raw.client) {
    const taken = await raw.client.connect();
    release = () => taken.release();
    client = taken;
  } else {
    client = raw.client;
  }
  const stream = client.query(copyFrom(`${statement} stdin`));
  let failed: Error | null = null;
  stream.on('error', (err: Error) => (failed ??= err));
  let pending: Buffer[] = [];
  let bytes = 0;
  const send = async () => {
    if (!bytes) return;
    const chunk = Buffer.concat(pending);
    pending = [];
    bytes = 0;
    if (failed) throw failed;
    // `once` rejects when the stream errs meanwhile.
    if (!stream.write(chunk)) await once(stream, 'drain');
    if (failed) throw failed;
  };
  return {
    async write(lines) {
      pending.push(lines);
      bytes += lines.length;
      if (bytes >= STREAM_BATCH_BYTES) await send();
    },
    async end() {
      try {
        await send();
        stream.end();
        await finished(stream);
        if (failed) throw failed;
        return stream.rowCount;
      } finally {
        release();
      }
    },
    abort(err) {
      stream.destroy(err);
      release();
    },
  };
}

/** A text value as COPY's text format writes it (backslash, tab, newline, return escaped). */
export const copyText = (value: string) =>
  value.replace(
    /[\\\t\n\r]/g,
    (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!,
  );

/** COPY's text for a null. */
export const COPY_NULL = '\\N';

/**
 * Splits a COPY text line at its tabs: the start of every field and the line's end (fields + 1
 * offsets). A tab inside a value is escaped (`\t`), so every raw tab separates two fields.
 */
export function copyFieldOffsets(line: Buffer): number[] {
  const offsets = [0];
  for (let i = line.indexOf(9); i !== -1; i = line.indexOf(9, i + 1)) offsets.push(i + 1);
  offsets.push(line.length + 1);
  return offsets;
}

/** Field `i` of a line split by `copyFieldOffsets`, as its escaped text. */
export const copyField = (line: Buffer, offsets: number[], i: number) =>
  line.toString('utf8', offsets[i]!, offsets[i + 1]! - 1);
