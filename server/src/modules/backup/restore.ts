// Restoring a (validated: validate.ts) backup, in two steps:
// 1. PGlite: its audit rows go into a staging table, outside any transaction, a piece at a time
//    between other requests, and those the trail already holds are dropped there
//    (audit/merge.ts); then every other table's rows go into shadow tables beside the live ones,
//    built there with their indexes and keys, again between other requests (`loadShadow`,
//    shadow.ts). PostgreSQL answers other requests on other connections meanwhile anyway:
//    there the rows are staged in step 2's single reading of the file, and dropped in one join;
// 2. one transaction replaces every other table's rows — PGlite: switches to the shadow tables
//    (`switchAll`, short: the names find them from its commit on; shadow.ts moves them into
//    public afterwards, a statement at a time); PostgreSQL: loads them without their secondary indexes and foreign keys,
//    which are then built once each, as pg_restore does (`replaceAll`) — rebuilds what is derived
//    from them (filter counts, sequences), merges the staged audit rows into the trail and signs
//    everyone out but the restoring admin, when the backup knows them.
// Format 2 rows go in through COPY (copy.ts); format 1 rows as JSON, a batch per statement.
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/types';
import { LockKey } from '../../db/locks';
import { AppError } from '../../lib/app-error';
import { dropStagedRowsPresent, mergeStagedAuditRows, type AuditMerge } from '../audit/merge';
import { allTables, APPEND_ONLY_TABLES, dataTables, ident, type TableInfo } from './tables';
import { readBackup, refusal } from './read';
import { rowsOf } from './write';
import { copyIn } from './copy';
import {
  buildShadowTables,
  pointKeptTablesAtShadow,
  shadowOf,
  swapIn,
  switchTo,
  type Shadow,
} from './shadow';
import { PROGRESS_ROWS, type RestoreProgress, type ValidatedBackup } from './validate';

/**
 * Format 1: rows inserted per statement, and the most JSON text gathered for one: few
 * statements (each has a fixed cost, and statement triggers run once each), memory bounded.
 */
const INSERT_ROWS = 10_000;
const INSERT_BYTES = 16 * 1024 * 1024;
/** Format 2: COPY text gathered before it is handed to the COPY. */
const COPY_BATCH_BYTES = 256 * 1024;
const NEWLINE = Buffer.from('\n');

/**
 * Tables computed from others, rebuilt after a restore. guide_filter_counts: as its
 * migration (0002) fills it, from guides and guide_languages.
 */
export const DERIVED_REBUILD: Record<string, DerivedRebuild> = {
  guide_filter_counts: {
    over: 'guides',
    add: (t, range) => `
      insert into ${t('guide_filter_counts')} as c (language, level_rank, status, employment_type, licence_type, n)
      select '', g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
      from ${t('guides')} g where ${range('g.id')} group by 2, 3, 4, 5
      union all
      select l.language, g.level_rank, g.status, g.employment_type, g.licence_type, count(*)::int
      from ${t('guide_languages')} l join ${t('guides')} g on g.id = l.guide_id
      where ${range('g.id')} and ${range('l.guide_id')}
      group by 1, 2, 3, 4, 5
      on conflict (language, level_rank, status, employment_type, licence_type)
      do update set n = c.n + excluded.n`,
  },
};

/** How a derived table is computed from the restored rows. */
export interface DerivedRebuild {
  /** The table (with an `id` column) whose rows it is computed over. */
  over: string;
  /**
   * The statement adding what the rows of `over` within `range` (a condition on a column
   * holding its ids) give to the table; `t` names each table (the live one, or its shadow).
   */
  add(t: (table: string) => string, range: (column: string) => string): string;
}

/** Rows of `over` a derived table's shadow takes per statement (PGlite, outside a transaction). */
const DERIVED_PIECE_ROWS = 1_000;

/** Where one table's rows of the file go: a row at a time in, then `end`. */
interface TableLoad {
  /** Format 1: a row's JSON text. */
  json(text: string): Promise<void>;
  /** Format 2: a row's COPY text line (without its newline). */
  line(line: Buffer): Promise<void>;
  end(): Promise<void>;
  abort(err: Error): void;
}

/**
 * Loads rows of `source`'s shape into `target` (the table itself, a staging or a shadow table).
 * `piece`: outside a transaction on PGlite, the most bytes one statement takes, and a turn for
 * other requests' queries after each.
 */
