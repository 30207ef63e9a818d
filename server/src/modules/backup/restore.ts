// Restoring a backup: validate the whole file first (nothing changes while it is read), then
// replace every table's rows in one transaction, rebuild what is derived from them (filter
// counts, sequences) and sign everyone out but the restoring admin, when the backup knows them.
// The audit trail is not replaced: the backup's audit rows are merged into it (audit/merge.ts).
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { LockKey } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import {
  mergeStagedAuditRows,
  stageAuditRows,
  STAGED_AUDIT_TABLE,
  type AuditMerge,
} from '../audit/merge';
import { allTables, APPEND_ONLY_TABLES, dataTables, ident, type TableInfo } from './tables';
import { currentSchema, type BackupHeader, type BackupTrailer } from './format';
import { readBackup, refusal } from './read';
import { rowsOf } from './write';

export interface ValidatedBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** SHA-256 of the file's bytes. */
  fileSha256: string;
  /** Columns each table of the file holds. */
  columns: Map<string, string[]>;
  /** Whether the file holds the user with this id and username (the restoring admin). */
  hasUser: boolean;
}

const key = (row: Record<string, unknown>, cols: string[]) => {
  const values = cols.map((c) => row[c]);
  return values.some((v) => v === null || v === undefined) ? null : JSON.stringify(values);
};

