// Reading the operation log (issue #15 point 5): keyset pages over the id (no OFFSET, no
// COUNT), one row's detail, batches for the streamed export and the chain verification, and
// the retention purge that moves the chain's anchor.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  isNull,
  like,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AuditFilter, AuditListQuery, AuditRow, AuditVerifyResult } from '@console/shared';
import { AUDIT_LIMITS } from '@console/shared';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Db, DbOrTx } from '../../db/types';
import { escapeLike } from '../../db/like';
import { LockKey } from '../../db/locks';
import { auditAnchor, auditLog } from './schema';
import { chainHash, GENESIS_HASH } from './chain';
import { readAnchor } from './queries';

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  role: auditLog.role,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  result: auditLog.result,
  durationMs: auditLog.durationMs,
  ip: auditLog.ip,
};

export type ExportRow = AuditRow & {
  requestId: string;
  userAgent: string;
  diff: unknown;
};
const toRow = <T extends { at: Date }>(r: T) => ({ ...r, at: r.at.toISOString() });

export function filterConditions(f: AuditFilter): SQL[] {
  const out: SQL[] = [];
  if (f.username) out.push(eq(auditLog.username, f.username));
  if (f.userId) out.push(eq(auditLog.userId, f.userId));
  if (f.role) out.push(eq(auditLog.role, f.role));
  if (f.action) {
    out.push(
      f.action.endsWith('.')
        ? like(auditLog.action, `${escapeLike(f.action)}%`)
        : eq(auditLog.action, f.action),
    );
  }
  if (f.entityType) out.push(eq(auditLog.entityType, f.entityType));
  if (f.entityId) out.push(eq(auditLog.entityId, f.entityId));
  if (f.result === 'success') out.push(lt(auditLog.result, 400));
  if (f.result === 'failure') out.push(gte(auditLog.result, 400));
  if (f.from) out.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) out.push(lte(auditLog.at, new Date(f.to)));
  if (f.actor === 'machine') out.push(machineActed);
  if (f.actor === 'human') out.push(not(machineActed));
  return out;
}

/**
 * A machine's row: no user, and written as a gate device (`gate:<key prefix>`, scenic routes'
 * flowActor) or as the system itself (writer.ts's default, jobs, the demo gate feed). A refused
 * sign-in has no user either, but carries the name typed: a person's.
 */
const machineActed = and(
  isNull(auditLog.userId),
  or(eq(auditLog.username, 'system'), like(auditLog.username, 'gate:%')),
)!;

async function exists(db: DbOrTx, conds: SQL[]): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(...conds))
    .limit(1);
  return !!row;
}

/** One keyset page, newest first. */
/** A page of rows (the service names their records). */
export interface RowPage {
  list: AuditRow[];
  next: number | null;
  prev: number | null;
}

export async function listPage(db: DbOrTx, query: AuditListQuery): Promise<RowPage> {
  const base = filterConditions(query);
  const n = query.pageSize;
  if (query.after !== undefined) {
    const rows = await db
      .select(rowColumns)
      .from(auditLog)
      .where(and(...base, gt(auditLog.id, query.after)))
      .orderBy(asc(auditLog.id))
      .limit(n + 1);
    const newer = rows.length > n;
    const list = rows.slice(0, n).reverse();
    const last = list.at(-1);
    return {
      list: list.map(toRow),
      prev: newer ? list[0].id : null,
      next: last && (await exists(db, [...base, lt(auditLog.id, last.id)])) ? last.id : null,
    };
  }
  const rows = await db
    .select(rowColumns)
    .from(auditLog)
    .where(and(...base, query.before === undefined ? undefined : lt(auditLog.id, query.before)))
    .orderBy(desc(auditLog.id))
    .limit(n + 1);
  const list = rows.slice(0, n);
  const first = list[0];
  return {
    list: list.map(toRow),
    next: rows.length > n ? list[n - 1].id : null,
    prev:
      query.before !== undefined &&
      first &&
      (await exists(db, [...base, gt(auditLog.id, first.id)]))
        ? first.id
        : null,
  };
}