async function loadInto(
  db: DbOrTx,
  format: number,
  source: TableInfo,
  target: string,
  fileColumns: string[],
  piece?: number,
): Promise<TableLoad> {
  const cols = fileColumns
    .filter((c) => !source.generated.includes(c))
    .map(ident)
    .join(', ');
  if (format !== 1) {
    const copy = await copyIn(db, target, cols, piece);
    let pending: Buffer[] = [];
    let bytes = 0;
    const send = async () => {
      const lines = Buffer.concat(pending);
      pending = [];
      bytes = 0;
      await copy.write(lines);
      if (piece) await yieldToOthers();
    };
    return {
      json: () => Promise.reject(refusal('BACKUP_CORRUPT', 'structure')),
      async line(line) {
        // Copied: the reader reuses nothing, but a line is a view into a larger piece.
        pending.push(line, NEWLINE);
        bytes += line.length + 1;
        if (bytes >= Math.min(COPY_BATCH_BYTES, piece ?? COPY_BATCH_BYTES)) await send();
      },
      async end() {
        if (bytes) await send();
        await copy.end();
      },
      abort: (err) => copy.abort(err),
    };
  }
  let batch: string[] = [];
  let batchBytes = 0;
  // The insert under way: the next batch is read and gathered meanwhile (reading and inserting
  // overlap; one batch waits at most, memory stays bounded).
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const insert = sql`${sql.raw(`insert into ${target} (${cols}) overriding system value select ${cols} from json_populate_recordset(null::${ident(source.name)}, `)}${'[' + batch.join(',') + ']'}::json)`;
    batch = [];
    batchBytes = 0;
    await inFlight;
    // `then` once: Drizzle's query runs on every `then` of its QueryPromise.
    inFlight = db.execute(insert).then(() => (piece ? yieldToOthers() : undefined));
    // Its failure is thrown where it is awaited: before the next batch or after the last.
    inFlight.catch(() => {});
  };
  return {
    async json(text) {
      batch.push(text);
      batchBytes += text.length;
      if (batch.length >= INSERT_ROWS || batchBytes >= (piece ?? INSERT_BYTES)) await flush();
    },
    line: () => Promise.reject(refusal('BACKUP_CORRUPT', 'structure')),
    async end() {
      await flush();
      await inFlight;
    },
    abort() {
      batch = [];
    },
  };
}

/**
 * Reads the file's rows into loads: `loadFor` says where a table's rows go (null: nowhere).
 * Refuses (BACKUP_CORRUPT) a file that changed since it was validated.
 */
async function readRowsInto(
  file: string,
  validated: ValidatedBackup,
  loadFor: (table: TableInfo, columns: string[]) => Promise<TableLoad | null>,
  onProgress?: RestoreProgress,
): Promise<void> {
  const tables = new Map(dataTables().map((t) => [t.name, t]));
  let load: TableLoad | null = null;
  const done = { tablesDone: 0, rowsDone: 0 };
  const count = () => {
    if (++done.rowsDone % PROGRESS_ROWS === 0) onProgress?.(done);
  };
  try {
    const { trailer } = await readBackup(file, {
      header() {},
      async table(name, columns) {
        load = await loadFor(tables.get(name)!, columns);
      },
      async rowText(text) {
        if (!load) return;
        count();
        await load.json(text);
      },
      async copyRow(line) {
        if (!load) return;
        count();
        await load.line(line);
      },
      async end() {
        if (!load) return;
        await load.end();
        load = null;
        done.tablesDone++;
        onProgress?.(done);
      },
    });
    // The file was replaced between the readings: the checksum no longer matches.
    if (trailer.sha256 !== validated.trailer.sha256) throw refusal('BACKUP_CORRUPT', 'checksum');
  } catch (err) {
    (load as TableLoad | null)?.abort(err as Error);
    throw err;
  }
}

/**
 * Step 1: the backup's audit rows into the staging table `staging` (audit/merge.ts), outside
 * any transaction (PGlite answers other requests between the pieces); then the rows the trail
 * already holds are dropped from it. Returns how many were dropped.
 */
