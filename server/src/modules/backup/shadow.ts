// A PGlite restore that other requests can run beside (issue 25 points 12 and 16). PGlite has
// one connection: other requests' queries run between the restore's statements, and none at
// all inside its open transaction. So the replaced tables are built beside the live ones first,
// outside any transaction, a statement at a time, other requests' queries between them:
// 1. a shadow schema (`restore_shadow_<random>`) gets an empty copy of each replaced table
//    (columns, defaults, generated columns, checks; its own copies of the serial sequences) and
//    of each derived table; the rows go in through COPY in small pieces (restore.ts), then each
//    table's keys and indexes are built (a large table's before its rows: sorting it once would
//    be one long statement), under the live ones' own names, then its foreign keys (onto the
//    other shadow tables) and triggers; the derived tables are computed from the shadow ones,
//    a range of rows at a time;
// 2. the restore's transaction (restore.ts, `switchAll`) is short: the foreign keys of the tables
//    kept (sessions) are made again onto the shadow tables, the audit rows merged, the schema
//    marked as switched to, and the connection's search_path set to it first: every name the
//    app sends (unqualified) now finds the shadow table, every other the one in public;
// 3. after it, a statement at a time (`finishSwitch`): the live tables are dropped (a name
//    still finds its shadow table first), then each shadow table moves into public (a name finds
//    it there), the search_path goes back and the empty schema goes. Every state between two of
//    these statements reads the restored rows.
// A restore that fails before its transaction commits drops the shadow schema: the live tables
// were never touched. A server stopped midway leaves one behind: not switched to, it is dropped
// by the next restore (and the embedded database's next opening); switched to, they finish it
// (the opening before it migrates: `settleRestoreLeftByAStop`).
// (`swapIn`, the earlier step 2: the whole swap in the one transaction, for comparison.)
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db, DbKind, DbOrTx, SettledRestore, Tx } from '../../db/types';
import { dropAuditStagingLeftByAStop } from '../audit/merge';
import { rowsOf } from './write';
import { allTables, ident, type TableInfo } from './tables';

export const SHADOW_PREFIX = 'restore_shadow_';

/** A table's definitions beyond its columns, read from the live table. */
interface TableDdl {
  /** Primary keys, unique and exclusion constraints: name and definition. */
  keys: { name: string; def: string }[];
  /** Indexes no constraint owns (CREATE INDEX statements on the live table). */
  indexes: string[];
  foreignKeys: ForeignKey[];
  /** Triggers (CREATE TRIGGER statements on the live table) and those disabled. */
  triggers: { def: string; name: string; disabled: boolean }[];
}

/** A foreign key: name, definition, the table referenced (as the definition prints it). */
interface ForeignKey {
  name: string;
  def: string;
  ref: string;
  refName: string;
}

/** A foreign key's definition made to reference `to` (a quoted, qualified table name). */
function referencing(k: ForeignKey, to: string): string {
  // The definition names the referenced table as `ref` prints (unqualified on the path).
  const refers = ` REFERENCES ${k.ref}(`;
  const at = k.def.indexOf(refers);
  if (at === -1) throw new Error(`Cannot move to the shadow table: ${k.def}`);
  return `${k.def.slice(0, at)} REFERENCES ${to}(${k.def.slice(at + refers.length)}`;
}

/** A serial column's sequence (owned by its column), as `pg_sequence` holds it. */
interface OwnedSequence {
  name: string;
  table: string;
  column: string;
  type: string;
  increment: string;
  min: string;
  max: string;
  start: string;
  cache: string;
  cycle: boolean;
}

export interface Shadow {
  schema: string;
  /** The replaced tables, in foreign-key order. */
  tables: TableInfo[];
  ddl: Map<string, TableDdl>;
  /** Tables whose keys and indexes were made before their rows came (large ones). */
  indexedFirst: Set<string>;
  /** Of the tables, those computed from the others (not read from the file). */
  derived: Set<string>;
  /** Foreign keys of tables kept onto tables replaced: dropped and made again by the swap. */
  outside: ({ table: string } & ForeignKey)[];
  /** The live tables' serial sequences, of which the shadow tables get their own copies. */
  owned: OwnedSequence[];
}

