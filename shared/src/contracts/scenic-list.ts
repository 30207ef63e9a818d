// The spot list's query and the export's (same filter, no page). Apart from scenic.ts because
// its sort fields are read from SCENIC_FIELD_SPECS, and scenic-fields.ts reads scenic.ts.
import { z } from 'zod';
import { sortFieldsOf } from './fields';
import { SCENIC_GRADES, SCENIC_LIMITS, SCENIC_STATUSES } from './scenic';
import { SCENIC_FIELD_SPECS } from './scenic-fields';
import { SPREADSHEET_FORMATS } from './spreadsheet';
import { pageQueryFields, sortOrderField, textSchema } from './validation';

/**
 * The list sorts by the fields whose column sorts and by: the category (no sorter on its
 * column), the province and city (shown as one region column, sorted by the province), the
 * load (derived) and the times.
 */
export const SCENIC_SORT_FIELDS = sortFieldsOf(SCENIC_FIELD_SPECS, [
  'category',
  'province',
  'city',
  'loadPercent',
  'createdAt',
  'updatedAt',
] as const);
export type ScenicSortField = (typeof SCENIC_SORT_FIELDS)[number];

/** Filters of the spot list, also used by the export (same filter, no page). */
export const scenicSpotFilterFields = {
  /** Part of the name or the code. */
  keyword: textSchema().trim().max(SCENIC_LIMITS.keywordMax).optional(),
  grade: z.enum(SCENIC_GRADES).optional(),
  category: textSchema().trim().max(SCENIC_LIMITS.categoryMax).optional(),
  province: textSchema().trim().max(SCENIC_LIMITS.regionMax).optional(),
  city: textSchema().trim().max(SCENIC_LIMITS.regionMax).optional(),
  status: z.enum(SCENIC_STATUSES).optional(),
  sortField: z.enum(SCENIC_SORT_FIELDS).optional(),
  sortOrder: sortOrderField(),
};

export const scenicSpotListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  ...scenicSpotFilterFields,
});
export type ScenicSpotListQuery = z.infer<typeof scenicSpotListQuery>;
export type ScenicSpotFilter = Omit<ScenicSpotListQuery, 'current' | 'pageSize'>;

export const scenicSpotExportQuery = z.strictObject({
  ...scenicSpotFilterFields,
  format: z.enum(SPREADSHEET_FORMATS).default('xlsx'),
});