export async function stageAuditRows(
  db: Db,
  file: string,
  validated: ValidatedBackup,
  staging: string,
  onProgress?: RestoreProgress,
): Promise<number> {
  const format = validated.header.format;
  await readRowsInto(
    file,
    validated,
    (table, columns) =>
      table.name === 'audit_log'
        ? loadInto(db, format, table, staging, columns, SHADOW_PIECE_BYTES)
        : Promise.resolve(null),
    // Rows of the audit table alone (the others' are read past): one table.
    (p) => onProgress?.({ tablesDone: 0, rowsDone: p.rowsDone }),
  );
  const staged = validated.rows.get('audit_log') ?? 0;
  const dropped = await dropStagedRowsPresent(db, staging);
  // The rows dropped leave their space behind, which the merge in the transaction would read
  // through: given back here (all of it when none is left: a backup of this database).
  await db.execute(sql.raw(dropped === staged ? `truncate ${staging}` : `vacuum ${staging}`));
  onProgress?.({ tablesDone: 1, rowsDone: staged });
  return dropped;
}

/**
 * Drops the indexes of `tables` that no constraint needs and returns their definitions: rows go
 * in faster without them and each is then built once, sorted (as pg_restore does). Unique and
 * primary keys and exclusion constraints stay and check every row as it comes.
 */