const exec = (db: DbOrTx, statement: string) => db.execute(sql.raw(statement));

/**
 * A statement outside any transaction, then a turn for other requests: PGlite answers in this
 * thread and its answers resolve as microtasks, so statements awaited back to back hold the
 * event loop (no timer, no socket) until the last, however short each is.
 */
async function step(db: Db, statement: string): Promise<void> {
  await exec(db, statement);
  await yieldToOthers();
}

/** The shadow schemas left by restores that never finished (a server stopped midway). */
async function shadowSchemas(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`select nspname as name from pg_namespace where starts_with(nspname, ${SHADOW_PREFIX})`,
    ),
  ).map((r) => r.name);
}

export async function dropShadow(db: DbOrTx, schema: string): Promise<void> {
  if (!schema.startsWith(SHADOW_PREFIX)) throw new Error(`Not a shadow schema: ${schema}`);
  await exec(db, `drop schema if exists ${ident(schema)} cascade`);
}

/** What a shadow schema is marked with once the restore's transaction switched to it. */
const SWITCHED = 'switched to by a restore';

async function isSwitchedTo(db: DbOrTx, schema: string): Promise<boolean> {
  const [row] = rowsOf<{ note: string | null }>(
    await db.execute(
      sql`select obj_description(oid, 'pg_namespace') as note from pg_namespace where nspname = ${schema}`,
    ),
  );
  return row?.note === SWITCHED;
}

/**
 * A restore's shadow schema left behind, settled: one switched to holds the restored data and
 * is finished (its tables take the live ones' place), any other is dropped. Says which.
 */
async function settleShadow(db: Db, schema: string): Promise<'finished' | 'dropped'> {
  if (!(await isSwitchedTo(db, schema))) {
    await dropShadow(db, schema);
    return 'dropped';
  }
  await finishSwitch(db, schema);
  return 'finished';
}

export async function dropStaleShadows(db: Db): Promise<void> {
  for (const schema of await shadowSchemas(db)) await settleShadow(db, schema);
}

/**
 * When the embedded database opens (db/client.ts), before its migrations and before anything
 * reads the tables: settles what a restore its process was stopped in left behind. Its shadow
 * schemas are finished when its transaction had committed (the restored data are in them),
 * else dropped; its audit staging table is dropped (that transaction drops it once merged).
 * One process holds that database, so no restore is running then; on PostgreSQL (which never
 * switches: the swap is one transaction) another instance may be restoring, so its leftovers
 * wait for the next restore there.
 */
export async function settleRestoreLeftByAStop(database: {
  kind: DbKind;
  db: Db;
}): Promise<SettledRestore> {
  const settled: SettledRestore = { finished: [], dropped: [], stagingDropped: [] };
  if (database.kind !== 'pglite') return settled;
  // First: one made while a switch's search_path still led to its shadow schema lies there,
  // where finishing the switch would refuse it.
  settled.stagingDropped = await dropAuditStagingLeftByAStop(database.db);
  for (const schema of await shadowSchemas(database.db)) {
    settled[await settleShadow(database.db, schema)].push(schema);
  }
  return settled;
}

/** Leftover shadow schemas (none once a restore ended, whichever way). */
export const leftoverShadows = shadowSchemas;

const inList = (names: string[]) => `{${names.join(',')}}`;

/**
 * Whether the live tables can be swapped: nothing but tables of the schema depends on them (a
 * view would have to be rebuilt; the restore then replaces the rows in its transaction).
 */
