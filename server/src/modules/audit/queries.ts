import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { auditLog } from './schema';
import { chainHash, GENESIS_HASH, type AuditEntry } from './chain';

/** Appends one row to the hash chain; the advisory lock orders concurrent writers. */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(728101)`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    await tx.insert(auditLog).values({ ...entry, prevHash, hash: chainHash(prevHash, entry) });
  });
}