async function dropSecondaryIndexes(
  tx: Tx,
  tables: string[],
): Promise<{ table: string; def: string }[]> {
  const indexes = rowsOf<{ name: string; table: string; def: string }>(
    await tx.execute(sql`
      select quote_ident(i.relname) as name, t.relname as table, pg_get_indexdef(i.oid) as def
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relnamespace = 'public'::regnamespace
        and t.relname = any(${`{${tables.join(',')}}`}::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by 1`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  return indexes;
}

/**
 * Drops the foreign keys of `tables` and returns their definitions: each is then checked once
 * over the loaded rows (one join) instead of row by row as they come (as pg_restore does).
 * validate.ts checked every reference of the file before; adding the keys back checks again.
 */
async function dropForeignKeys(
  tx: Tx,
  tables: string[],
): Promise<{ table: string; name: string; def: string }[]> {
  const keys = rowsOf<{ table: string; name: string; def: string }>(
    await tx.execute(sql`
      select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relnamespace = 'public'::regnamespace
        and t.relname = any(${`{${tables.join(',')}}`}::text[])
      order by 1, 2`),
  );
  for (const k of keys) {
    await tx.execute(sql.raw(`alter table ${ident(k.table)} drop constraint ${ident(k.name)}`));
  }
  return keys;
}

/**
 * Moves every serial/identity sequence of the tables in `schema` (but `skip`) past the largest
 * value its column holds.
 */
async function resetSequences(
  tx: DbOrTx,
  schema = 'public',
  skip: Set<string> = new Set(),
): Promise<void> {
  const seqs = rowsOf<{ table_name: string; column_name: string; seq: string }>(
    // From the catalogue, as pg_get_serial_sequence finds them (serial: 'a', identity: 'i');
    // that function over information_schema may be planned onto tables of other schemas.
    await tx.execute(sql`
      select t.relname as table_name, a.attname as column_name,
        quote_ident(n.nspname) || '.' || quote_ident(s.relname) as seq
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_namespace n on n.oid = s.relnamespace
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and t.relnamespace = ${schema}::regnamespace`),
  );
  for (const s of seqs) {
    if (skip.has(s.table_name)) continue;
    await tx.execute(
      sql.raw(
        `select setval('${s.seq.replaceAll("'", "''")}', coalesce((select max(${ident(s.column_name)}) from ${ident(schema)}.${ident(s.table_name)}), 0) + 1, false)`,
      ),
    ); // Outside a transaction (the shadow's), other requests' turn between them.
    await yieldToOthers();
  }
}

export interface ReplaceProgress {
  /** Rows loaded, tables done. */
  replace: RestoreProgress;
  /** The rows are in: the indexes and keys are built next. */
  rebuildStart(): void;
  /** Tables whose indexes and keys are built again, and their rows; the audit merge last. */
  rebuild: RestoreProgress;
}

/**
 * Step 2: replaces all data with the (validated) file's in `tx` and merges the staged audit
 * rows. The restoring admin's session row (`keepSession`) survives when the backup holds their
 * account; every other session ends.
 */
export async function replaceAll(
  tx: Tx,
  file: string,
  validated: ValidatedBackup,
  keepSessionId: number | null,
  /** `dropped` null: not staged yet (step 1 skipped), the audit rows are staged here. */
  staging: { name: string; dropped: number | null },
  onProgress?: ReplaceProgress,
): Promise<{ keptOwnSession: boolean; audit: AuditMerge }> {
  const keep = await lockAndKeep(tx, validated, keepSessionId);

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
  const replaced = dataTables().filter((t) => !APPEND_ONLY_TABLES.has(t.name));
  const names = replaced.map((t) => t.name);
  const keys = await dropForeignKeys(tx, names);
  const indexes = await dropSecondaryIndexes(tx, names);
  // Their triggers keep derived tables current row by row; those are rebuilt once at the end.
  for (const name of names)
    await tx.execute(sql.raw(`alter table ${ident(name)} disable trigger user`));

  const format = validated.header.format;
  await readRowsInto(
    file,
    validated,
    (table, columns) =>
      table.name === 'audit_log' && staging.dropped === null
        ? loadInto(tx, format, table, staging.name, columns)
        : APPEND_ONLY_TABLES.has(table.name)
          ? Promise.resolve(null)
          : loadInto(tx, format, table, ident(table.name), columns),
    onProgress?.replace,
  );
  for (const name of names)
    await tx.execute(sql.raw(`alter table ${ident(name)} enable trigger user`));

  // Each table's indexes and keys (every table is loaded: a key's check reads both sides).
  onProgress?.rebuildStart();
  const rebuilt = { tablesDone: 0, rowsDone: 0 };
  for (const table of replaced) {
    for (const index of indexes.filter((i) => i.table === table.name)) {
      await tx.execute(sql.raw(index.def));
    }
    for (const k of keys.filter((key) => key.table === table.name)) {
      await tx.execute(
        sql.raw(`alter table ${ident(k.table)} add constraint ${ident(k.name)} ${k.def}`),
      );
    }
    rebuilt.tablesDone++;
    rebuilt.rowsDone += validated.rows.get(table.name) ?? 0;
    onProgress?.rebuild(rebuilt);
  }
  const audit = await finishReplace(tx, keep, staging, rebuilt, onProgress);
  return { keptOwnSession: keep !== undefined, audit };
}

/**
 * The end of a replacement, in its transaction: what is derived from the rows, the restorer's
 * session, the audit rows' merge (the last step of `rebuild`) and the sequences.
 */
async function finishReplace(
  tx: Tx,
  keep: string | undefined,
  staging: { name: string; dropped: number | null },
  rebuilt: { tablesDone: number; rowsDone: number },
  onProgress?: ReplaceProgress,
  /** Derived tables already computed (into their shadows). */
  derivedDone: Set<string> = new Set(),
  /** Tables whose sequences are already past their rows (the shadow ones, still apart). */
  sequencesDone: Set<string> = new Set(),
): Promise<AuditMerge> {
  for (const [table, rebuild] of Object.entries(DERIVED_REBUILD)) {
    if (derivedDone.has(table)) continue;
    await tx.execute(sql.raw(`delete from ${ident(table)}`));
    await tx.execute(sql.raw(rebuild.add(ident, () => 'true')));
  }
  if (keep) {
    await tx.execute(
      sql`insert into sessions select * from json_populate_record(null::sessions, ${keep}::json)`,
    );
  }
  const audit = await mergeStagedAuditRows(tx, staging.name, staging.dropped ?? 0);
  rebuilt.tablesDone++;
  onProgress?.rebuild(rebuilt);
  await resetSequences(tx, 'public', sequencesDone);
  return audit;
}

/** Takes the backup lock of the restore's transaction; the restorer's session row as JSON. */
async function lockAndKeep(
  tx: Tx,
  validated: ValidatedBackup,
  keepSessionId: number | null,
): Promise<string | undefined> {
  const lock = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${LockKey.Backup}) as locked`),
  );
  if (lock[0]?.locked === false) throw new AppError('BACKUP_BUSY');
  return keepSessionId !== null && validated.hasUser
    ? rowsOf<{ j: string }>(
        await tx.execute(
          sql`select row_to_json(s)::text as j from sessions s where id = ${keepSessionId}`,
        ),
      )[0]?.j
    : undefined;
}

/** PGlite: COPY text per statement into a shadow table (tens of milliseconds each). */
const SHADOW_PIECE_BYTES = 96 * 1024;

/**
 * PGlite, outside any transaction (shadow.ts): the file's rows of every replaced table into its
 * shadow table, a piece at a time, then the shadow tables' keys, indexes and triggers, a
 * statement at a time; other requests' queries run between them all.
 */
export async function loadShadow(
  db: Db,
  file: string,
  validated: ValidatedBackup,
  shadow: Shadow,
  onProgress?: ReplaceProgress,
): Promise<void> {
  const format = validated.header.format;
  const shadowed = new Set(shadow.tables.map((t) => t.name));
  await readRowsInto(
    file,
    validated,
    (table, columns) =>
      shadowed.has(table.name)
        ? loadInto(db, format, table, shadowOf(shadow, table.name), columns, SHADOW_PIECE_BYTES)
        : Promise.resolve(null),
    onProgress?.replace,
  );
  onProgress?.rebuildStart();
  const rebuilt = { tablesDone: 0, rowsDone: 0 };
  await buildShadowTables(db, shadow, (table) => {
    if (shadow.derived.has(table.name)) return;
    rebuilt.tablesDone++;
    rebuilt.rowsDone += validated.rows.get(table.name) ?? 0;
    onProgress?.rebuild(rebuilt);
  });
  // The derived tables from the shadow ones, a range of rows at a time.
  const named = (table: string) =>
    shadow.tables.some((t) => t.name === table) ? shadowOf(shadow, table) : ident(table);
  for (const table of shadow.derived) {
    const rebuild = DERIVED_REBUILD[table]!;
    const over = named(rebuild.over);
    // Ranges of DERIVED_PIECE_ROWS ids (their key's index finds each range's end).
    const idAt = async (query: string) =>
      rowsOf<{ id: string }>(await db.execute(sql.raw(query)))[0]?.id ?? null;
    let from = await idAt(`select min(id)::text as id from ${over}`);
    while (from !== null) {
      const to = await idAt(
        // Ordered by the column, not by the text of the answer (`id` there names the text:
        // every row of the rest sorted as text, and ranges of any size).
        `select o.id::text as id from ${over} o where o.id >= ${from} order by o.id offset ${DERIVED_PIECE_ROWS} limit 1`,
      );
      await yieldToOthers();
      await db.execute(
        sql.raw(
          rebuild.add(named, (c) => `${c} >= ${from}${to === null ? '' : ` and ${c} < ${to}`}`),
        ),
      );
      from = to;
      await yieldToOthers();
    }
  }
  // Their rows change no more until the switch: their sequences are moved past them here.
  await resetSequences(db, shadow.schema);
}

/**
 * How the restore's transaction puts the shadow tables in place (shadow.ts): `switch` (the
 * names find them from its commit on; they move into public after it, a statement at a time)
 * or `move` (dropped and moved inside it: the transaction holds the connection longer).
 */
export type ShadowSwap = 'switch' | 'move';

/**
 * PGlite, the restore's short transaction after `loadShadow`: the shadow tables take the live
 * ones' place (`how`), every other table but the audit trail is emptied, and the replacement
 * ends as `replaceAll`'s does (staged audit rows merged, sessions, sequences).
 */
export async function swapAll(
  tx: Tx,
  validated: ValidatedBackup,
  keepSessionId: number | null,
  staging: { name: string; dropped: number },
  shadow: Shadow,
  how: ShadowSwap,
  onProgress?: ReplaceProgress,
): Promise<{ keptOwnSession: boolean; audit: AuditMerge }> {
  const keep = await lockAndKeep(tx, validated, keepSessionId);
  const shadowed = new Set(shadow.tables.map((t) => t.name));
  const emptied = allTables().filter(
    (t) => !APPEND_ONLY_TABLES.has(t.name) && !shadowed.has(t.name),
  );
  if (emptied.length) {
    await tx.execute(sql.raw(`truncate ${emptied.map((t) => ident(t.name)).join(', ')}`));
  }
  if (how === 'move') await swapIn(tx, shadow);
  else await pointKeptTablesAtShadow(tx, shadow);
  const loaded = shadow.tables.filter((t) => !shadow.derived.has(t.name));
  const rebuilt = {
    tablesDone: loaded.length,
    rowsDone: loaded.reduce((n, t) => n + (validated.rows.get(t.name) ?? 0), 0),
  };
  const audit = await finishReplace(
    tx,
    keep,
    staging,
    rebuilt,
    onProgress,
    shadow.derived,
    // Moved, they are public's; else still apart, and their sequences already set.
    how === 'move' ? new Set() : shadowed,
  );
  if (how === 'switch') await switchTo(tx, shadow);
  return { keptOwnSession: keep !== undefined, audit };
}
