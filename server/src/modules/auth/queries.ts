import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/types';
import { loginThrottle, roles, sessions, userRoles, users } from './schema';

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function rolesOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      code: roles.code,
      name: roles.name,
      nameEn: roles.nameEn,
      permissions: roles.permissions,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
}

/**
 * The session with its user and the active role's permissions for a token hash, in one
 * round trip (it runs on every API request).
 */
const sessionQuery = (db: DbOrTx) =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      enabled: users.enabled,
      activeRole: sessions.activeRole,
      permissions: roles.permissions,
      // Null when the user no longer holds the active role.
      heldRoleId: userRoles.roleId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.code, sessions.activeRole))
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roles.id)))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1);

// Built once per database and kept prepared: it runs on every API request.
const preparedSessionQuery = new WeakMap<
  Db,
  ReturnType<ReturnType<typeof sessionQuery>['prepare']>
>();

export async function findSession(db: DbOrTx, tokenHash: string) {
  if (db instanceof PgTransaction) {
    const [row] = await sessionQuery(db).execute({ tokenHash });
    return row;
  }
  let query = preparedSessionQuery.get(db);
  if (!query) {
    query = sessionQuery(db).prepare('find_session');
    preparedSessionQuery.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; userId: number; activeRole: string; ip: string; userAgent: string },
) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row;
}

export const deleteSession = (db: DbOrTx, id: number) =>
  db.delete(sessions).where(eq(sessions.id, id));

export const deleteSessionsOfUser = (db: DbOrTx, userId: number, exceptId?: number) =>
  db
    .delete(sessions)
    .where(
      exceptId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptId)),
    );

export const touchSession = (db: Db, id: number, at: Date) =>
  db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));

export const listSessionsOfUser = (db: Db, userId: number) =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sessions.id);

export const purgeSessionsOlderThan = (db: Db, before: Date) =>
  db.delete(sessions).where(lt(sessions.lastSeenAt, before));

export async function getThrottle(db: DbOrTx, username: string, ip: string) {
  const [row] = await db
    .select()
    .from(loginThrottle)
    .where(and(eq(loginThrottle.username, username), eq(loginThrottle.ip, ip)))
    .limit(1);
  return row;
}

/** Counts a failure; returns the new failure count. */
export async function recordFailure(db: DbOrTx, username: string, ip: string, now: Date) {
  const [row] = await db
    .insert(loginThrottle)
    .values({ username, ip, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginThrottle.username, loginThrottle.ip],
      set: { failures: sql`${loginThrottle.failures} + 1`, lastFailureAt: now },
    })
    .returning({ failures: loginThrottle.failures });
  return row.failures;
}

export const lockSource = (db: DbOrTx, username: string, ip: string, until: Date) =>
  db
    .update(loginThrottle)
    .set({ lockedUntil: until, failures: 0 })
    .where(and(eq(loginThrottle.username, username), eq(loginThrottle.ip, ip)));

export const clearThrottle = (db: DbOrTx, username: string, ip: string) =>
  db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.username, username), eq(loginThrottle.ip, ip)));

/** The session now acts as `role`; the user's next sign-in starts with it too. */
export async function setActiveRole(db: DbOrTx, userId: number, sessionId: number, role: string) {
  await db.update(sessions).set({ activeRole: role }).where(eq(sessions.id, sessionId));
  await db.update(users).set({ activeRole: role }).where(eq(users.id, userId));
}

export const rolesByCodes = (db: DbOrTx, codes: string[]) =>
  db.select().from(roles).where(inArray(roles.code, codes));
