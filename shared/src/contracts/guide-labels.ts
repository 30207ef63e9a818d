// The labels of the guide's coded fields in both languages: one copy, read by the guide
// section's locale messages and by the server's spreadsheet columns.
import type { Localized } from './locale';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export const GUIDE_ENUM_LABELS = {
  level: {
    junior: bi('初级', 'Junior'),
    intermediate: bi('中级', 'Intermediate'),
    senior: bi('高级', 'Senior'),
    special: bi('特级', 'Special'),
  },
  licenceType: {
    national: bi('全国导游证', 'National guide licence'),
    scenic_area: bi('景区讲解证', 'Scenic-area licence'),
    tour_leader: bi('领队证', 'Tour leader licence'),
  },
  employment: {
    staff: bi('正式员工', 'Staff'),
    contract: bi('合同导游', 'Contract'),
    freelance: bi('自由职业', 'Freelance'),
  },
  status: {
    active: bi('在岗', 'Active'),
    on_leave: bi('休假', 'On leave'),
    suspended: bi('停用', 'Suspended'),
    inactive: bi('离职', 'Inactive'),
  },
  gender: { male: bi('男', 'Male'), female: bi('女', 'Female') },
  proficiency: {
    native: bi('母语', 'Native'),
    fluent: bi('流利', 'Fluent'),
    working: bi('工作语言', 'Working'),
    basic: bi('基础', 'Basic'),
  },
} as const satisfies Record<string, Record<string, Localized>>;

/** The labels as `guide.<field>.<code>` locale messages. */
export function guideEnumMessages(locale: keyof Localized): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, codes] of Object.entries(GUIDE_ENUM_LABELS))
    for (const [code, label] of Object.entries(codes))
      out[`guide.${field}.${code}`] = label[locale];
  return out;
}

/** The labels of one field as spreadsheet options. */
export const guideEnumOptions = (field: keyof typeof GUIDE_ENUM_LABELS) =>
  Object.entries(GUIDE_ENUM_LABELS[field]).map(([value, label]) => ({
    value,
    label: label as Localized,
  }));
