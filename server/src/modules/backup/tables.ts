// The tables a backup holds, read from the Drizzle schema (db/schema.ts) so that a table a
// module adds later is backed up and restored without anyone listing it here. They come in
// foreign-key order: a table after every table it references.
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';

export interface ForeignKeyInfo {
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export interface TableInfo {
  name: string;
  /** Column names in the database. */
  columns: string[];
  /** Columns PostgreSQL computes itself (GENERATED ALWAYS AS): never inserted. */
  generated: string[];
  /** Columns that may be left out of an insert (nullable or with a default). */
  optional: string[];
  foreignKeys: ForeignKeyInfo[];
}

/**
 * Tables whose rows never go into a backup:
 * - sessions and sign-in throttling are secrets and short-lived state of the running server
 *   (a backup must not carry working session tokens); a restore signs everyone out instead;
 * - derived tables are recomputed from the restored rows (`DERIVED_REBUILD` in restore.ts).
 */
export const EPHEMERAL_TABLES = new Set(['sessions', 'login_throttle']);
export const DERIVED_TABLES = new Set(['guide_filter_counts']);
/**
 * Tables a restore never replaces: the audit trail is append-only (product.md, "Audit trail").
 * A backup carries them; a restore merges the backup's audit rows in (modules/audit/merge.ts)
 * and keeps the trail's anchor.
 */
export const APPEND_ONLY_TABLES = new Set(['audit_log', 'audit_anchor']);

function describe(table: PgTable): TableInfo {
  const config = getTableConfig(table);
  return {
    name: config.name,
    columns: config.columns.map((c) => c.name),
    generated: config.columns.filter((c) => c.generated !== undefined).map((c) => c.name),
    optional: config.columns.filter((c) => !c.notNull || c.hasDefault).map((c) => c.name),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        columns: ref.columns.map((c) => c.name),
        foreignTable: getTableConfig(ref.foreignTable).name,
        foreignColumns: ref.foreignColumns.map((c) => c.name),
      };
    }),
  };
}

/** Orders tables so that each comes after those it references (ties by name). */
export function foreignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo, path: Set<string>) => {
    if (done.has(t.name)) return;
    if (path.has(t.name)) throw new Error(`Foreign-key cycle through ${t.name}`);
    path.add(t.name);
    for (const fk of t.foreignKeys) {
      const dep = byName.get(fk.foreignTable);
      if (dep && dep.name !== t.name) visit(dep, path);
    }
    path.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t, new Set());
  return out;
}

let cached: TableInfo[] | null = null;

/** Every table of the schema, in foreign-key order. */
export function allTables(): TableInfo[] {
  if (!cached) {
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    cached = foreignKeyOrder(tables.map(describe));
  }
  return cached;
}

/** The tables whose rows a backup carries, in foreign-key order. */
export const dataTables = () =>
  allTables().filter((t) => !EPHEMERAL_TABLES.has(t.name) && !DERIVED_TABLES.has(t.name));

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
