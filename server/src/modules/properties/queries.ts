import { and, asc, eq } from 'drizzle-orm';
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
