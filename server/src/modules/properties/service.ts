// Dictionaries (product.md, "System configuration and properties"): reads for the forms'
// choices, and the property management page's writes (issue #15 point 3). Every write runs
// in one transaction with its audit row; an item a record uses is never deleted, only disabled.
import type {
  PropertyCategory,
  PropertyItem,
  PropertyItemAdmin,
  PropertyItemCreateBody,
  PropertyItemUpdateBody,
  PropertyReorderBody,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError, notFound, staleVersion } from '../../lib/app-error';
import { recordAudit } from '../audit/writer';
import { diffRecords } from '../audit/diff';
import * as q from './queries';
import { usageCounts } from './usage';

const AUDIT_ITEM = 'property_item';

const itemNotFound = () =>
  notFound({ 'zh-CN': '该属性项不存在', 'en-US': 'No such property item' });

type ItemRow = NonNullable<Awaited<ReturnType<typeof q.findItem>>>;
const editable = (r: ItemRow) => ({
  value: r.value,
  labelZh: r.labelZh,
  labelEn: r.labelEn,
  sortOrder: r.sortOrder,
  enabled: r.enabled,
});

export class PropertiesService {
  constructor(private readonly db: Db) {}

  categories(): Promise<PropertyCategory[]> {
    return q.listCategories(this.db);
  }

  private async category(code: string, db: DbOrTx = this.db) {
    const category = await q.findCategoryByCode(db, code);
    if (!category) {
      throw notFound({
        'zh-CN': `属性类别 ${code} 不存在`,
        'en-US': `No property category ${code}`,
      });
    }
    return category;
  }

  async items(categoryCode: string, includeDisabled: boolean): Promise<PropertyItem[]> {
    const category = await this.category(categoryCode);
    return q.listItems(this.db, category.id, includeDisabled);
  }

  /** Every item of a category with its version and how many records use it. */
  async adminItems(categoryCode: string): Promise<PropertyItemAdmin[]> {
    const category = await this.category(categoryCode);
    const [rows, usage] = await Promise.all([
      q.listItemsAdmin(this.db, category.id),
      usageCounts(this.db, category.code),
    ]);
    return rows.map((r) => ({
      id: r.id,
      value: r.value,
      labelZh: r.labelZh,
      labelEn: r.labelEn,
      sortOrder: r.sortOrder,
      enabled: r.enabled,
      version: r.version,
      usage: usage.get(r.value) ?? 0,
    }));
  }

  private async adminItem(id: number): Promise<PropertyItemAdmin> {
    const row = await q.findItem(this.db, id);
    if (!row) throw itemNotFound();
    const [category] = (await q.listCategories(this.db)).filter((c) => c.id === row.categoryId);
    const usage = category ? await usageCounts(this.db, category.code, row.value) : new Map();
    return {
      id: row.id,
      value: row.value,
      labelZh: row.labelZh,
      labelEn: row.labelEn,
      sortOrder: row.sortOrder,
      enabled: row.enabled,
      version: row.version,
      usage: usage.get(row.value) ?? 0,
    };
  }

  async createItem(body: PropertyItemCreateBody, userId: number | null) {
    const id = await this.db.transaction(async (tx) => {
      const category = await this.category(body.category, tx);
      // A taken value breaks property_items_value_idx: db/errors.ts answers DUPLICATE.
      const row = await q.insertItem(tx, {
        categoryId: category.id,
        value: body.value,
        labelZh: body.labelZh,
        labelEn: body.labelEn,
        enabled: body.enabled,
        sortOrder: await q.nextSortOrder(tx, category.id),
        createdBy: userId,
      });
      await recordAudit(tx, {
        entityType: AUDIT_ITEM,
        entityId: row.id,
        diff: diffRecords(null, { category: category.code, ...editable(row) }),
      });
      return row.id;
    });
    return this.adminItem(id);
  }

  async updateItem(id: number, body: PropertyItemUpdateBody) {
    const { version, ...values } = body;
    await this.db.transaction(async (tx) => {
      const before = await q.findItem(tx, id);
      if (!before) throw itemNotFound();
      if (before.version !== version) throw staleVersion();
      // Saved untouched: nothing is written (the version stays; no diff).
      const { labelZh, labelEn, enabled } = before;
      if (Object.keys(diffRecords({ labelZh, labelEn, enabled }, values)).length === 0) return;
      const after = await q.updateItem(tx, id, version, values);
      if (!after) throw staleVersion();
      await recordAudit(tx, {
        entityType: AUDIT_ITEM,
        entityId: id,
        diff: diffRecords(editable(before), editable(after)),
      });
    });
    return this.adminItem(id);
  }

  /** Deletes an item no record uses; a used one answers 409 with the count (disable it). */
  async deleteItem(id: number, version: number) {
    await this.db.transaction(async (tx) => {
      const before = await q.findItem(tx, id);
      if (!before) throw itemNotFound();
      if (before.version !== version) throw staleVersion();
      const [category] = (await q.listCategories(tx)).filter((c) => c.id === before.categoryId);
      const count = (await usageCounts(tx, category.code, before.value)).get(before.value) ?? 0;
      if (count > 0) throw new AppError('PROPERTY_IN_USE', { params: { count }, data: { count } });
      await q.deleteItem(tx, id);
      await recordAudit(tx, {
        entityType: AUDIT_ITEM,
        entityId: id,
        diff: diffRecords({ category: category.code, ...editable(before) }, null),
      });
    });
  }

  /** Stores a category's new order: `ids` must be exactly its items. */
  async reorder(body: PropertyReorderBody): Promise<PropertyItemAdmin[]> {
    await this.db.transaction(async (tx) => {
      const category = await this.category(body.category, tx);
      const rows = await q.listItemsAdmin(tx, category.id);
      const known = new Set(rows.map((r) => r.id));
      const given = new Set(body.ids);
      if (
        given.size !== body.ids.length ||
        given.size !== known.size ||
        body.ids.some((i) => !known.has(i))
      ) {
        throw new AppError('VALIDATION_FAILED', {
          fields: [
            {
              path: 'ids',
              message: {
                'zh-CN': '须恰好列出该类别的全部属性项',
                'en-US': 'Must list every item of the category exactly once',
              },
            },
          ],
        });
      }
      const before = Object.fromEntries(rows.map((r) => [r.value, r.sortOrder]));
      const after: Record<string, number> = {};
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [index, itemId] of body.ids.entries()) {
        const row = byId.get(itemId)!;
        after[row.value] = index;
        if (row.sortOrder !== index) await q.setSortOrder(tx, itemId, index);
      }
      await recordAudit(tx, {
        entityType: 'property_category',
        entityId: category.id,
        action: 'property.reorder',
        diff: diffRecords(before, after),
      });
    });
    return this.adminItems(body.category);
  }

  /**
   * The enabled values of a dictionary category: what a record may refer to (guide languages
   * and specialties, spot categories). The one place this lookup is written.
   */
  enabledValues(categoryCode: string, db: DbOrTx = this.db): Promise<Set<string>> {
    return q.enabledValues(db, categoryCode);
  }
}
