// The spot form's values and the contract's body, both ways. The form holds the contract's
// values themselves (prices in fen, images as a list: their controls convert on screen), so
// the values are the record's fields, read from the contract's field specs. Pure, so the round
// trip is tested without a page.
import {
  SCENIC_FIELD_SPECS,
  blanksOf,
  pickFields,
  specKeys,
  type ScenicSpot,
  type ScenicSpotCreateBody,
} from '@console/shared';

export type FormValues = ScenicSpotCreateBody;

/** The fields the form edits: one per field spec (the update contract's, less its version). */
export const SPOT_FORM_FIELDS = specKeys(SCENIC_FIELD_SPECS);

/** A new spot's starting values (create only; an edit starts from the record). */
export const EMPTY: Partial<FormValues> = blanksOf(SCENIC_FIELD_SPECS);

/** A spot → the form's values: its edited fields, as they are. */
export function toForm(spot: ScenicSpot): Partial<FormValues> {
  return pickFields(spot, SPOT_FORM_FIELDS);
}

/** Form values → the contract's body: what the form holds, an emptied field left out. */
export function toBody(v: Partial<FormValues>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(v).filter(
      ([k, value]) =>
        value !== null && value !== undefined && (SPOT_FORM_FIELDS as string[]).includes(k),
    ),
  );
}
