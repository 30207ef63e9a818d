// A backup's audit rows meet the live trail (issue 25 point 10). The trail is append-only
// (product.md, "Audit trail"): a restore never removes or rewrites a row of it. The backup's rows
// are staged in a table of their own (before the restore's transaction, a range of pages at a
// time between other requests: issue 25 point 16), those the trail already holds are dropped
// from it there, and the rest is merged inside the transaction:
// - a row the trail already holds (same id and hash, or failing that the same content) stays
//   as it is: a backup of this database holds a prefix of its trail;
// - the rows older than the trail's anchor, when the backup holds the anchor row itself, were
//   purged by retention since the backup was taken, and stay purged;
// - when the backup shares the trail's history (one of the above matched, or a row of the trail
//   follows one of the backup's), a row of it that the trail lacks, whose id is free and which
//   links onto the trail, was removed behind the trail's back: it goes back in its place, as
//   it was, which mends the chain there;
// - any other row (history from another database: a disaster recovery onto a new server) is
//   appended at the end of the chain, in its original order and with its original content,
//   chained onto the trail's last hash, so the trail still verifies.
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/types';
import { LockKey } from '../../db/locks';
import { auditLog } from './schema';
import { chainHash, GENESIS_HASH, type AuditEntry } from './chain';
import { readAnchor } from './queries';

/** Rows appended per statement. */
const APPEND_BATCH = 2000;
/** Staged pages checked against the trail per statement (tens of milliseconds on PGlite). */
const PREFILTER_PAGES = 32;
/**
 * Staging tables are named `${STAGING_PREFIX}<random>`: one per restore, dropped by it (one a
 * stopped process left, when the embedded database next opens: backup/shadow.ts).
 */
export const STAGING_PREFIX = 'restore_staged_audit_';

export interface AuditMerge {
  /** Rows of the backup's trail. */
  inBackup: number;
  /** Of those, rows the trail already holds. */
  alreadyPresent: number;
  /** Of those, rows purged by retention since the backup was taken. */
  purged: number;
  /** Of those, rows of this trail removed behind its back, put back in their place. */
  putBack: number;
  /** Of those, rows appended to the trail (another database's history). */
  appended: number;
}

/**
 * Creates an empty staging table shaped like the trail (no index, no constraint: rows go in
 * fast) and returns its name. Unlogged: it lives for one restore, which drops it.
 */
export async function createAuditStaging(db: Db): Promise<string> {
  const name = `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`;
  // In public: unqualified, it would go first on the search_path, into the shadow schema of a
  // switch whose tidying failed (backup/shadow.ts), which then cannot be finished.
  await db.execute(
    sql.raw(`create unlogged table public.${name} (like public.audit_log including defaults)`),
  );
  return name;
}

export async function dropAuditStaging(db: Db | Tx, name: string): Promise<void> {
  if (!name.startsWith(STAGING_PREFIX)) throw new Error(`Not a staging table: ${name}`);
  await db.execute(sql.raw(`drop table if exists ${name}`));
}

/**
 * The staging tables left by restores stopped midway (schema-qualified, quoted): the restore's
 * transaction merges a staging table's rows and drops it before it commits, so one left was
 * never merged and its restore never happened; the trail holds every row of its own.
 */
export async function leftoverAuditStaging(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(
    sql`select format('%I.%I', n.nspname, c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and starts_with(c.relname, ${STAGING_PREFIX})
        order by 1`,
  )) as unknown as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}

/** Drops the staging tables a stopped process left (`leftoverAuditStaging`); says which. */
export async function dropAuditStagingLeftByAStop(db: Db): Promise<string[]> {
  const left = await leftoverAuditStaging(db);
  for (const name of left) await db.execute(sql.raw(`drop table if exists ${name}`));
  return left;
}

/**
 * Drops the staged rows the trail already holds (same id and hash), a range of pages at a time
 * between other requests; returns how many. A backup of this database holds a prefix of its
 * trail: most of its rows go here, before the restore's transaction. The trail only grows
 * (and a row purged meanwhile stays purged), so what is dropped here stays right.
 */
export async function dropStagedRowsPresent(
  db: Db,
  name: string,
  onProgress?: (checked: number) => void,
): Promise<number> {
  const staged = sql.raw(name);
  const [size] = (
    (await db.execute(
      sql`select (pg_relation_size(${name}) / current_setting('block_size')::int)::int as pages`,
    )) as unknown as { rows: { pages: number }[] }
  ).rows;
  let dropped = 0;
  for (let page = 0; page <= size!.pages; page += PREFILTER_PAGES) {
    const range = sql.raw(
      `s.ctid >= '(${page},0)'::tid and s.ctid < '(${page + PREFILTER_PAGES},0)'::tid`,
    );
    dropped += await count(
      db,
      sql`with d as (delete from ${staged} s using audit_log a
            where ${range} and a.id = s.id and a.hash = s.hash returning 1)
          select count(*)::int as n from d`,
    );
    onProgress?.(Math.min(page + PREFILTER_PAGES, size!.pages));
    await yieldToOthers();
  }
  return dropped;
}

