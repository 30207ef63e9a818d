import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
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
      mustChangePassword: users.mustChangePassword,
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

/** The sessions among `ids` that still exist, with their user and active role (open live streams). */
export function sessionsByIds(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      enabled: users.enabled,
      activeRole: sessions.activeRole,
      permissions: roles.permissions,
      heldRoleId: userRoles.roleId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.code, sessions.activeRole))
    .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roles.id)))
    .where(inArray(sessions.id, ids));
}

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
  values: {
    tokenHash: string;
    userId: number;
    activeRole: string;
    ip: string;
    userAgent: string;
    previousLoginAt?: Date | null;
    previousLoginIp?: string | null;
  },
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

/** Deletes sessions past their idle or absolute timeout; returns how many. */
export async function purgeExpiredSessions(db: DbOrTx, idleBefore: Date, createdBefore: Date) {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes throttle rows with no failure since `before` and no lock still running. */
export async function purgeStaleThrottle(db: DbOrTx, before: Date, now: Date) {
  const rows = await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.lastFailureAt, before),
        or(isNull(loginThrottle.lockedUntil), lt(loginThrottle.lockedUntil, now)),
      ),
    )
    .returning({ username: loginThrottle.username });
  return rows.length;
}

/** Enabled users holding a role with the given permission (e.g. operators and admins). */
export async function usersWithPermission(db: DbOrTx, permission: string) {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(users.enabled, true),
        sql`${roles.permissions} @> ${JSON.stringify([permission])}::jsonb`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Claims one sign-in attempt for the account and source, atomically (one upsert): while a lock
 * holds, nothing changes; a lock that has run out starts the count again. Returns the attempts
 * counted so far, this one included, and the lock in force. Counting before the password is
 * checked means parallel attempts cannot all slip in before the lock (issue #12 point 4).
 */
export async function claimAttempt(db: DbOrTx, username: string, ip: string, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const locked = sql`${loginThrottle.lockedUntil} > ${at}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ username, ip, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: [loginThrottle.username, loginThrottle.ip],
      set: {
        failures: sql`case when ${locked} then ${loginThrottle.failures}
          when ${loginThrottle.lockedUntil} is not null then 1
          else ${loginThrottle.failures} + 1 end`,
        lockedUntil: sql`case when ${locked} then ${loginThrottle.lockedUntil} else null end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: loginThrottle.failures, lockedUntil: loginThrottle.lockedUntil });
  return row;
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

/**
 * What `GET /api/user/info` answers, in one round trip: the user, the roles they hold (in role
 * order) and the sign-in before the given session's (kept on the session when it began). Kept
 * prepared: every page asks it first.
 */
const userInfoQuery = (db: DbOrTx) =>
  db
    .select({
      user: users,
      roles: sql<RoleOfUser[]>`coalesce((
        select json_agg(json_build_object(
          'code', ${roles.code}, 'name', ${roles.name}, 'nameEn', ${roles.nameEn},
          'permissions', ${roles.permissions}) order by ${roles.id})
        from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id}), '[]'::json)`,
      previousLoginAt: sessions.previousLoginAt,
      previousLoginIp: sessions.previousLoginIp,
    })
    .from(users)
    .leftJoin(
      sessions,
      and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1);

type RoleOfUser = Awaited<ReturnType<typeof rolesOfUser>>[number];
const preparedUserInfoQuery = new WeakMap<
  Db,
  ReturnType<ReturnType<typeof userInfoQuery>['prepare']>
>();

export async function userInfoRow(db: DbOrTx, userId: number, sessionId: number) {
  const values = { userId, sessionId };
  if (db instanceof PgTransaction) return (await userInfoQuery(db).execute(values))[0];
  let query = preparedUserInfoQuery.get(db);
  if (!query) {
    query = userInfoQuery(db).prepare('user_info');
    preparedUserInfoQuery.set(db, query);
  }
  const [row] = await query.execute(values);
  return row;
}
