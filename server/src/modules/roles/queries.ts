// Role management queries (issue #15 point 2) on the auth module's `roles` table.
import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { escapeLike } from '../../db/like';
import { roles, userRoles } from '../auth/schema';

const userCount = sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`;

const columns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  nameEn: roles.nameEn,
  description: roles.description,
  permissions: roles.permissions,
  builtIn: roles.builtIn,
  updatedAt: roles.updatedAt,
  version: roles.version,
  userCount,
};

export async function listRoles(
  db: DbOrTx,
  keyword: string | undefined,
  page: { offset: number; limit: number },
) {
  const like = keyword ? `%${escapeLike(keyword)}%` : undefined;
  const cond = like
    ? or(ilike(roles.code, like), ilike(roles.name, like), ilike(roles.nameEn, like))
    : undefined;
  const rows = await db
    .select(columns)
    .from(roles)
    .where(cond)
    .orderBy(asc(roles.id))
    .offset(page.offset)
    .limit(page.limit);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(roles)
    .where(cond);
  return { rows, total };
}

export async function findRole(db: DbOrTx, id: number) {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id));
  return row;
}

export async function lockRole(db: DbOrTx, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).for('update');
  return row;
}

export async function countHolders(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.roleId, id));
  return row.n;
}

export const roleSubjects = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, ids));