export async function canShadow(db: Db, names: string[]): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from pg_depend d
      join pg_class t on t.oid = d.refobjid
      where d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
        and t.relnamespace = 'public'::regnamespace and t.relname = any(${inList(names)}::text[])
        and not exists (select 1 from pg_rewrite r where r.oid = d.objid and r.ev_class = t.oid)`),
  );
  return row!.n === 0;
}

async function readDdl(db: Db, table: string): Promise<TableDdl> {
  const keys = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select c.conname as name, pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = ${`public.${ident(table)}`}::regclass and c.contype in ('p', 'u', 'x')
      order by c.contype, c.conname`),
  );
  const indexes = rowsOf<{ def: string }>(
    await db.execute(sql`
      select pg_get_indexdef(x.indexrelid) as def from pg_index x
      where x.indrelid = ${`public.${ident(table)}`}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      order by x.indexrelid`),
  ).map((r) => r.def);
  const foreignKeys = rowsOf<{ name: string; def: string; ref: string; refName: string }>(
    await db.execute(sql`
      select c.conname as name, pg_get_constraintdef(c.oid) as def,
        c.confrelid::regclass::text as ref, r.relname as "refName"
      from pg_constraint c join pg_class r on r.oid = c.confrelid
      where c.conrelid = ${`public.${ident(table)}`}::regclass and c.contype = 'f'
      order by c.conname`),
  );
  const triggers = rowsOf<{ def: string; name: string; disabled: boolean }>(
    await db.execute(sql`
      select pg_get_triggerdef(g.oid) as def, g.tgname as name, g.tgenabled = 'D' as disabled
      from pg_trigger g
      where g.tgrelid = ${`public.${ident(table)}`}::regclass and not g.tgisinternal
      order by g.tgname`),
  );
  return { keys, indexes, foreignKeys, triggers };
}

/** A statement on the live table made one on its shadow (it names the table once: ` ON …`). */
function onShadow(def: string, table: string, schema: string): string {
  for (const on of [` ON public.${ident(table)} `, ` ON public.${table} `]) {
    const at = def.indexOf(on);
    if (at !== -1) {
      return `${def.slice(0, at)} ON ${ident(schema)}.${ident(table)} ${def.slice(at + on.length)}`;
    }
  }
  for (const on of [` ON ONLY public.${ident(table)} `, ` ON ONLY public.${table} `]) {
    const at = def.indexOf(on);
    if (at !== -1) {
      return `${def.slice(0, at)} ON ONLY ${ident(schema)}.${ident(table)} ${def.slice(at + on.length)}`;
    }
  }
  throw new Error(`Cannot move to the shadow table: ${def}`);
}

/**
 * Creates the shadow schema and an empty copy of each of `tables` in it (columns, defaults,
 * generated columns, not-null and check constraints: no key or index yet, rows go in faster).
 */
export async function createShadow(
  db: Db,
  tables: TableInfo[],
  /** Tables whose keys and indexes come first and take each piece of rows as it comes. */
  indexedFirst: Set<string> = new Set(),
  /** Of the tables, those computed from the others (their keys and indexes come first). */
  derived: Set<string> = new Set(),
): Promise<Shadow> {
  await dropStaleShadows(db);
  const schema = `${SHADOW_PREFIX}${randomBytes(6).toString('hex')}`;
  const ddl = new Map<string, TableDdl>();
  for (const t of tables) {
    ddl.set(t.name, await readDdl(db, t.name));
    await yieldToOthers();
  }
  await step(db, `create schema ${ident(schema)}`);
  for (const t of tables) {
    await step(
      db,
      `create table ${ident(schema)}.${ident(t.name)} (like public.${ident(t.name)} including all excluding indexes)`,
    );
  }
  const swap = await readSwap(
    db,
    tables.map((t) => t.name),
  );
  for (const q of swap.owned) {
    const seq = `${ident(schema)}.${ident(q.name)}`;
    const column = `${ident(schema)}.${ident(q.table)}.${ident(q.column)}`;
    await step(
      db,
      `create sequence ${seq} as ${q.type} increment by ${q.increment} minvalue ${q.min} maxvalue ${q.max} start with ${q.start} cache ${q.cache} ${q.cycle ? '' : 'no '}cycle owned by ${column}`,
    );
    await step(
      db,
      `alter table ${ident(schema)}.${ident(q.table)} alter column ${ident(q.column)} set default nextval('${seq.replaceAll("'", "''")}'::regclass)`,
    );
  }
  const shadow: Shadow = {
    schema,
    tables,
    ddl,
    indexedFirst: new Set([...indexedFirst, ...derived]),
    derived,
    ...swap,
  };
  for (const t of tables) {
    if (!shadow.indexedFirst.has(t.name)) continue;
    for (const statement of keysAndIndexes(shadow, t.name)) await step(db, statement);
  }
  return shadow;
}

