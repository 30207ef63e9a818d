// Dictionaries (properties): categories of items that every form's choices come from
// (product.md, "System configuration and properties").
import { z } from 'zod';
import { idParam, idSchema, textSchema } from './validation';

export const PROPERTY_CODE_MAX = 64;

/** GET /api/properties/items: one category's items; disabled ones only with `all=1`. */
export const propertyItemsQuery = z.object({
  category: textSchema().trim().min(1).max(PROPERTY_CODE_MAX),
  all: z.enum(['0', '1']).optional(),
});
export type PropertyItemsQuery = z.infer<typeof propertyItemsQuery>;

export const propertyCategory = z.object({
  id: z.number(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
});
export type PropertyCategory = z.infer<typeof propertyCategory>;

export const propertyItem = z.object({
  id: z.number(),
  value: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  sortOrder: z.number(),
  enabled: z.boolean(),
});
export type PropertyItem = z.infer<typeof propertyItem>;

/** Limits of a dictionary item's fields (the columns' lengths in server/…/properties/schema.ts). */
export const PROPERTY_LIMITS = {
  valueMax: 64,
  labelMax: 128,
  /** Items one reorder call may name (a category is far smaller). */
  reorderMax: 1000,
} as const;

/** An item's value: a stable code records store, so letters, digits, `_`, `-` and `.`. */
const propertyValue = textSchema()
  .trim()
  .min(1)
  .max(PROPERTY_LIMITS.valueMax)
  .regex(/^[A-Za-z0-9_.-]+$/, 'invalidFormat');
const propertyLabel = textSchema().trim().min(1).max(PROPERTY_LIMITS.labelMax);

/** POST /api/properties/items: a new item at the end of its category. */
export const propertyItemCreateBody = z.strictObject({
  category: textSchema().trim().min(1).max(PROPERTY_CODE_MAX),
  value: propertyValue,
  labelZh: propertyLabel,
  labelEn: propertyLabel,
  enabled: z.boolean().default(true),
});
export type PropertyItemCreateBody = z.infer<typeof propertyItemCreateBody>;

/** PUT /api/properties/items/:id: labels and enabled; the value records store never changes. */
export const propertyItemUpdateBody = z.strictObject({
  labelZh: propertyLabel,
  labelEn: propertyLabel,
  enabled: z.boolean(),
  version: idSchema,
});
export type PropertyItemUpdateBody = z.infer<typeof propertyItemUpdateBody>;

export const propertyItemParams = z.strictObject({ id: idParam });

/** DELETE /api/properties/items/:id?version=n */
export const propertyItemDeleteQuery = z.strictObject({ version: idParam });

/** POST /api/properties/items/reorder: every item of the category, in their new order. */
export const propertyReorderBody = z.strictObject({
  category: textSchema().trim().min(1).max(PROPERTY_CODE_MAX),
  ids: z.array(idSchema).min(1).max(PROPERTY_LIMITS.reorderMax),
});
export type PropertyReorderBody = z.infer<typeof propertyReorderBody>;

/** An item as the property management page lists it: with its version and how many records use it. */
export const propertyItemAdmin = propertyItem.extend({
  version: z.number(),
  /** Records that hold the value (a used item cannot be deleted, only disabled). */
  usage: z.number(),
});
export type PropertyItemAdmin = z.infer<typeof propertyItemAdmin>;
