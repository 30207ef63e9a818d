// The user table as a spreadsheet (export only: users are created one by one, each with an
// initial password the admin hands over). The columns are read from the contract's field
// specs: the form's fields, then the state the table shows (header = the field's label).
import { z } from 'zod';
import { USER_FIELD_SPECS, USER_STATE_SPECS, bi, sheetColumnsOf } from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet';

const row = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  locked: z.boolean(),
  lastLoginAt: z.string(),
});
export type UserSheetRow = z.infer<typeof row>;

/** The state columns the export writes (the creation time is the table's only). */
const { createdAt: _tableOnly, ...STATE_COLUMNS } = USER_STATE_SPECS;

export const userSheet = defineSheet({
  name: 'users',
  title: bi('用户', 'Users'),
  row,
  columns: [...sheetColumnsOf(USER_FIELD_SPECS, row), ...sheetColumnsOf(STATE_COLUMNS, row)],
});