/** The shadow of `table`, quoted. */
export const shadowOf = (shadow: Shadow, table: string) =>
  `${ident(shadow.schema)}.${ident(table)}`;

/** The statements that make a shadow table's keys (primary, unique, exclusion) and indexes. */
function keysAndIndexes(shadow: Shadow, table: string): string[] {
  const d = shadow.ddl.get(table)!;
  const target = shadowOf(shadow, table);
  return [
    ...d.keys.map((k) => `alter table ${target} add constraint ${ident(k.name)} ${k.def}`),
    ...d.indexes.map((index) => onShadow(index, table, shadow.schema)),
  ];
}

/**
 * Builds each loaded shadow table's keys and indexes (sorted once, as pg_restore does, unless
 * made before its rows), then its foreign keys (in foreign-key order: a key's check reads the
 * shadow table it references) and triggers; a statement at a time, other requests' queries
 * between them. `onTable` after each table. The live tables were never analysed either (PGlite
 * runs no autovacuum): the planner reads the sizes the index builds leave.
 */
export async function buildShadowTables(
  db: Db,
  shadow: Shadow,
  onTable?: (table: TableInfo) => void,
): Promise<void> {
  const names = new Set(shadow.tables.map((t) => t.name));
  for (const t of shadow.tables) {
    const d = shadow.ddl.get(t.name)!;
    const target = shadowOf(shadow, t.name);
    if (!shadow.indexedFirst.has(t.name)) {
      for (const statement of keysAndIndexes(shadow, t.name)) await step(db, statement);
    }
    for (const k of d.foreignKeys) {
      const to = names.has(k.refName) ? shadowOf(shadow, k.refName) : `public.${ident(k.refName)}`;
      await step(db, `alter table ${target} add constraint ${ident(k.name)} ${referencing(k, to)}`);
    }
    for (const g of d.triggers) {
      await step(db, onShadow(g.def, t.name, shadow.schema));
      if (g.disabled) await step(db, `alter table ${target} disable trigger ${ident(g.name)}`);
    }
    onTable?.(t);
  }
}

/**
 * What the swap changes beside the tables (read before, the schema does not change meanwhile):
 * foreign keys of tables kept onto tables replaced (sessions → users), made again after; the
 * live tables' serial sequences, copied for the shadow tables (a copy's default still uses the
 * live one) so that they move in with them.
 */
async function readSwap(db: Db, names: string[]): Promise<Pick<Shadow, 'outside' | 'owned'>> {
  const list = inList(names);
  const outside = rowsOf<Shadow['outside'][number]>(
    await db.execute(sql`
      select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def,
        c.confrelid::regclass::text as ref, r.relname as "refName"
      from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
      where c.contype = 'f' and r.relnamespace = 'public'::regnamespace and r.relname = any(${list}::text[])
        and t.relnamespace = 'public'::regnamespace and not (t.relname = any(${list}::text[]))
      order by 1, 2`),
  );
  const owned = rowsOf<OwnedSequence>(
    await db.execute(sql`
      select s.relname as name, t.relname as table, a.attname as column,
        format_type(q.seqtypid, null) as type, q.seqincrement::text as increment,
        q.seqmin::text as min, q.seqmax::text as max, q.seqstart::text as start,
        q.seqcache::text as cache, q.seqcycle as cycle
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_sequence q on q.seqrelid = s.oid
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype = 'a' and t.relnamespace = 'public'::regnamespace
        and t.relname = any(${list}::text[])
      order by 2, 3`),
  );
  return { outside, owned };
}

