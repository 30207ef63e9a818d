// Dictionary reads for the forms' choices (product.md, "System configuration and properties").
import type { PropertyCategory, PropertyItem } from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { notFound } from '../../lib/app-error';
import * as q from './queries';

export class PropertiesService {
  constructor(private readonly db: Db) {}

  categories(): Promise<PropertyCategory[]> {
    return q.listCategories(this.db);
  }

  async items(categoryCode: string, includeDisabled: boolean): Promise<PropertyItem[]> {
    const category = await q.findCategoryByCode(this.db, categoryCode);
    if (!category) {
      throw notFound({
        'zh-CN': `属性类别 ${categoryCode} 不存在`,
        'en-US': `No property category ${categoryCode}`,
      });
    }
    return q.listItems(this.db, category.id, includeDisabled);
  }

  /**
   * The enabled values of a dictionary category: what a record may refer to (guide languages
   * and specialties, spot categories). The one place this lookup is written.
   */
  enabledValues(categoryCode: string, db: DbOrTx = this.db): Promise<Set<string>> {
    return q.enabledValues(db, categoryCode);
  }
}
