// Validating a backup file before a restore touches anything: the whole file is read, its
// framing and checksum checked (read.ts), its tables and columns matched against this schema,
// and every foreign key of its rows resolved within the file. Format 1 rows are JSON objects,
// format 2 rows COPY text lines (format.ts); both are checked alike.
import { AppError } from '../../lib/app-error';
import { dataTables, type TableInfo } from './tables';
import { currentSchema, READABLE_FORMATS, type BackupHeader, type BackupTrailer } from './format';
import { readBackup, refusal } from './read';
import { COPY_NULL, copyField, copyFieldOffsets, copyText } from './copy';

export interface ValidatedBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** SHA-256 of the file's bytes. */
  fileSha256: string;
  /** Columns each table of the file holds. */
  columns: Map<string, string[]>;
  /** Rows each table of the file holds. */
  rows: Map<string, number>;
  /** Whether the file holds the user with this id and username (the restoring admin). */
  hasUser: boolean;
}

/** How far a reading of the file got (called every `PROGRESS_ROWS` rows and every table). */
export type RestoreProgress = (done: { tablesDone: number; rowsDone: number }) => void;
export const PROGRESS_ROWS = 1000;

/** A format 1 row's key over `cols` (null when any is null: it references nothing). */
const key = (row: Record<string, unknown>, cols: string[]) => {
  const values = cols.map((c) => row[c]);
  return values.some((v) => v === null || v === undefined) ? null : JSON.stringify(values);
};

/** A format 2 row's key over the fields at `at` (their COPY text, which both sides share). */
const copyKey = (line: Buffer, offsets: number[], at: number[]) => {
  let out = '';
  for (const i of at) {
    const v = copyField(line, offsets, i);
    if (v === COPY_NULL) return null;
    out += out ? `\t${v}` : v;
  }
  return out;
};

