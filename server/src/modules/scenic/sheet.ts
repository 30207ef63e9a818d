// The spot list as a spreadsheet (import, template, export): one column per editable field,
// read from the contract's field specs (header = the field's label; prices in fen, the header
// says so), so an export imports back into an empty database unchanged. The category's
// options come from the dictionary for every request (routes.ts).
import {
  SCENIC_FIELD_SPECS,
  SCENIC_VALIDATION_MESSAGES,
  bi,
  scenicSpotCreateBody,
  sheetColumnsOf,
} from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet';

export const spotSheet = defineSheet({
  name: 'scenic-spots',
  title: bi('景点', 'Scenic spots'),
  row: scenicSpotCreateBody,
  messages: SCENIC_VALIDATION_MESSAGES,
  columns: sheetColumnsOf(SCENIC_FIELD_SPECS, scenicSpotCreateBody),
});
