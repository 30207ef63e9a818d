import { and, desc, eq, sql } from 'drizzle-orm';
import type { CertificationData, UserSettings } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { users } from '../auth/schema';
import { certificationRecords, userAvatars, userRecentPages } from './schema';

export async function findProfile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      avatar: users.avatar,
      introduction: users.introduction,
      profile: users.profile,
      version: users.version,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Optimistic update: answers nothing when the version moved on. */
export async function updateProfile(
  db: DbOrTx,
  userId: number,
  version: number,
  values: { email: string; name: string; introduction: string; profile: Record<string, unknown> },
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning({ version: users.version });
  return row;
}

export async function findSettings(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ settings: users.settings })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export const saveSettings = (db: DbOrTx, userId: number, settings: UserSettings) =>
  db.update(users).set({ settings }).where(eq(users.id, userId));

export async function upsertAvatar(db: DbOrTx, userId: number, mime: string, data: Buffer) {
  const now = new Date();
  await db
    .insert(userAvatars)
    .values({ userId, mime, data, updatedAt: now })
    .onConflictDoUpdate({ target: userAvatars.userId, set: { mime, data, updatedAt: now } });
  return now;
}

export const setAvatarUrl = (db: DbOrTx, userId: number, avatar: string) =>
  db.update(users).set({ avatar }).where(eq(users.id, userId));

export async function findAvatar(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row;
}

const recordColumns = {
  id: certificationRecords.id,
  userId: certificationRecords.userId,
  certificationType: certificationRecords.certificationType,
  certificationContent: certificationRecords.certificationContent,
  status: certificationRecords.status,
  submittedAt: certificationRecords.submittedAt,
  decidedAt: certificationRecords.decidedAt,
  info: certificationRecords.info,
  version: certificationRecords.version,
};

export const listCertifications = (db: DbOrTx, userId: number) =>
  db
    .select(recordColumns)
    .from(certificationRecords)
    .where(eq(certificationRecords.userId, userId))
    .orderBy(desc(certificationRecords.id))
    .limit(100);

export async function findCertification(db: DbOrTx, id: number) {
  const [row] = await db
    .select(recordColumns)
    .from(certificationRecords)
    .where(eq(certificationRecords.id, id));
  return row;
}

export async function insertCertification(
  db: DbOrTx,
  userId: number,
  info: CertificationData,
  content: string,
) {
  const [row] = await db
    .insert(certificationRecords)
    .values({
      userId,
      certificationType: info.accountType,
      certificationContent: content,
      status: 'auditing',
      info,
      createdBy: userId,
    })
    .returning(recordColumns);
  return row;
}

/** Moves a record from `from` to `to` if its version still matches; answers nothing otherwise. */
export async function decideCertification(
  db: DbOrTx,
  id: number,
  version: number,
  from: string,
  to: string,
  by: number,
) {
  const now = new Date();
  const [row] = await db
    .update(certificationRecords)
    .set({
      status: to,
      decidedAt: now,
      decidedBy: by,
      updatedAt: now,
      version: sql`${certificationRecords.version} + 1`,
    })
    .where(
      and(
        eq(certificationRecords.id, id),
        eq(certificationRecords.version, version),
        eq(certificationRecords.status, from),
      ),
    )
    .returning(recordColumns);
  return row;
}

/** Records a visit of `path` and keeps the user's `keep` newest pages. */
export async function recordRecentPage(
  db: DbOrTx,
  userId: number,
  page: { path: string; routeKey: string; at: Date },
  keep: number,
) {
  await db
    .insert(userRecentPages)
    .values({ userId, path: page.path, routeKey: page.routeKey, visitedAt: page.at })
    .onConflictDoUpdate({
      target: [userRecentPages.userId, userRecentPages.path],
      set: { routeKey: page.routeKey, visitedAt: page.at },
    });
  await db.execute(sql`
    delete from user_recent_pages where user_id = ${userId} and path not in (
      select path from user_recent_pages where user_id = ${userId}
      order by visited_at desc limit ${keep})`);
}

export const listRecentPages = (db: DbOrTx, userId: number, limit: number) =>
  db
    .select({
      key: userRecentPages.routeKey,
      path: userRecentPages.path,
      at: userRecentPages.visitedAt,
    })
    .from(userRecentPages)
    .where(eq(userRecentPages.userId, userId))
    .orderBy(desc(userRecentPages.visitedAt))
    .limit(limit);
