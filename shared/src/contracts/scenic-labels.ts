// The labels of a scenic spot's coded fields in both languages: one copy, read by the scenic
// section's locale messages and by the server's spreadsheet columns.
import type { Localized } from './locale';

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
