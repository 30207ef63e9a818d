// The user table as a spreadsheet (export only: users are created one by one, each with an
// initial password the admin hands over). The columns are read from the contract's field
// specs: the form's fields, then the state the table shows (header = the field's label).
import { z } from 'zod';
import {
  USER_FIELD_SPECS,
  USER_STATE_SPECS,
  bi,
  sheetColumnsOf,
  systemUser,
  type SystemUser,
} from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet';

/** The state columns the export writes (the creation time is the table's only). */
const { createdAt: _tableOnly, ...STATE_COLUMNS } = USER_STATE_SPECS;

/** Every user field the export writes: the specs' fields, then their state columns. */
type SheetKey = keyof typeof USER_FIELD_SPECS | keyof typeof STATE_COLUMNS;
const SHEET_KEYS = [...Object.keys(USER_FIELD_SPECS), ...Object.keys(STATE_COLUMNS)] as SheetKey[];

/** A user as an export row: as the contract has it, but roles by code and "never" as empty. */
const row = systemUser
  .pick(Object.fromEntries(SHEET_KEYS.map((k) => [k, true])) as { [K in SheetKey]: true })
  .extend({ roles: z.array(z.string()), lastLoginAt: z.string() });
export type UserSheetRow = z.infer<typeof row>;

/** The export row of a user: its sheet fields, read by the specs' keys. */
export const userSheetRow = (u: SystemUser): UserSheetRow => ({
  ...(Object.fromEntries(SHEET_KEYS.map((k) => [k, u[k]])) as Pick<SystemUser, SheetKey>),
  roles: u.roles.map((r) => r.code),
  lastLoginAt: u.lastLoginAt ?? '',
});

export const userSheet = defineSheet({
  name: 'users',
  title: bi('用户', 'Users'),
  row,
  columns: [...sheetColumnsOf(USER_FIELD_SPECS, row), ...sheetColumnsOf(STATE_COLUMNS, row)],
});
