// Reading a backup file back, line by line from a stream (never whole in memory), checking its
// framing as it goes and its SHA-256 against the trailer at the end. Used twice by a restore:
// once to validate everything before anything changes, once to insert the rows.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { ERRORS, formatMessage, type Localized } from '@console/shared';
import { AppError } from '../../lib/app-error';
import { COPY_END, PRODUCT, splitLines, type BackupHeader, type BackupTrailer } from './format';

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** Why a file is refused, in both languages (the `{reason}` of the error's message). */
export const REFUSAL_REASONS = {
  compression: m('压缩数据损坏或被截断', 'the compressed data is damaged or cut short'),
  checksum: m('内容校验和不符', 'the content checksum does not match'),
  incomplete: m('文件在结尾之前中断', 'the file ends before its trailer'),
  structure: m('内容格式错误', 'its contents are malformed'),
  rowCount: m('行数与记录不符', 'a table’s row count does not match'),
  unknownTable: m('当前系统没有这张表', 'no such table in this system'),
  duplicateTable: m('表出现了两次', 'the table appears twice'),
  missingTable: m('缺少这张表', 'the table is missing'),
  unknownColumn: m('含有当前系统没有的字段 {column}', 'it has a column {column} unknown here'),
  missingColumn: m('缺少必填字段 {column}', 'it lacks the required column {column}'),
  brokenReference: m(
    '引用了 {foreignTable} 中不存在的记录',
    'it references rows of {foreignTable} that do not exist',
  ),
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;

/** The error for a refused file, its message filled in both languages. */
export function refusal(
  code: 'BACKUP_CORRUPT' | 'BACKUP_INCONSISTENT' | 'BACKUP_VERSION' | 'BACKUP_FOREIGN',
  reason?: RefusalReason,
  params: Record<string, string | number> = {},
): AppError {
  const text = (locale: 'zh-CN' | 'en-US') =>
    formatMessage(ERRORS[code].msg[locale], {
      ...params,
      ...(reason ? { reason: formatMessage(REFUSAL_REASONS[reason][locale], params) } : {}),
    });
  return new AppError(code, {
    detail: { 'zh-CN': text('zh-CN'), 'en-US': text('en-US') },
    data: { reason: reason ?? null, ...params },
  });
}

export interface ReadHandlers {
  /** Called once the header is read (before any table); may refuse the file. */
  header(header: BackupHeader): void | Promise<void>;
  table(name: string, columns: string[]): void | Promise<void>;
  /** Format 1: one row, its exact JSON text and the parsed object. */
  row?(text: string, row: Record<string, unknown>): void | Promise<void>;
  /**
   * Format 1: one row's exact JSON text, unparsed (instead of `row`: a reader that only passes
   * the text on, after a first reading checked every row, saves parsing it again).
   */
  rowText?(text: string): void | Promise<void>;
  /** Format 2: one row, a line of COPY text (without its newline; valid until the next call). */
  copyRow?(line: Buffer): void | Promise<void>;
  end(name: string): void | Promise<void>;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const COPY_END_LINE = Buffer.from(COPY_END);

function startsWithGzipMagic(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    const n = fs.readSync(fd, head, 0, 2, 0);
    return n === 2 && head.equals(GZIP_MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

const parse = (line: Buffer): unknown => {
  try {
    return JSON.parse(line.toString('utf8')) as unknown;
  } catch {
    throw refusal('BACKUP_CORRUPT', 'structure');
  }
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function asHeader(value: unknown): BackupHeader {
  if (!isObject(value) || value.product !== PRODUCT) throw refusal('BACKUP_FOREIGN');
  const h = value as Partial<BackupHeader>;
  if (
    typeof h.format !== 'number' ||
    typeof h.schemaVersion !== 'number' ||
    !Array.isArray(h.migrations) ||
    !h.migrations.every((t) => typeof t === 'string') ||
    typeof h.appVersion !== 'string' ||
    typeof h.createdAt !== 'string' ||
    typeof h.kind !== 'string' ||
    typeof h.database !== 'string'
  ) {
    throw refusal('BACKUP_CORRUPT', 'structure');
  }
  return h as BackupHeader;
}

/**
 * Streams `file` through the handlers; resolves with its header, trailer and the file's own
 * SHA-256 (of the compressed bytes) once the whole
 * file has been read and its checksum matched. Refuses (AppError) a file that is not gzip or
 * not ours (BACKUP_FOREIGN), or damaged, cut short or malformed (BACKUP_CORRUPT).
 */
export async function readBackup(
  file: string,
  handlers: ReadHandlers,
): Promise<{ header: BackupHeader; trailer: BackupTrailer; fileSha256: string }> {
  if (!startsWithGzipMagic(file)) throw refusal('BACKUP_FOREIGN');
  const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
  const fileHash = createHash('sha256');
  source.on('data', (chunk) => fileHash.update(chunk));
  const gunzip = zlib.createGunzip();
  source.on('error', (err) => gunzip.destroy(err));
  source.pipe(gunzip);

  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  let table: { name: string; rows: number } | null = null;
  /** Format 2: inside a table's rows (until its `\.` line). */
  let inRows = false;
  let totalRows = 0;
  let tables = 0;
  try {
    for await (const line of splitLines(gunzip, () => refusal('BACKUP_CORRUPT', 'structure'))) {
      if (trailer) throw refusal('BACKUP_CORRUPT', 'structure');
      const first = line[0];
      if (header === null) {
        let value: unknown;
        try {
          value = JSON.parse(line.toString('utf8'));
        } catch {
          throw refusal('BACKUP_FOREIGN');
        }
        hash.update(line).update('\n');
        header = asHeader(value);
        await handlers.header(header);
        continue;
      }
      if (inRows) {
        hash.update(line).update('\n');
        if (line.equals(COPY_END_LINE)) {
          inRows = false;
          continue;
        }
        table!.rows++;
        await handlers.copyRow?.(line);
        continue;
      }
      if (first === 0x7b /* { */ && table && header.format === 1) {
        hash.update(line).update('\n');
        const text = line.toString('utf8');
        table.rows++;
        if (handlers.row) {
          const row = parse(line);
          if (!isObject(row)) throw refusal('BACKUP_CORRUPT', 'structure');
          await handlers.row(text, row);
        } else {
          await handlers.rowText?.(text);
        }
        continue;
      }
      const marker = parse(line);
      if (!Array.isArray(marker)) throw refusal('BACKUP_CORRUPT', 'structure');
      const [kind, a, b] = marker as [unknown, unknown, unknown];
      if (kind === 'table' && !table && typeof a === 'string' && Array.isArray(b)) {
        if (!b.every((c) => typeof c === 'string')) throw refusal('BACKUP_CORRUPT', 'structure');
        hash.update(line).update('\n');
        table = { name: a, rows: 0 };
        inRows = header.format !== 1;
        tables++;
        await handlers.table(a, b as string[]);
      } else if (kind === 'end' && table && a === table.name && typeof b === 'number') {
        hash.update(line).update('\n');
        if (b !== table.rows) throw refusal('BACKUP_CORRUPT', 'rowCount', { table: table.name });
        totalRows += table.rows;
        await handlers.end(table.name);
        table = null;
      } else if (kind === 'trailer' && !table && isObject(a)) {
        const t = a as Partial<BackupTrailer>;
        if (t.sha256 !== hash.digest('hex')) throw refusal('BACKUP_CORRUPT', 'checksum');
        if (t.rows !== totalRows || t.tables !== tables) {
          throw refusal('BACKUP_CORRUPT', 'structure');
        }
        trailer = t as BackupTrailer;
      } else {
        throw refusal('BACKUP_CORRUPT', 'structure');
      }
    }
  } catch (err) {
    // zlib: a damaged or truncated stream ("unexpected end of file", "incorrect data check").
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw refusal('BACKUP_CORRUPT', 'compression');
    }
    throw err;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (!header || !trailer) throw refusal('BACKUP_CORRUPT', 'incomplete');
  return { header, trailer, fileSha256: fileHash.digest('hex') };
}
