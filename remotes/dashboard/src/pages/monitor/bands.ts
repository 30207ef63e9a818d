// Colours of the load bands (product.md, "Scenic spot"): Arco palette variables, so both
// themes keep them readable.
import type { ScenicLoadBand, ScenicStatus } from '@console/shared';

export const BAND_COLOR: Record<ScenicLoadBand, string> = {
  quiet: 'rgb(var(--green-6))',
  comfortable: 'rgb(var(--arcoblue-6))',
  crowded: 'rgb(var(--orange-6))',
  extreme: 'rgb(var(--red-6))',
};

export const BAND_TAG: Record<ScenicLoadBand, string> = {
  quiet: 'green',
  comfortable: 'arcoblue',
  crowded: 'orange',
  extreme: 'red',
};

export const STATUS_TAG: Record<ScenicStatus, string> = {
  open: 'green',
  limited: 'orange',
  full: 'red',
  maintenance: 'purple',
  closed: 'gray',
};
