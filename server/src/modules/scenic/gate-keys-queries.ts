// SQL of gate keys (the credentials gate devices send readings with).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { scenicGateKeys } from './schema';

export type GateKeyRecord = typeof scenicGateKeys.$inferSelect;

export const listGateKeys = (db: DbOrTx, spotId: number) =>
  db
    .select()
    .from(scenicGateKeys)
    .where(eq(scenicGateKeys.spotId, spotId))
    .orderBy(desc(scenicGateKeys.id));

export async function insertGateKey(db: DbOrTx, values: typeof scenicGateKeys.$inferInsert) {
  const [row] = await db.insert(scenicGateKeys).values(values).returning();
  return row;
}

export async function findGateKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select()
    .from(scenicGateKeys)
    .where(eq(scenicGateKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

export async function findGateKey(db: DbOrTx, spotId: number, keyId: number) {
  const [row] = await db
    .select()
    .from(scenicGateKeys)
    .where(and(eq(scenicGateKeys.id, keyId), eq(scenicGateKeys.spotId, spotId)))
    .limit(1);
  return row;
}

export async function revokeGateKey(db: DbOrTx, keyId: number, userId: number | null) {
  const [row] = await db
    .update(scenicGateKeys)
    .set({ revokedAt: new Date(), revokedBy: userId })
    .where(and(eq(scenicGateKeys.id, keyId), isNull(scenicGateKeys.revokedAt)))
    .returning();
  return row;
}

export async function touchGateKey(db: DbOrTx, keyId: number, at: Date) {
  await db.update(scenicGateKeys).set({ lastUsedAt: at }).where(eq(scenicGateKeys.id, keyId));
}