/** Reads the whole file and refuses it unless every check passes; changes nothing. */
/** How far a reading of the file got (called every `PROGRESS_ROWS` rows and every table). */
export type RestoreProgress = (done: { tablesDone: number; rowsDone: number }) => void;
const PROGRESS_ROWS = 1000;

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

  let current: { table: TableInfo | undefined; name: string } | null = null;
  const done = { tablesDone: 0, rowsDone: 0 };
  const { header, trailer, fileSha256 } = await readBackup(file, {
    header(h) {
      const prefix = h.migrations.every((tag, i) => schema.tags[i] === tag);
      if (h.format !== 1 || !prefix || h.migrations.length > schema.tags.length) {
        throw refusal('BACKUP_VERSION', undefined, {
          backup: h.format !== 1 ? `format ${h.format}` : `${h.schemaVersion}`,
          current: `${schema.version}`,
        });
      }
      sameVersion = h.migrations.length === schema.tags.length;
    },
    table(name, cols) {
      const table = tables.get(name);
      current = { table, name };
      if (!table) return void fail(refusal('BACKUP_INCONSISTENT', 'unknownTable', { table: name }));
      if (columns.has(name)) {
        return void fail(refusal('BACKUP_INCONSISTENT', 'duplicateTable', { table: name }));
      }
      columns.set(name, cols);
      const unknown = cols.find((c) => !table.columns.includes(c));
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
    row(_text, row) {
      if (++done.rowsDone % PROGRESS_ROWS === 0) onProgress?.(done);
      const t = current!;
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
  return { header, trailer, fileSha256, columns, hasUser };
}

/**
 * Rows inserted per statement, and the most JSON text gathered for one: few statements (each
 * has a fixed cost, and statement triggers run once each), memory bounded.
 */
const INSERT_ROWS = 10_000;
const INSERT_BYTES = 16 * 1024 * 1024;

/**
 * Tables computed from others, rebuilt after a restore. guide_filter_counts: as its
 * migration (0002) fills it, from guides and guide_languages.
 */
export const DERIVED_REBUILD: Record<string, string> = {
  guide_filter_counts: `
    delete from guide_filter_counts;
    insert into guide_filter_counts (language, level_rank, status, employment_type, licence_type, n)
    select '', level_rank, status, employment_type, licence_type, count(*)::int from guides group by 2, 3, 4, 5
    union all
    select l.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
    from guide_languages l join guides g on g.id = l.guide_id group by 1, 2, 3, 4, 5`,
};

/**
 * Drops the indexes of `tables` that no constraint needs and returns their definitions: rows go
 * in faster without them and each is then built once, sorted (as pg_restore does). Unique and
 * primary keys and exclusion constraints stay and check every row as it comes.
 */
async function dropSecondaryIndexes(tx: Tx, tables: string[]): Promise<string[]> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
      select quote_ident(i.relname) as name, pg_get_indexdef(i.oid) as def
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relnamespace = 'public'::regnamespace
        and t.relname = any(${`{${tables.join(',')}}`}::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by 1`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return indexes.map((index) => index.def);
}

/** Moves every serial/identity sequence past the largest value its column holds. */
async function resetSequences(tx: Tx) {
  const seqs = rowsOf<{ table_name: string; column_name: string; seq: string }>(
    // From the catalogue, as pg_get_serial_sequence finds them (serial: 'a', identity: 'i');
    // that function over information_schema may be planned onto tables of other schemas.
    await tx.execute(sql`
      select t.relname as table_name, a.attname as column_name, s.oid::regclass::text as seq
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and t.relnamespace = 'public'::regnamespace`),
  );
  for (const s of seqs) {
    await tx.execute(
      sql.raw(
        `select setval('${s.seq.replaceAll("'", "''")}', coalesce((select max(${ident(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * Replaces all data with the (validated) file's in `tx`. The restoring admin's session row
 * (`keepSession`) survives when the backup holds their account; every other session ends.
 */
export async function replaceAll(
  tx: Tx,
  file: string,
  validated: ValidatedBackup,
  keepSessionId: number | null,
  onProgress?: RestoreProgress,
): Promise<{ keptOwnSession: boolean; audit: AuditMerge }> {
  const lock = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${LockKey.Backup}) as locked`),
  );
  if (lock[0]?.locked === false) throw new AppError('BACKUP_BUSY');

  const keep =
    keepSessionId !== null && validated.hasUser
      ? rowsOf<{ j: string }>(
          await tx.execute(
            sql`select row_to_json(s)::text as j from sessions s where id = ${keepSessionId}`,
          ),
        )[0]?.j
      : undefined;

  // Every table of the schema (data, derived, sessions) but the audit trail: nothing of the old
  // data remains, every row of the trail does.
  await tx.execute(
    sql.raw(
      `truncate ${allTables()
        .filter((t) => !APPEND_ONLY_TABLES.has(t.name))
        .map((t) => ident(t.name))
        .join(', ')}`,
    ),
  );
  await stageAuditRows(tx);
  const replaced = dataTables()
    .filter((t) => !APPEND_ONLY_TABLES.has(t.name))
    .map((t) => t.name);
  const indexes = await dropSecondaryIndexes(tx, replaced);
  // Their triggers keep derived tables current row by row; those are rebuilt once at the end.
  for (const name of replaced)
    await tx.execute(sql.raw(`alter table ${ident(name)} disable trigger user`));

  const tables = new Map(dataTables().map((t) => [t.name, t]));
  let table: TableInfo | null = null;
  /** Where the current table's rows go (null: nowhere, the trail's anchor stays). */
  let target: string | null = null;
  let cols = '';
  let batch: string[] = [];
  let batchBytes = 0;
  /**
   * The insert under way: the next batch is read and gathered meanwhile (reading and inserting
   * overlap; one batch waits at most, memory stays bounded).
   */
  let inFlight: Promise<unknown> = Promise.resolve();
  const done = { tablesDone: 0, rowsDone: 0 };
  const flush = async () => {
    if (!table || !target || batch.length === 0) return;
    const name = ident(table.name);
    const insert = sql`${sql.raw(`insert into ${target} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${name}, `)}${'[' + batch.join(',') + ']'}::json)`;
    const rows = batch.length;
    batch = [];
    batchBytes = 0;
    await inFlight;
    done.rowsDone += rows;
    onProgress?.(done);
    // `then` once: Drizzle's query runs on every `then` of its QueryPromise.
    inFlight = tx.execute(insert).then(() => undefined);
    // Its failure is thrown where it is awaited: before the next batch or after the last.
    inFlight.catch(() => {});
  };
  const reading = readBackup(file, {
    header() {},
    table(name, columns) {
      table = tables.get(name)!;
      target =
        name === 'audit_log'
          ? STAGED_AUDIT_TABLE
          : APPEND_ONLY_TABLES.has(name)
            ? null
            : ident(name);
      const insertable = columns.filter((c) => !table!.generated.includes(c));
      cols = insertable.map(ident).join(', ');
    },
    async rowText(text) {
      if (!target) return;
      batch.push(text);
      batchBytes += text.length;
      if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
    },
    async end() {
      await flush();
      table = null;
      done.tablesDone++;
      onProgress?.(done);
    },
  });
  const { trailer } = await reading.finally(() => inFlight.catch(() => {}));
  await inFlight;
  // The file was replaced between the two readings: the checksum no longer matches.
  if (trailer.sha256 !== validated.trailer.sha256) throw refusal('BACKUP_CORRUPT', 'checksum');
  for (const name of replaced)
    await tx.execute(sql.raw(`alter table ${ident(name)} enable trigger user`));
  for (const def of indexes) await tx.execute(sql.raw(def));

  for (const rebuild of Object.values(DERIVED_REBUILD)) {
    for (const statement of rebuild.split(';')) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
  }
  if (keep) {
    await tx.execute(
      sql`insert into sessions select * from json_populate_record(null::sessions, ${keep}::json)`,
    );
  }
  const audit = await mergeStagedAuditRows(tx);
  await resetSequences(tx);
  return { keptOwnSession: keep !== undefined, audit };
}
