// The spot form's values and the contract's body, both ways: prices in yuan on the form and
// in fen on the wire, images one per line. Pure, so the round trip is tested without a page.
import { scenicSpotUpdateBody, type ScenicSpot, type ScenicSpotCreateBody } from '@console/shared';

export type FormValues = Omit<ScenicSpotCreateBody, 'priceAdult' | 'priceChild' | 'images'> & {
  priceAdult?: number;
  priceChild?: number;
  images?: string;
};

/** A new spot's starting values (create only; an edit starts from the record). */
export const EMPTY: Partial<FormValues> = {
  grade: 'none',
  openTime: '08:00',
  closeTime: '17:30',
  avgVisitMinutes: 120,
  reservationRequired: false,
  certifiedGuidesOnly: false,
  maxPaxPerGuide: 30,
  priceAdult: 0,
  priceChild: 0,
  address: '',
  description: '',
  images: '',
};

/** The fields the form edits: the update contract's, less the version it sends by itself. */
const EDITED = Object.keys(scenicSpotUpdateBody.shape).filter((k) => k !== 'version');

/** A spot → the form's values: its edited fields, prices in yuan, one image per line. */
export function toForm(spot: ScenicSpot): Partial<FormValues> {
  const fields = Object.fromEntries(EDITED.map((k) => [k, spot[k as keyof ScenicSpot]]));
  return {
    ...fields,
    priceAdult: spot.priceAdult / 100,
    priceChild: spot.priceChild / 100,
    images: spot.images.join('\n'),
  };
}

/** Form values → the contract's body (yuan → fen, one image per line). */
export function toBody(v: Partial<FormValues>): Record<string, unknown> {
  const fen = (y: number | undefined) => (typeof y === 'number' ? Math.round(y * 100) : undefined);
  const body: Record<string, unknown> = {
    ...v,
    priceAdult: fen(v.priceAdult),
    priceChild: fen(v.priceChild),
    images: (v.images ?? '')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  };
  for (const k of Object.keys(body)) if (body[k] === null || body[k] === undefined) delete body[k];
  return body;
}
