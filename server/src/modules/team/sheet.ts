// The team list as a spreadsheet (export only: teams are created through the step form, whose
// itinerary a row could not carry). The editable fields' columns are read from the contract's
// field specs (header = the field's label, type and dictionary from its widget), between the
// export's own columns: the code and status first, the pax total and the guides last. Coded
// fields are exported as their labels in the caller's language (team-labels.ts; agency, market
// and language from their dictionaries, looked up per request).
import { z } from 'zod';
import {
  TEAM_ENUM_LABELS,
  TEAM_FIELD_KEYS,
  TEAM_FIELD_SPECS,
  bi,
  sheetColumnsOf,
  teamDetail,
  type FieldSpecs,
  type TeamField,
} from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet/sheet';

/** One exported team (what TeamService.exportRows gives): the detail's fields by name. */
export const teamExportRow = teamDetail
  .pick({
    code: true,
    status: true,
    ...(Object.fromEntries(TEAM_FIELD_KEYS.map((k) => [k, true])) as Record<TeamField, true>),
    pax: true,
  })
  .extend({ guides: z.array(z.string()) });
export type TeamExportRow = z.infer<typeof teamExportRow>;

/** Columns of the export that are not fields a person edits. */
const LEADING = {
  code: {
    label: bi('团号', 'Team code'),
    widget: { kind: 'text', max: 64 },
    group: 'export',
    sheet: { width: 16 },
  },
  status: {
    label: bi('状态', 'Status'),
    widget: { kind: 'enum', labels: TEAM_ENUM_LABELS.status },
    group: 'export',
  },
} as const satisfies FieldSpecs;

const TRAILING = {
  pax: {
    label: bi('总人数', 'Pax'),
    widget: { kind: 'integer' },
    group: 'export',
    sheet: { width: 8 },
  },
  guides: {
    label: bi('导游', 'Guides'),
    widget: { kind: 'slot' },
    group: 'export',
    sheet: { type: 'list', width: 20 },
  },
} as const satisfies FieldSpecs;

export const teamSheet = defineSheet({
  name: 'teams',
  title: bi('团队', 'Teams'),
  row: teamExportRow,
  columns: [
    ...sheetColumnsOf(LEADING, teamExportRow),
    ...sheetColumnsOf(TEAM_FIELD_SPECS, teamExportRow),
    ...sheetColumnsOf(TRAILING, teamExportRow),
  ],
});
