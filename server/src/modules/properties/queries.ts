import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { propertyCategories, propertyItems } from './schema';

const categoryColumns = {
  id: propertyCategories.id,
  code: propertyCategories.code,
  nameZh: propertyCategories.nameZh,
  nameEn: propertyCategories.nameEn,
  description: propertyCategories.description,
  builtIn: propertyCategories.builtIn,
};

export const listCategories = (db: DbOrTx) =>
  db.select(categoryColumns).from(propertyCategories).orderBy(asc(propertyCategories.id));

export async function findCategoryByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select(categoryColumns)
    .from(propertyCategories)
    .where(eq(propertyCategories.code, code))
    .limit(1);
  return row;
}

/** A category's items in display order; disabled items only when asked for. */
export const listItems = (db: DbOrTx, categoryId: number, includeDisabled: boolean) =>
  db
    .select({
      id: propertyItems.id,
      value: propertyItems.value,
      labelZh: propertyItems.labelZh,
      labelEn: propertyItems.labelEn,
      sortOrder: propertyItems.sortOrder,
      enabled: propertyItems.enabled,
    })
    .from(propertyItems)
    .where(
      includeDisabled
        ? eq(propertyItems.categoryId, categoryId)
        : and(eq(propertyItems.categoryId, categoryId), eq(propertyItems.enabled, true)),
    )
    .orderBy(asc(propertyItems.sortOrder), asc(propertyItems.id));

/** Enabled item values of a dictionary category. */
export async function enabledValues(db: DbOrTx, categoryCode: string): Promise<Set<string>> {
  const rows = await db
    .select({ value: propertyItems.value })
    .from(propertyItems)
    .innerJoin(propertyCategories, eq(propertyCategories.id, propertyItems.categoryId))
    .where(and(eq(propertyCategories.code, categoryCode), eq(propertyItems.enabled, true)));
  return new Set(rows.map((r) => r.value));
}

export async function findItem(db: DbOrTx, id: number) {
  const [row] = await db.select().from(propertyItems).where(eq(propertyItems.id, id)).limit(1);
  return row;
}

export async function nextSortOrder(db: DbOrTx, categoryId: number): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${propertyItems.sortOrder})` })
    .from(propertyItems)
    .where(eq(propertyItems.categoryId, categoryId));
  return (row?.max ?? -1) + 1;
}

export async function insertItem(db: DbOrTx, values: typeof propertyItems.$inferInsert) {
  const [row] = await db.insert(propertyItems).values(values).returning();
  return row;
}

/** Updates when `version` is current; undefined when it is not (or the item is gone). */
export async function updateItem(
  db: DbOrTx,
  id: number,
  version: number,
  values: { labelZh: string; labelEn: string; enabled: boolean },
) {
  const [row] = await db
    .update(propertyItems)
    .set({
      ...values,
      updatedAt: new Date(),
      version: sql`${propertyItems.version} + 1`,
    })
    .where(and(eq(propertyItems.id, id), eq(propertyItems.version, version)))
    .returning();
  return row;
}

export const deleteItem = (db: DbOrTx, id: number) =>
  db.delete(propertyItems).where(eq(propertyItems.id, id));

export const setSortOrder = (db: DbOrTx, id: number, sortOrder: number) =>
  db
    .update(propertyItems)
    .set({ sortOrder, updatedAt: new Date(), version: sql`${propertyItems.version} + 1` })
    .where(eq(propertyItems.id, id));

/** Every item of a category with its version, in display order (the management page). */
export const listItemsAdmin = (db: DbOrTx, categoryId: number) =>
  db
    .select()
    .from(propertyItems)
    .where(eq(propertyItems.categoryId, categoryId))
    .orderBy(asc(propertyItems.sortOrder), asc(propertyItems.id));
