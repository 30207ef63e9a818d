// Writing a backup (format 2, format.ts): every data table's rows in COPY text, streamed through
// gzip into a file while the SHA-256 of the content (and of the file) is computed. Memory holds
// one piece of rows at a time; the rows are never parsed here (copy.ts).
//
// One point in time, read in one of two ways:
// - PostgreSQL: COPY … TO STDOUT inside one read-only REPEATABLE READ transaction (a snapshot;
//   other requests use other connections meanwhile);
// - PGlite (one connection, a transaction holds it whole: architecture.md, "Known pitfalls"):
//   in chunks of pages, each its own short statement, yielding to other requests between
//   chunks (issue 25 point 12). The transaction counter is read before and after: when any
//   write happened meanwhile the chunks may mix two states, so the file is written again;
//   after CHUNKED_ATTEMPTS such tries it is read in one snapshot transaction after all.
import fs from 'node:fs';
import { once } from 'node:events';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { LockKey } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { dataTables, ident, type TableInfo } from './tables';
import { copyOut } from './copy';
import {
  COPY_END,
  currentAppVersion,
  currentSchema,
  FORMAT_VERSION,
  PRODUCT,
  type BackupHeader,
  type BackupTrailer,
} from './format';

/**
 * gzip level 1: about twice as fast as the default 6 for some 10 % more bytes, and a backup's
 * time is spent compressing otherwise (692 MB of JSON: 5.7 s against 11.5 s of a core; issue
 * 25 point 16). A restore takes one before it replaces anything.
 */
const GZIP_LEVEL = 1;
/** Table pages (8 kB) read per statement when reading in chunks: tens of milliseconds. */
const CHUNK_PAGES = 32;
/** Chunked readings tried before reading in one snapshot transaction. */
const CHUNKED_ATTEMPTS = 3;

export const rowsOf = <T>(res: unknown): T[] => (res as { rows?: T[] }).rows ?? [];

export interface WrittenBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** Bytes of the compressed file. */
  size: number;
  /** SHA-256 (hex) of the compressed file, the bytes a download gives. */
  fileSha256: string;
  /** How the rows were read: in chunks between other requests, or in one transaction. */
  reading: 'chunks' | 'snapshot';
}

/** How far a backup got: tables and rows done (of an estimate of all rows). */
export interface WriteProgress {
  tablesDone: number;
  tables: number;
  rowsDone: number;
  /** The planner's estimate of all rows (0 when the database has none yet). */
  rowsEstimate: number;
}

export interface WriteOptions {
  kind: string;
  database: string;
  now: Date;
  /** Read in chunks between other requests (PGlite). */
  chunked?: boolean;
  /** Called after every batch of rows written. */
  onProgress?: (progress: WriteProgress) => void;
  /** Stops the writing (the file is removed) when it aborts. */
  signal?: AbortSignal;
}

/** Emits the rows of every table: `table` before its rows, each piece as COPY text lines. */
type ReadAll = (emit: {
  table(table: TableInfo): Promise<void>;
  rows(lines: Buffer): Promise<void>;
  end(table: TableInfo): Promise<void>;
}) => Promise<void>;

/** The columns a backup holds: all but those PostgreSQL computes (it computes them again). */
export const storedColumns = (table: TableInfo) =>
  table.columns.filter((c) => !table.generated.includes(c));

/** The query that reads a table's stored columns (`where` narrows it to a range of pages). */
const selectOf = (table: TableInfo, where = '') =>
  `select ${storedColumns(table).map(ident).join(', ')} from ${ident(table.name)} t${where}`;

/** Lines (newlines) in a piece of COPY text. */
export function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** Writes a backup of `db` to `file` (created; removed again when anything fails). */
export async function writeBackup(
  db: Db,
  file: string,
  opts: WriteOptions,
): Promise<WrittenBackup> {
  const rowsEstimate = await estimateRows(db);
  if (opts.chunked) {
    for (let attempt = 0; attempt < CHUNKED_ATTEMPTS; attempt++) {
      const before = await transactionCounter(db);
      const written = await writeFile(file, opts, rowsEstimate, readChunks(db));
      if ((await transactionCounter(db)) === before) return { ...written, reading: 'chunks' };
      // Something was written meanwhile: the chunks may mix two states.
      fs.rmSync(file, { force: true });
    }
  }
  const written = await writeFile(file, opts, rowsEstimate, readInSnapshot(db, !!opts.chunked));
  return { ...written, reading: 'snapshot' };
}

/** The next transaction id: it moves whenever anything is written. */
async function transactionCounter(db: Db): Promise<string> {
  const [row] = rowsOf<{ x: string }>(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`),
  );
  return row!.x;
}

/** The planner's row counts of the data tables (no table is counted: that would be a scan). */
export async function estimateRows(db: Db): Promise<number> {
  const names = dataTables().map((t) => t.name);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select coalesce(sum(greatest(reltuples, 0)), 0)::float8 as n from pg_class
          where relkind = 'r' and relnamespace = 'public'::regnamespace
            and relname = any(${`{${names.join(',')}}`}::text[])`,
    ),
  );
  return Math.round(Number(row?.n ?? 0));
}

