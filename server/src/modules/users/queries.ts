// User management queries (issue #15 point 1) on the auth module's tables.
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RoleRef, UserFilter } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { escapeLike } from '../../db/like';
import { loginThrottle, roles, sessions, userRoles, users } from '../auth/schema';

/**
 * A column of the outer `users` row, qualified by its table. In a select from one table
 * drizzle writes a column unqualified ("id"), and inside a subquery that name binds to the
 * subquery's own table: every user then read every role, and one lock locked them all.
 */
const outer = (column: AnyPgColumn) => sql`${users}.${sql.identifier(column.name)}`;

/** The latest lock still running on any source of the user, or null. */
const lockedUntil = (now: Date) =>
  sql<string | null>`(select max(${loginThrottle.lockedUntil}) from ${loginThrottle}
    where ${loginThrottle.username} = ${outer(users.username)}
      and ${loginThrottle.lockedUntil} > ${now.toISOString()}::timestamptz)`;

/** The roles the user holds as RoleRef objects, in role order. */
const heldRoles = sql<RoleRef[]>`coalesce((select json_agg(json_build_object(
    'code', r.code, 'name', r.name, 'nameEn', r.name_en) order by r.id)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${outer(users.id)}), '[]'::json)`;

const columns = (now: Date) => ({
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  phone: users.phone,
  enabled: users.enabled,
  mustChangePassword: users.mustChangePassword,
  lastLoginAt: users.lastLoginAt,
  lastLoginIp: users.lastLoginIp,
  createdAt: users.createdAt,
  version: users.version,
  lockedUntil: lockedUntil(now),
  roles: heldRoles,
});

export type UserRow = Awaited<ReturnType<typeof findUser>> & object;

function where(filter: UserFilter, now: Date): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword)}%`;
    parts.push(or(ilike(users.username, like), ilike(users.name, like)));
  }
  if (filter.role) {
    parts.push(sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${outer(users.id)} and r.code = ${filter.role})`);
  }
  if (filter.enabled) parts.push(eq(users.enabled, filter.enabled === 'true'));
  if (filter.locked) {
    const locked = sql`${lockedUntil(now)} is not null`;
    parts.push(filter.locked === 'true' ? locked : sql`not (${locked})`);
  }
  return and(...parts);
}

const SORT = {
  username: users.username,
  name: users.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
} as const;

function orderBy(filter: UserFilter): SQL[] {
  if (!filter.sortField) return [asc(users.id)];
  const column = SORT[filter.sortField];
  const dir = filter.sortOrder === 'descend' ? desc : asc;
  // Never signed in sorts last either way.
  const nulls = filter.sortField === 'lastLoginAt' ? sql`${column} is null` : undefined;
  return [...(nulls ? [nulls] : []), dir(column), asc(users.id)];
}

export async function listUsers(
  db: DbOrTx,
  filter: UserFilter,
  page: { offset: number; limit: number } | null,
  now: Date,
) {
  const cond = where(filter, now);
  const base = db
    .select(columns(now))
    .from(users)
    .where(cond)
    .orderBy(...orderBy(filter));
  const rows = page ? await base.offset(page.offset).limit(page.limit) : await base;
  if (!page) return { rows, total: rows.length };
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(cond);
  return { rows, total };
}

export async function findUser(db: DbOrTx, id: number, now = new Date()) {
  const [row] = await db.select(columns(now)).from(users).where(eq(users.id, id));
  return row;
}

/** The user row locked for the rest of the transaction. */
export async function lockUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function roleCodesOf(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ code: roles.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  return rows.map((r) => r.code);
}

/** The user's roles with their permissions (what the user holds, for the grant ceiling). */
export const rolesOf = (db: DbOrTx, userId: number) =>
  db
    .select({ code: roles.code, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);

export const rolesByCodes = (db: DbOrTx, codes: string[]) =>
  db
    .select({ id: roles.id, code: roles.code, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.code, codes))
    .orderBy(roles.id);

export async function setUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) {
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
}

/**
 * Serialises every change that could leave no enabled administrator: whoever checks the
 * count holds the admin role's row until their transaction ends.
 */
export async function lockAdminRole(db: DbOrTx) {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'admin')).for('update');
}

/** Enabled users other than `exceptId` holding the admin role. */
export async function otherEnabledAdmins(db: DbOrTx, exceptId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.code, 'admin'), eq(users.enabled, true), ne(users.id, exceptId)));
  return row.n;
}

export const deleteSessionsOf = (db: DbOrTx, userId: number, exceptSessionId?: number) =>
  db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    )
    .returning({ id: sessions.id });

/** Sessions acting as a role the user no longer holds move to the first role held. */
export async function moveSessionsOffLostRoles(db: DbOrTx, userId: number, held: string[]) {
  if (held.length === 0) return;
  await db
    .update(sessions)
    .set({ activeRole: held[0] })
    .where(and(eq(sessions.userId, userId), notInArray(sessions.activeRole, held)));
  await db
    .update(users)
    .set({ activeRole: held[0] })
    .where(and(eq(users.id, userId), notInArray(users.activeRole, held)));
}

export const sessionsOf = (db: DbOrTx, userId: number) =>
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
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));

export const deleteSession = (db: DbOrTx, userId: number, sessionId: number) =>
  db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });

export const unlockUser = (db: DbOrTx, username: string) =>
  db
    .delete(loginThrottle)
    .where(eq(loginThrottle.username, username))
    .returning({ ip: loginThrottle.ip });

export const userSubjects = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