export async function findRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return row && toRow(row);
}

/** The filter's rows newest first, `batch` at a time (the export streams them). */
export async function* filteredRows(
  db: DbOrTx,
  filter: AuditFilter,
  batch = 1000,
): AsyncGenerator<ExportRow> {
  const base = filterConditions(filter);
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...rowColumns,
        requestId: auditLog.requestId,
        userAgent: auditLog.userAgent,
        diff: auditLog.diff,
      })
      .from(auditLog)
      .where(and(...base, before === undefined ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batch);
    for (const row of rows) yield toRow(row);
    if (rows.length < batch) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * Walks the chain from the anchor in id order, `batch` rows per query. Each query is its own
 * short statement and the walk yields between them, so other requests go on meanwhile (on
 * PGlite a transaction would hold the one connection for the whole walk: issue 25 point 12).
 * The trail only grows at its end, so rows appended meanwhile are walked too; when a purge
 * moves the anchor past the walk meanwhile, the walk goes on from the new anchor.
 * `onBatch` is called after each batch (tests).
 */
export async function verifyChain(
  db: Db,
  batch: number = AUDIT_LIMITS.verifyBatch,
  onBatch?: (checked: number) => void,
): Promise<AuditVerifyResult> {
  const started = performance.now();
  let anchor = await readAnchor(db);
  let prev = anchor?.lastPurgedHash ?? GENESIS_HASH;
  let after = anchor?.lastPurgedId ?? 0;
  let checked = 0;
  const result = (firstBrokenId: number | null): AuditVerifyResult => ({
    intact: firstBrokenId === null,
    checked,
    firstBrokenId,
    anchorId: anchor?.lastPurgedId ?? null,
    durationMs: Math.round(performance.now() - started),
  });
  for (;;) {
    let restarted = false;
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    for (const row of rows) {
      if (row.prevHash !== prev || chainHash(prev, row) !== row.hash) {
        const moved = await readAnchor(db);
        if (moved && moved.lastPurgedId >= after && moved.lastPurgedId !== anchor?.lastPurgedId) {
          // Purged meanwhile past this point: the chain now starts at the new anchor.
          anchor = moved;
          prev = moved.lastPurgedHash;
          after = moved.lastPurgedId;
          restarted = true;
          break;
        }
        checked += 1;
        return result(row.id);
      }
      checked += 1;
      prev = row.hash;
      after = row.id;
    }
    onBatch?.(checked);
    if (!restarted && rows.length < batch) break;
    await yieldToOthers();
  }
  return result(null);
}

/**
 * Deletes the chain's prefix older than `cutoff` and stores its last row's hash as the new
 * anchor, so what remains still verifies. Only a prefix is ever removed: the last row before
 * the cutoff (by time) and every row with a smaller id. Holds the chain's lock so no row is
 * appended while the anchor moves. Returns what it purged.
 */
export async function purgeBefore(
  tx: DbOrTx,
  cutoff: Date,
): Promise<{ purged: number; anchorId: number | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LockKey.AuditChain})`);
  const [last] = await tx
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(lt(auditLog.at, cutoff))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!last) return { purged: 0, anchorId: null };
  // Counted in SQL: the deleted ids never come back to the server.
  const res = (await tx.execute(
    sql`with d as (delete from ${auditLog} where ${auditLog.id} <= ${last.id} returning 1)
        select count(*)::int as n from d`,
  )) as unknown as { rows?: { n: number }[] };
  const purged = res.rows?.[0]?.n ?? 0;
  await tx
    .insert(auditAnchor)
    .values({ id: 1, lastPurgedId: last.id, lastPurgedHash: last.hash, purgedAt: new Date() })
    .onConflictDoUpdate({
      target: auditAnchor.id,
      set: { lastPurgedId: last.id, lastPurgedHash: last.hash, purgedAt: new Date() },
    });
  return { purged, anchorId: last.id };
}
