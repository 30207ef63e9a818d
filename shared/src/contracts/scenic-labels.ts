// The labels of a scenic spot's coded fields in both languages: one copy, read by the scenic
// section's locale messages and by the server's spreadsheet columns.
import type { Localized } from './locale';
import type { ScenicLoadBand, ScenicStatus } from './scenic';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export const SCENIC_ENUM_LABELS = {
  grade: {
    none: bi('未评级', 'Not graded'),
    A: bi('A', 'A'),
    AA: bi('AA', 'AA'),
    AAA: bi('AAA', 'AAA'),
    AAAA: bi('AAAA', 'AAAA'),
    AAAAA: bi('AAAAA', 'AAAAA'),
  },
  status: {
    open: bi('开放', 'Open'),
    limited: bi('限流', 'Limited'),
    full: bi('已满', 'Full'),
    maintenance: bi('维护中', 'Maintenance'),
    closed: bi('闭园', 'Closed'),
  },
} as const satisfies Record<string, Record<string, Localized>>;

/** The labels as `scenic.<field>.<code>` locale messages. */
export function scenicEnumMessages(locale: keyof Localized): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, codes] of Object.entries(SCENIC_ENUM_LABELS))
    for (const [code, label] of Object.entries(codes))
      out[`scenic.${field}.${code}`] = label[locale];
  return out;
}

/** The labels of one field as spreadsheet options. */
export const scenicEnumOptions = (field: keyof typeof SCENIC_ENUM_LABELS) =>
  Object.entries(SCENIC_ENUM_LABELS[field]).map(([value, label]) => ({
    value,
    label: label as Localized,
  }));

// Colours of a spot's status and load band (product.md, "Scenic spot"), written once for every
// section that shows them: Arco tag colours and palette variables, readable in both themes.
export const SCENIC_STATUS_TAG: Record<ScenicStatus, string> = {
  open: 'green',
  limited: 'orange',
  full: 'red',
  maintenance: 'purple',
  closed: 'gray',
};

export const SCENIC_BAND_COLOR: Record<ScenicLoadBand, string> = {
  quiet: 'rgb(var(--green-6))',
  comfortable: 'rgb(var(--arcoblue-6))',
  crowded: 'rgb(var(--orange-6))',
  extreme: 'rgb(var(--red-6))',
};

export const SCENIC_BAND_TAG: Record<ScenicLoadBand, string> = {
  quiet: 'green',
  comfortable: 'arcoblue',
  crowded: 'orange',
  extreme: 'red',
};

/** A spot's region: "安徽 · 黄山", or the city alone when it is its own province (北京). */
export const scenicRegionText = (spot: { province: string; city: string }) =>
  spot.province === spot.city ? spot.city : `${spot.province} · ${spot.city}`;
