import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { auditAnchor, auditLog } from './schema';
import { chainHash, GENESIS_HASH, type AuditEntry } from './chain';
import { LockKey } from '../../db/locks';

/**
 * Appends one row to the hash chain. Called with the business transaction (the row commits
 * with the change, modules/audit/writer.ts) or with the database for refused requests; the
 * advisory lock orders concurrent writers until their transaction ends.
 */
export async function appendAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LockKey.AuditChain})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    // With every row purged, the chain goes on from the anchor (log.ts, purgeBefore).
    const prevHash = last?.hash ?? (await readAnchor(tx))?.lastPurgedHash ?? GENESIS_HASH;
    await tx.insert(auditLog).values({ ...entry, prevHash, hash: chainHash(prevHash, entry) });
  });
}

/** Rows about one record, newest first. */
export function entityHistory(
  db: DbOrTx,
  entityType: string,
  entityId: string,
  limit: number,
  before?: number,
) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      username: auditLog.username,
      role: auditLog.role,
      action: auditLog.action,
      diff: auditLog.diff,
      result: auditLog.result,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, entityId),
        before ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

/** Rows a user's requests left, newest first. */
export const userActivity = (
  db: DbOrTx,
  userId: number,
  before: number | undefined,
  limit: number,
) =>
  db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      result: auditLog.result,
    })
    .from(auditLog)
    .where(
      and(eq(auditLog.userId, userId), before === undefined ? undefined : lt(auditLog.id, before)),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);

/** Where the chain starts after a purge (the last purged row), if one happened. */
export async function readAnchor(db: DbOrTx) {
  const [row] = await db.select().from(auditAnchor).where(eq(auditAnchor.id, 1)).limit(1);
  return row;
}
