// The backup file format: gzip'd lines. Version 2 (written since issue 25 point 16):
//   {"product":"tour-console-backup","format":2,"schemaVersion":4,"migrations":[…],
//    "appVersion":"0.1.0","createdAt":"…","kind":"manual","database":"pglite"}   header
//   ["table","users",["id","username",…]]                                         a table starts
//   1<TAB>admin<TAB>…                                         its rows, PostgreSQL COPY text
//   \.                                                                            its rows end
//   ["end","users",3]                                                             its row count
//   ["trailer",{"sha256":"…","rows":1234,"tables":25}]                            last line
// Version 1 (still read) held each row as a JSON object (row_to_json) and no `\.` line. COPY
// text is what pg_dump writes: it goes in and out through COPY (copy.ts) without being parsed
// here, and is smaller than JSON (no column names on every row). A COPY text line never
// is `\.` (a backslash in a value is doubled), so the marker cannot be mistaken for a row.
// The trailer's SHA-256 covers the bytes of every line before it (uncompressed, with their
// newlines), computed while the file is written and again while it is read.
import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder';
import { REPO_ROOT } from '../../config/env';

export const PRODUCT = 'tour-console-backup';
export const FORMAT_VERSION = 2;
/** The formats a restore reads. */
export const READABLE_FORMATS = [1, 2];
/** Ends a table's rows in format 2 (COPY's own end-of-data line). */
export const COPY_END = '\\.';

/** Any single line longer than this is refused (a file built to exhaust memory). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

export interface BackupHeader {
  product: string;
  format: number;
  /** Number of migrations applied (server/drizzle/meta/_journal.json). */
  schemaVersion: number;
  /** Their tags, in order: a backup restores on a database whose tags start with them. */
  migrations: string[];
  appVersion: string;
  createdAt: string;
  kind: string;
  database: string;
}

export interface BackupTrailer {
  sha256: string;
  rows: number;
  tables: number;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

let schemaInfo: { version: number; tags: string[] } | null = null;

/** The migrations this server's database has (it migrates to all of them on start). */
export function currentSchema(): { version: number; tags: string[] } {
  if (!schemaInfo) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const tags = [...journal.entries].sort((a, b) => a.idx - b.idx).map((e) => e.tag);
    schemaInfo = { version: tags.length, tags };
  }
  return schemaInfo;
}

let appVersion: string | null = null;

export function currentAppVersion(): string {
  appVersion ??= (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return appVersion;
}

/** Splits a byte stream into lines (without their newline), refusing over-long ones. */
export async function* splitLines(
  chunks: AsyncIterable<Buffer>,
  onTooLong: () => Error,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      if (pendingBytes + piece.length > MAX_LINE_BYTES) throw onTooLong();
      if (pending.length) {
        pending.push(piece);
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      } else {
        yield piece;
      }
      start = nl + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      pendingBytes += rest.length;
      if (pendingBytes > MAX_LINE_BYTES) throw onTooLong();
      pending.push(rest);
    }
  }
  if (pending.length) yield Buffer.concat(pending);
}
