// The guide list as a spreadsheet (import, template, export): one column per editable field,
// read from the contract's field specs (header = the field's label), so an export imports
// back into an empty database unchanged. Dictionary columns get their options from the
// properties service for every request (routes.ts); coded columns list their accepted labels
// in the template's instructions sheet (write.ts).
import {
  GUIDE_ENUM_LABELS,
  GUIDE_FIELD_SPECS,
  GUIDE_LIMITS,
  GUIDE_VALIDATION_MESSAGES,
  bi,
  guideSheetRow,
  sheetColumnsOf,
  type FieldSpecs,
} from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet';

/** Sheet-only columns: an import may set the status (the form changes it apart). */
const STATUS_COLUMNS = {
  status: {
    label: bi('状态', 'Status'),
    widget: { kind: 'enum', labels: GUIDE_ENUM_LABELS.status },
    group: 'status',
    sheet: { example: 'active' },
  },
  statusReason: {
    label: bi('状态原因', 'Status reason'),
    widget: { kind: 'text', max: GUIDE_LIMITS.reasonMax },
    group: 'status',
    sheet: { hint: GUIDE_VALIDATION_MESSAGES.reasonRequired, width: 20 },
  },
} as const satisfies FieldSpecs;

export const guideSheet = defineSheet({
  name: 'guides',
  title: bi('导游', 'Guides'),
  row: guideSheetRow,
  messages: GUIDE_VALIDATION_MESSAGES,
  columns: [
    ...sheetColumnsOf(GUIDE_FIELD_SPECS, guideSheetRow),
    ...sheetColumnsOf(STATUS_COLUMNS, guideSheetRow),
  ],
});
