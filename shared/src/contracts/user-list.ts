// The user table's query and the export's (same filter, no page). Apart from users.ts because
// its sort fields are read from the field specs, and user-fields.ts reads users.ts.
import { z } from 'zod';
import { sortFieldsOf } from './fields';
import { USER_LIMITS } from './users';
import { USER_FIELD_SPECS, USER_STATE_SPECS } from './user-fields';
import { SPREADSHEET_FORMATS } from './spreadsheet';
import { pageQueryFields, sortOrderField, textSchema } from './validation';

/** The table sorts by the columns that sort, of the form's fields and of the state. */
export const USER_SORT_FIELDS = sortFieldsOf({ ...USER_FIELD_SPECS, ...USER_STATE_SPECS }, []);
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** `true` / `false` in a query string. */
const flag = z.enum(['true', 'false']).optional();

export const userFilterFields = {
  /** Part of the username or the name. */
  keyword: textSchema().trim().max(USER_LIMITS.keywordMax).optional(),
  /** Holds the role with this code. */
  role: textSchema().trim().max(USER_LIMITS.roleCodeMax).optional(),
  enabled: flag,
  locked: flag,
  sortField: z.enum(USER_SORT_FIELDS).optional(),
  sortOrder: sortOrderField(),
};

export const userListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  ...userFilterFields,
});
export type UserListQuery = z.infer<typeof userListQuery>;
export type UserFilter = Omit<UserListQuery, 'current' | 'pageSize'>;

export const userExportQuery = z.strictObject({
  ...userFilterFields,
  format: z.enum(SPREADSHEET_FORMATS).default('xlsx'),
});