const count = async (tx: Db | Tx, query: ReturnType<typeof sql>) =>
  Number(((await tx.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/**
 * Merges the staged rows into the trail (see the top of this file) and drops the staging table;
 * holds the chain's lock. `dropped`: the backup's rows found in the trail before (and so no
 * longer staged).
 */
export async function mergeStagedAuditRows(
  tx: Tx,
  name: string,
  dropped: number,
): Promise<AuditMerge> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LockKey.AuditChain})`);
  const staged = sql.raw(name);
  const inBackup = dropped + (await count(tx, sql`select count(*)::int as n from ${staged}`));
  const alreadyPresent =
    dropped +
    (await count(
      tx,
      sql`with d as (delete from ${staged} s using audit_log a
          where a.id = s.id and a.hash = s.hash returning 1)
        select count(*)::int as n from d`,
    ));
  const anchor = await readAnchor(tx);
  let purged = 0;
  if (anchor) {
    purged = await count(
      tx,
      sql`with d as (delete from ${staged} s
            where s.id <= ${anchor.lastPurgedId} and exists (
              select 1 from ${staged} k where k.id = ${anchor.lastPurgedId} and k.hash = ${anchor.lastPurgedHash})
            returning 1)
          select count(*)::int as n from d`,
    );
  }
  // Shared history: a row matched, or a row of the trail follows one of the backup's.
  const shared =
    alreadyPresent + purged > 0 ||
    (await count(
      tx,
      sql`select count(*)::int as n from (select 1 from ${staged} s
            join audit_log a on a.prev_hash = s.hash limit 1) x`,
    )) > 0;
  // The same event under another id (a trail that went to another database and came back).
  const sameContent = await count(
    tx,
    sql`with d as (delete from ${staged} s using audit_log a
          where a.at = s.at and a.action = s.action and a.request_id = s.request_id
            and a.username = s.username and a.role = s.role and a.entity_type = s.entity_type
            and a.entity_id = s.entity_id and a.result = s.result and a.duration_ms = s.duration_ms
            and a.ip = s.ip and a.user_agent = s.user_agent
            and a.user_id is not distinct from s.user_id and a.diff is not distinct from s.diff
          returning 1)
        select count(*)::int as n from d`,
  );

  // Put back only what links into the trail: a free id whose row follows a row of the trail
  // (or the chain's start), and the rows that follow it in turn.
  const start = anchor?.lastPurgedHash ?? GENESIS_HASH;
  const putBack = !shared
    ? 0
    : await count(
        tx,
        sql`with recursive linked as (
                select s.* from ${staged} s
                where not exists (select 1 from audit_log a where a.id = s.id)
                  and (s.prev_hash = ${start}
                    or exists (select 1 from audit_log a where a.hash = s.prev_hash and a.id < s.id))
                union
                select s.* from ${staged} s join linked l on s.prev_hash = l.hash and s.id > l.id
                where not exists (select 1 from audit_log a where a.id = s.id)
              ),
              d as (delete from ${staged} s using linked l where s.id = l.id returning s.*),
              i as (insert into audit_log select * from d returning 1)
              select count(*)::int as n from i`,
      );

  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  let prev = last?.hash ?? anchor?.lastPurgedHash ?? GENESIS_HASH;
  let after = -1;
  let appended = 0;
  for (;;) {
    // As JSON: the times come back as ISO text on both drivers.
    const rows = (
      (await tx.execute(
        sql`select id, row_to_json(s)::text as j from ${staged} s
            where id > ${after} order by id limit ${APPEND_BATCH}`,
      )) as unknown as { rows: { id: number | string; j: string }[] }
    ).rows;
    if (rows.length === 0) break;
    const values = rows.map(({ j }) => {
      const r = JSON.parse(j) as Record<string, unknown>;
      const entry: AuditEntry = {
        at: new Date(r.at as string),
        userId: r.user_id === null ? null : Number(r.user_id),
        username: r.username as string,
        role: r.role as string,
        action: r.action as string,
        entityType: r.entity_type as string,
        entityId: r.entity_id as string,
        diff: r.diff as AuditEntry['diff'],
        requestId: r.request_id as string,
        ip: r.ip as string,
        userAgent: r.user_agent as string,
        result: Number(r.result),
        durationMs: Number(r.duration_ms),
      };
      const hash = chainHash(prev, entry);
      const row = { ...entry, prevHash: prev, hash };
      prev = hash;
      return row;
    });
    await tx.insert(auditLog).values(values);
    appended += values.length;
    after = Number(rows[rows.length - 1]!.id);
  }
  await dropAuditStaging(tx, name);
  return { inBackup, alreadyPresent: alreadyPresent + sameContent, purged, putBack, appended };
}