/** Reads the whole file and refuses it unless every check passes; changes nothing. */
export async function validateBackup(
  file: string,
  keepUser: { id: number; username: string } | null,
  onProgress?: RestoreProgress,
): Promise<ValidatedBackup> {
  const schema = currentSchema();
  const tables = new Map(dataTables().map((t) => [t.name, t]));
  const columns = new Map<string, string[]>();
  let sameVersion = true;
  let hasUser = false;
  // The first semantic problem; reported once the checksum proved the file intact.
  let problem: AppError | null = null;
  const fail = (err: AppError) => (problem ??= err);

  // Foreign keys: the keys each referenced table holds and those referencing rows point at.
  const referenced = new Map<string, Set<string>>(); // `${table}(${cols})` → keys
  const pointing: { fk: string; foreignTable: string; table: string; keys: Set<string> }[] = [];
  const pointingOf = new Map<string, { cols: string[]; keys: Set<string> }[]>();
  for (const t of tables.values()) {
    for (const fk of t.foreignKeys) {
      if (!tables.has(fk.foreignTable)) continue;
      const refKey = `${fk.foreignTable}(${fk.foreignColumns.join(',')})`;
      if (!referenced.has(refKey)) referenced.set(refKey, new Set());
      const entry = {
        fk: refKey,
        foreignTable: fk.foreignTable,
        table: t.name,
        keys: new Set<string>(),
      };
      pointing.push(entry);
      const list = pointingOf.get(t.name) ?? [];
      list.push({ cols: fk.columns, keys: entry.keys });
      pointingOf.set(t.name, list);
    }
  }
  const referencedOf = new Map<string, { cols: string[]; keys: Set<string> }[]>();
  for (const [refKey, keys] of referenced) {
    const [table, cols] = [
      refKey.slice(0, refKey.indexOf('(')),
      refKey.slice(refKey.indexOf('(') + 1, -1),
    ];
    const list = referencedOf.get(table) ?? [];
    list.push({ cols: cols.split(','), keys });
    referencedOf.set(table, list);
  }

  let current: {
    table: TableInfo | undefined;
    name: string;
    /** Format 2: the fields each key of the table takes, by their place in its lines. */
    referenced: { at: number[]; keys: Set<string> }[];
    pointing: { at: number[]; keys: Set<string> }[];
    userAt: { id: number; username: number } | null;
  } | null = null;
  const done = { tablesDone: 0, rowsDone: 0 };
  const rows = new Map<string, number>();
  const keepUsername = keepUser ? copyText(keepUser.username) : '';
  let format = 1;
  const { header, trailer, fileSha256 } = await readBackup(file, {
    header(h) {
      format = h.format;
      const prefix = h.migrations.every((tag, i) => schema.tags[i] === tag);
      const readable = READABLE_FORMATS.includes(h.format);
      if (!readable || !prefix || h.migrations.length > schema.tags.length) {
        throw refusal('BACKUP_VERSION', undefined, {
          backup: !readable ? `format ${h.format}` : `${h.schemaVersion}`,
          current: `${schema.version}`,
        });
      }
      sameVersion = h.migrations.length === schema.tags.length;
    },
    table(name, cols) {
      const table = tables.get(name);
      const at = (fkCols: string[]) => fkCols.map((c) => cols.indexOf(c));
      const usable = (x: { at: number[] }) => x.at.every((i) => i >= 0);
      current = {
        table,
        name,
        referenced: (referencedOf.get(name) ?? [])
          .map((r) => ({ at: at(r.cols), keys: r.keys }))
          .filter(usable),
        pointing: (pointingOf.get(name) ?? [])
          .map((p) => ({ at: at(p.cols), keys: p.keys }))
          .filter(usable),
        userAt:
          name === 'users' && keepUser
            ? { id: cols.indexOf('id'), username: cols.indexOf('username') }
            : null,
      };
      rows.set(name, 0);
      if (!table) return void fail(refusal('BACKUP_INCONSISTENT', 'unknownTable', { table: name }));
      if (columns.has(name)) {
        return void fail(refusal('BACKUP_INCONSISTENT', 'duplicateTable', { table: name }));
      }
      columns.set(name, cols);
      // Format 2 holds no computed column: COPY could not write it.
      const unknown = cols.find(
        (c) => !table.columns.includes(c) || (format !== 1 && table.generated.includes(c)),
      );
      if (unknown) {
        fail(refusal('BACKUP_INCONSISTENT', 'unknownColumn', { table: name, column: unknown }));
      }
      // The same schema version has exactly the same columns; an older one may lack columns
      // added since, when the database can fill them (nullable or with a default).
      const missing = table.columns.find(
        (c) =>
          !cols.includes(c) &&
          !table.generated.includes(c) &&
          (sameVersion || !table.optional.includes(c)),
      );
      if (missing) {
        fail(refusal('BACKUP_INCONSISTENT', 'missingColumn', { table: name, column: missing }));
      }
    },
    copyRow(line) {
      if (++done.rowsDone % PROGRESS_ROWS === 0) onProgress?.(done);
      const t = current!;
      rows.set(t.name, rows.get(t.name)! + 1);
      if (!t.table) return;
      const offsets = copyFieldOffsets(line);
      if (offsets.length - 1 !== columns.get(t.name)!.length) {
        throw refusal('BACKUP_CORRUPT', 'structure');
      }
      for (const r of t.referenced) {
        const k = copyKey(line, offsets, r.at);
        if (k !== null) r.keys.add(k);
      }
      for (const p of t.pointing) {
        const k = copyKey(line, offsets, p.at);
        if (k !== null) p.keys.add(k);
      }
      if (
        t.userAt &&
        t.userAt.id >= 0 &&
        copyField(line, offsets, t.userAt.id) === `${keepUser!.id}`
      ) {
        hasUser =
          t.userAt.username >= 0 && copyField(line, offsets, t.userAt.username) === keepUsername;
      }
    },
    row(_text, row) {
      if (++done.rowsDone % PROGRESS_ROWS === 0) onProgress?.(done);
      const t = current!;
      rows.set(t.name, rows.get(t.name)! + 1);
      if (!t.table) return;
      const declared = columns.get(t.name)!;
      for (const k of Object.keys(row)) {
        if (!declared.includes(k)) throw refusal('BACKUP_CORRUPT', 'structure');
      }
      for (const r of referencedOf.get(t.name) ?? []) {
        const k = key(row, r.cols);
        if (k !== null) r.keys.add(k);
      }
      for (const p of pointingOf.get(t.name) ?? []) {
        const k = key(row, p.cols);
        if (k !== null) p.keys.add(k);
      }
      if (keepUser && t.name === 'users' && row.id === keepUser.id) {
        hasUser = row.username === keepUser.username;
      }
    },
    end() {
      current = null;
      done.tablesDone++;
      onProgress?.(done);
    },
  });
  if (problem) throw problem;
  for (const t of tables.values()) {
    if (!columns.has(t.name) && sameVersion) {
      throw refusal('BACKUP_INCONSISTENT', 'missingTable', { table: t.name });
    }
  }
  for (const p of pointing) {
    const have = referenced.get(p.fk)!;
    for (const k of p.keys) {
      if (!have.has(k)) {
        throw refusal('BACKUP_INCONSISTENT', 'brokenReference', {
          table: p.table,
          foreignTable: p.foreignTable,
        });
      }
    }
  }
  return { header, trailer, fileSha256, columns, rows, hasUser };
}
