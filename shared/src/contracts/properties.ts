// Dictionaries (properties): categories of items that every form's choices come from
// (product.md, "System configuration and properties").
import { z } from 'zod';
import { textSchema } from './validation';

export const PROPERTY_CODE_MAX = 64;

/** GET /api/properties/items: one category's items; disabled ones only with `all=1`. */
export const propertyItemsQuery = z.object({
  category: textSchema().trim().min(1).max(PROPERTY_CODE_MAX),
  all: z.enum(['0', '1']).optional(),
});
export type PropertyItemsQuery = z.infer<typeof propertyItemsQuery>;

export interface PropertyCategory {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  description: string;
  builtIn: boolean;
}

export interface PropertyItem {
  id: number;
  value: string;
  labelZh: string;
  labelEn: string;
  sortOrder: number;
  enabled: boolean;
}