/**
 * Every table in one REPEATABLE READ snapshot: PostgreSQL streams each table's COPY; PGlite
 * (one connection, held by the transaction anyway) reads it a range of pages at a time.
 */
const readInSnapshot =
  (db: Db, chunked: boolean): ReadAll =>
  (emit) =>
    db.transaction(
      async (tx) => {
        const lock = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${LockKey.Backup}) as locked`),
        );
        if (lock[0]?.locked === false) throw new AppError('BACKUP_BUSY');
        for (const table of dataTables()) {
          await emit.table(table);
          if (chunked) await readPages(tx, table, emit, false);
          else for await (const piece of copyOut(tx, selectOf(table))) await emit.rows(piece);
          await emit.end(table);
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

/** A table a range of pages at a time (a TID range scan), yielding between ranges or not. */
async function readPages(
  db: Db | Tx,
  table: TableInfo,
  emit: Parameters<ReadAll>[0],
  yieldBetween: boolean,
) {
  const name = ident(table.name);
  const [size] = rowsOf<{ pages: number }>(
    await db.execute(
      sql.raw(
        `select (pg_relation_size('${name.replaceAll("'", "''")}') / current_setting('block_size')::int)::int as pages`,
      ),
    ),
  );
  // One range past the last page: rows of a page added meanwhile (then read again anyway).
  for (let page = 0; page <= size!.pages; page += CHUNK_PAGES) {
    const last = page + CHUNK_PAGES > size!.pages;
    const where = ` where t.ctid >= '(${page},0)'::tid${last ? '' : ` and t.ctid < '(${page + CHUNK_PAGES},0)'::tid`}`;
    for await (const piece of copyOut(db, selectOf(table, where))) await emit.rows(piece);
    if (yieldBetween) await yieldToOthers();
  }
}

/** Every table a range of pages at a time, yielding to other requests between ranges. */
const readChunks =
  (db: Db): ReadAll =>
  async (emit) => {
    for (const table of dataTables()) {
      await emit.table(table);
      await readPages(db, table, emit, true);
      await emit.end(table);
    }
  };

async function writeFile(
  file: string,
  opts: WriteOptions,
  rowsEstimate: number,
  readAll: ReadAll,
): Promise<Omit<WrittenBackup, 'reading'>> {
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const gzip = zlib.createGzip({ level: GZIP_LEVEL });
  gzip.pipe(out);
  const fileHash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => fileHash.update(chunk));
  const hash = createHash('sha256');
  let failed: Error | null = null;
  const onError = (err: Error) => (failed ??= err);
  gzip.on('error', onError);
  out.on('error', onError);

  const writeBytes = async (buf: Buffer) => {
    if (failed) throw failed;
    opts.signal?.throwIfAborted();
    hash.update(buf);
    if (!gzip.write(buf)) await once(gzip, 'drain');
  };
  const write = (line: string) => writeBytes(Buffer.from(line + '\n', 'utf8'));

  const schema = currentSchema();
  const header: BackupHeader = {
    product: PRODUCT,
    format: FORMAT_VERSION,
    schemaVersion: schema.version,
    migrations: schema.tags,
    appVersion: currentAppVersion(),
    createdAt: opts.now.toISOString(),
    kind: opts.kind,
    database: opts.database,
  };
  const tables = dataTables();
  const progress: WriteProgress = {
    tablesDone: 0,
    tables: tables.length,
    rowsDone: 0,
    rowsEstimate,
  };
  try {
    await write(JSON.stringify(header));
    let count = 0;
    await readAll({
      table: (table) => {
        count = 0;
        return write(JSON.stringify(['table', table.name, storedColumns(table)]));
      },
      rows: async (lines) => {
        await writeBytes(lines);
        const n = countLines(lines);
        count += n;
        progress.rowsDone += n;
        opts.onProgress?.({ ...progress });
      },
      end: async (table) => {
        await write(COPY_END);
        await write(JSON.stringify(['end', table.name, count]));
        progress.tablesDone++;
        opts.onProgress?.({ ...progress });
      },
    });
    const trailer: BackupTrailer = {
      sha256: hash.digest('hex'),
      rows: progress.rowsDone,
      tables: tables.length,
    };
    // The trailer line is not part of what its checksum covers.
    if (failed) throw failed;
    gzip.end(JSON.stringify(['trailer', trailer]) + '\n');
    await once(out, 'close');
    if (failed) throw failed;
    return { header, trailer, size: fs.statSync(file).size, fileSha256: fileHash.digest('hex') };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(file, { force: true });
    throw err;
  }
}
