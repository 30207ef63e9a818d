// Writing a backup: every data table's rows, read through a cursor inside one read-only
// REPEATABLE READ transaction (one consistent snapshot), streamed through gzip into a file
// while the SHA-256 of the content is computed. Memory holds one batch of rows at a time.
import fs from 'node:fs';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { LockKey } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { dataTables, ident } from './tables';
import {
  currentAppVersion,
  currentSchema,
  FORMAT_VERSION,
  PRODUCT,
  type BackupHeader,
  type BackupTrailer,
} from './format';

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 2000;

export const rowsOf = <T>(res: unknown): T[] => (res as { rows?: T[] }).rows ?? [];

export interface WrittenBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** Bytes of the compressed file. */
  size: number;
  /** SHA-256 (hex) of the compressed file, the bytes a download gives. */
  fileSha256: string;
}

/** Writes a backup of `db` to `file` (created; removed again when anything fails). */
export async function writeBackup(
  db: Db,
  file: string,
  opts: { kind: string; database: string; now: Date },
): Promise<WrittenBackup> {
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(out);
  const fileHash = createHash('sha256');
  gzip.on('data', (chunk: Buffer) => fileHash.update(chunk));
  const hash = createHash('sha256');
  let failed: Error | null = null;
  const onError = (err: Error) => (failed ??= err);
  gzip.on('error', onError);
  out.on('error', onError);

  const write = async (line: string) => {
    if (failed) throw failed;
    const buf = Buffer.from(line + '\n', 'utf8');
    hash.update(buf);
    if (!gzip.write(buf)) await once(gzip, 'drain');
  };

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
  let rows = 0;
  try {
    await db.transaction(
      async (tx) => {
        const lock = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${LockKey.Backup}) as locked`),
        );
        if (lock[0]?.locked === false) throw new AppError('BACKUP_BUSY');
        await write(JSON.stringify(header));
        for (const table of tables) {
          await write(JSON.stringify(['table', table.name, table.columns]));
          const name = ident(table.name);
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${name} t`,
            ),
          );
          let count = 0;
          for (;;) {
            const batch = rowsOf<{ j: string }>(
              await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`)),
            );
            if (batch.length) await write(batch.map((r) => r.j).join('\n'));
            count += batch.length;
            if (batch.length < FETCH_ROWS) break;
          }
          await tx.execute(sql.raw('close backup_rows'));
          await write(JSON.stringify(['end', table.name, count]));
          rows += count;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const trailer: BackupTrailer = { sha256: hash.digest('hex'), rows, tables: tables.length };
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