/**
 * In the restore's transaction: the live tables of the shadow are dropped and the shadow ones
 * take their place (with their keys, indexes and triggers, under the same names). Their serial
 * sequences stay the live ones (the copies' defaults already use them) and are handed over; the
 * foreign keys of other tables onto them (sessions) are made again. The schema goes.
 */
export async function swapIn(tx: Tx, shadow: Shadow): Promise<void> {
  for (const k of shadow.outside) {
    await exec(tx, `alter table public.${ident(k.table)} drop constraint ${ident(k.name)}`);
  }
  // Their sequences go with them (the shadow tables have their own).
  await exec(
    tx,
    `drop table ${[...shadow.tables]
      .reverse()
      .map((t) => `public.${ident(t.name)}`)
      .join(', ')}`,
  );
  // With their keys, indexes, triggers and sequences.
  for (const t of shadow.tables) {
    await exec(tx, `alter table ${shadowOf(shadow, t.name)} set schema public`);
  }
  for (const k of shadow.outside) {
    await exec(tx, `alter table public.${ident(k.table)} add constraint ${ident(k.name)} ${k.def}`);
  }
  // Empty by now: anything left in it fails the restore instead of vanishing.
  await exec(tx, `drop schema ${ident(shadow.schema)}`);
}

/**
 * In the restore's transaction, before its other steps: the foreign keys of tables kept onto
 * tables replaced (sessions → users: emptied by then) are made again onto the shadow tables.
 */
export async function pointKeptTablesAtShadow(tx: Tx, shadow: Shadow): Promise<void> {
  for (const k of shadow.outside) {
    const table = `public.${ident(k.table)}`;
    await exec(tx, `alter table ${table} drop constraint ${ident(k.name)}`);
    await exec(
      tx,
      `alter table ${table} add constraint ${ident(k.name)} ${referencing(k, shadowOf(shadow, k.refName))}`,
    );
  }
}

/**
 * The restore's transaction's last step: the shadow schema is marked as switched to and put
 * first on the connection's search_path (the one connection's, for the rest of its life: a
 * `set` in a transaction that commits stays). The app names tables unqualified: from the
 * commit on, each name finds its shadow table. `finishSwitch` then tidies up.
 */
export async function switchTo(tx: Tx, shadow: Shadow): Promise<void> {
  await exec(tx, `comment on schema ${ident(shadow.schema)} is '${SWITCHED}'`);
  await exec(tx, `set search_path to ${ident(shadow.schema)}, public`);
}

/**
 * After the switch (or at the start after a stop), a statement at a time with other requests'
 * queries between them: the live tables the shadow ones replace are dropped (referencing ones
 * first), then each shadow table moves into public, with its keys, indexes, triggers and
 * sequences; the search_path goes back to its default and the empty schema goes. Between any
 * two steps every name finds the restored table: in the shadow schema, or once moved in public.
 */
export async function finishSwitch(
  db: Db,
  schema: string,
  /** What runs between two steps: other requests' turn (a test reads the tables there). */
  between: () => Promise<unknown> = yieldToOthers,
): Promise<void> {
  const step = async (statement: string) => {
    await exec(db, statement);
    await between();
  };
  const inShadow = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`
        select relname as name from pg_class
        where relnamespace = ${schema}::regnamespace and relkind in ('r', 'p')`),
    ).map((r) => r.name),
  );
  // Foreign-key order (every table the shadow holds is one of the schema's).
  const tables = allTables().filter((t) => inShadow.has(t.name));
  if (tables.length !== inShadow.size) throw new Error(`Unknown tables in ${schema}`);
  for (const t of [...tables].reverse()) await step(`drop table if exists public.${ident(t.name)}`);
  for (const t of tables)
    await step(`alter table ${ident(schema)}.${ident(t.name)} set schema public`);
  await step('set search_path to default');
  // Empty by now: anything left in it fails here instead of vanishing.
  await step(`drop schema ${ident(schema)}`);
}
