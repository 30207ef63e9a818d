// Guide records (product.md, "Guide"; issue #7): identity, licence, languages, specialties,
// scenic certifications, unavailability and status. The server route schemas and the
// section's forms both validate with these; a failing rule reports a message code that the
// forms translate (`guide.validation.<code>` in the section's locale files).
import { z } from 'zod';
import type { Localized } from './locale';
import {
  calendarDay,
  calendarDayInput,
  registerValidationMessages,
  textSchema,
  idParam,
  idSchema,
  pageQueryFields,
  sortOrderField,
  withoutDefaults,
} from './validation';
import { SPREADSHEET_FORMATS } from './spreadsheet';
import { bi, enumOptions, sortFieldsOf, type FieldSpecs } from './fields';
import { GUIDE_ENUM_LABELS } from './guide-labels';
import { addDays, localDate } from '../time';
import { ASSIGNMENT_ROLES, type TeamStatus } from './team';

export const GUIDE_LEVELS = ['junior', 'intermediate', 'senior', 'special'] as const;
export type GuideLevel = (typeof GUIDE_LEVELS)[number];

export const LICENCE_TYPES = ['national', 'scenic_area', 'tour_leader'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export const EMPLOYMENT_TYPES = ['staff', 'contract', 'freelance'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const GUIDE_STATUSES = ['active', 'on_leave', 'suspended', 'inactive'] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

/** Statuses whose change needs a reason (issue #7: "suspending needs a reason"). */
export const STATUSES_NEEDING_REASON: readonly GuideStatus[] = ['suspended', 'inactive'];

export const UNAVAILABILITY_TYPES = ['leave', 'sick', 'training', 'day_off'] as const;
export type UnavailabilityType = (typeof UNAVAILABILITY_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const LANGUAGE_PROFICIENCIES = ['native', 'fluent', 'working', 'basic'] as const;
export type LanguageProficiency = (typeof LANGUAGE_PROFICIENCIES)[number];

/** Dictionary categories the guide's choices come from (seeded property categories). */
export const GUIDE_LANGUAGE_CATEGORY = 'guide_language';
export const GUIDE_SPECIALTY_CATEGORY = 'guide_specialty';

/** Rank of a level, for "meets the minimum level" comparisons. */
export const guideLevelRank = (level: GuideLevel) => GUIDE_LEVELS.indexOf(level);

export const GUIDE_LIMITS = {
  codeMax: 16,
  nameMax: 32,
  phonePattern: /^1[3-9]\d{9}$/,
  emailMax: 254,
  cityMax: 32,
  wechatIdMax: 32,
  avatarMax: 512,
  licenceNoMax: 32,
  /** Letters and digits, groups joined by hyphens (e.g. D-3100-012345). */
  licenceNoPattern: /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
  reasonMax: 200,
  groupSizeMin: 1,
  groupSizeMax: 200,
  languagesMax: 10,
  specialtiesMax: 10,
  certificationsMax: 50,
  /** Licence-expiry warning window in days (product.md: todo for licences expiring in 30 days). */
  expiryWarningDays: 30,
  keywordMax: 64,
} as const;

/**
 * Today's date (YYYY-MM-DD) where the operation runs: licences and leave are calendar dates
 * there, whatever the server's or browser's zone (shared/src/time.ts).
 */
export const isoToday = (now = new Date()): string => localDate(now);

export { addDays };

/** Guide codes look like G000123 (product.md, "Guide"). */
export const GUIDE_CODE_PATTERN = /^G\d{6}$/;

/** Texts of the guide contract's own message codes (forms, server reports, imports). */
export const GUIDE_VALIDATION_MESSAGES = {
  required: { 'zh-CN': '必填项', 'en-US': 'Required' },
  tooLong: { 'zh-CN': '内容过长', 'en-US': 'Too long' },
  tooMany: { 'zh-CN': '项目过多', 'en-US': 'Too many items' },
  date: { 'zh-CN': '日期格式应为 YYYY-MM-DD', 'en-US': 'Use a YYYY-MM-DD date' },
  code: {
    'zh-CN': '导游编号格式为 G 加 6 位数字，如 G000123',
    'en-US': 'A G and 6 digits, e.g. G000123',
  },
  phone: {
    'zh-CN': '请输入 11 位中国大陆手机号',
    'en-US': 'Enter an 11-digit mainland China mobile number',
  },
  email: { 'zh-CN': '邮箱格式不正确', 'en-US': 'Invalid email address' },
  licenceNo: {
    'zh-CN': '导游证号由字母、数字和连字符组成，如 D-3100-012345',
    'en-US': 'Letters, digits and hyphens, e.g. D-3100-012345',
  },
  groupSize: { 'zh-CN': '最大带团人数为 1～200 的整数', 'en-US': 'A whole number from 1 to 200' },
  past: { 'zh-CN': '出生日期应早于今天', 'en-US': 'The birth date must be before today' },
  afterBirth: { 'zh-CN': '取得日期应晚于出生日期', 'en-US': 'Must be after the birth date' },
  notFuture: { 'zh-CN': '取得日期不能晚于今天', 'en-US': 'Cannot be in the future' },
  afterObtained: {
    'zh-CN': '有效期应晚于等级取得日期',
    'en-US': 'Must be after the date the level was obtained',
  },
  languagesRequired: { 'zh-CN': '至少填写一种语言', 'en-US': 'Add at least one language' },
  duplicate: { 'zh-CN': '重复的项目', 'en-US': 'Duplicated item' },
  reasonRequired: {
    'zh-CN': '停用或离职需要填写原因',
    'en-US': 'Suspending or deactivating needs a reason',
  },
  endBeforeStart: {
    'zh-CN': '结束日期不能早于开始日期',
    'en-US': 'The end cannot be before the start',
  },
  unknownDictionaryValue: { 'zh-CN': '不在字典中的取值', 'en-US': 'Not a value of the dictionary' },
  languageItem: {
    'zh-CN': '语言格式为“语种:水平”，如 en:fluent',
    'en-US': 'Write languages as language:level, e.g. en:fluent',
  },
  certificationItem: {
    'zh-CN': '认证格式为“景点编码:有效期”，如 BJ-GUGONG:2026-12-31',
    'en-US': 'Write certifications as SPOTCODE:YYYY-MM-DD',
  },
  unknownSpot: { 'zh-CN': '景点编码不存在', 'en-US': 'No scenic spot has this code' },
  duplicateInFile: { 'zh-CN': '与第 {row} 行重复', 'en-US': 'Same as row {row}' },
  licenceExpired: {
    'zh-CN': '导游证已过期，不能设为在岗',
    'en-US': 'The licence has expired; the guide cannot be active',
  },
} as const satisfies Record<string, Localized>;
export type GuideValidationCode = keyof typeof GUIDE_VALIDATION_MESSAGES;
registerValidationMessages(GUIDE_VALIDATION_MESSAGES);

// An empty date is "required", not "format YYYY-MM-DD" (issue #18 item 13).
const isoDate = calendarDayInput;
const text = (max: number) => textSchema().trim().max(max, 'tooLong');
const required = (max: number) => text(max).min(1, 'required');
const mobile = textSchema().trim().regex(GUIDE_LIMITS.phonePattern, 'phone');

export const guideLanguageInput = z.strictObject({
  language: textSchema().trim().min(1, 'required').max(64),
  proficiency: z.enum(LANGUAGE_PROFICIENCIES, 'required'),
});
export type GuideLanguageInput = z.infer<typeof guideLanguageInput>;

export const guideCertificationInput = z.strictObject({
  spotId: idSchema,
  validUntil: isoDate,
});
export type GuideCertificationInput = z.infer<typeof guideCertificationInput>;

/** Fields a person edits (create and update share them). */
const guideFields = {
  code: z.union([z.literal(''), textSchema().trim().regex(GUIDE_CODE_PATTERN, 'code')]).optional(),
  name: required(GUIDE_LIMITS.nameMax),
  gender: z.enum(GENDERS, 'required'),
  birthDate: isoDate,
  phone: mobile,
  email: z
    .union([z.literal(''), z.email('email').max(GUIDE_LIMITS.emailMax, 'tooLong')])
    .default(''),
  emergencyContactName: text(GUIDE_LIMITS.nameMax).default(''),
  emergencyContactPhone: z.union([z.literal(''), mobile]).default(''),
  wechatId: text(GUIDE_LIMITS.wechatIdMax).default(''),
  avatar: text(GUIDE_LIMITS.avatarMax).default(''),
  homeCity: text(GUIDE_LIMITS.cityMax).default(''),
  employmentType: z.enum(EMPLOYMENT_TYPES, 'required'),
  licenceNo: required(GUIDE_LIMITS.licenceNoMax).regex(GUIDE_LIMITS.licenceNoPattern, 'licenceNo'),
  licenceType: z.enum(LICENCE_TYPES, 'required'),
  level: z.enum(GUIDE_LEVELS, 'required'),
  levelObtainedOn: isoDate,
  licenceExpiry: isoDate,
  maxGroupSize: z
    .number('required')
    .int('groupSize')
    .min(GUIDE_LIMITS.groupSizeMin, 'groupSize')
    .max(GUIDE_LIMITS.groupSizeMax, 'groupSize'),
  languages: z
    .array(guideLanguageInput)
    .min(1, 'languagesRequired')
    .max(GUIDE_LIMITS.languagesMax, 'tooMany'),
  specialties: z
    .array(textSchema().trim().min(1).max(64))
    .max(GUIDE_LIMITS.specialtiesMax, 'tooMany'),
  certifications: z.array(guideCertificationInput).max(GUIDE_LIMITS.certificationsMax, 'tooMany'),
};

/**
 * What the views need of each field (shared/src/contracts/fields.ts): the drawer, the list
 * columns, the sheet, the profile cards and the server's write list are read from here.
 * Groups: identity, contact, licence (form sections and profile cards), skills, certifications.
 */
export const GUIDE_FIELD_SPECS = {
  code: {
    label: bi('导游编号', 'Code'),
    widget: { kind: 'text', max: GUIDE_LIMITS.codeMax },
    group: 'identity',
    placeholder: bi('留空自动生成', 'Generated when empty'),
    column: { width: 110, sortable: true, fixedVisible: true },
    sheet: {
      hint: bi('G 加 6 位数字；留空则自动生成', 'G and 6 digits; left empty, one is generated'),
      example: 'G000123',
      width: 12,
    },
  },
  name: {
    label: bi('姓名', 'Name'),
    widget: { kind: 'text', max: GUIDE_LIMITS.nameMax },
    group: 'identity',
    column: { width: 110, sortable: true, fixedVisible: true },
    sheet: { example: '王芳' },
    card: false,
  },
  gender: {
    label: bi('性别', 'Gender'),
    widget: { kind: 'enum', labels: GUIDE_ENUM_LABELS.gender },
    group: 'identity',
    blank: 'female',
    sheet: { example: 'female' },
  },
  birthDate: {
    label: bi('出生日期', 'Birth date'),
    widget: { kind: 'date' },
    group: 'identity',
    sheet: { example: '1990-05-01', width: 12 },
  },
  phone: {
    label: bi('手机号', 'Mobile'),
    widget: { kind: 'text', max: 11 },
    group: 'contact',
    column: { width: 130 },
    sheet: { hint: GUIDE_VALIDATION_MESSAGES.phone, example: '13812345678', width: 14 },
  },
  email: {
    label: bi('邮箱', 'Email'),
    widget: { kind: 'text', max: GUIDE_LIMITS.emailMax },
    group: 'contact',
    sheet: { example: 'wangfang@example.com', width: 24 },
  },
  emergencyContactName: {
    label: bi('紧急联系人', 'Emergency contact'),
    widget: { kind: 'text', max: GUIDE_LIMITS.nameMax },
    group: 'contact',
    sheet: { example: '王强' },
  },
  emergencyContactPhone: {
    label: bi('紧急联系人电话', 'Emergency phone'),
    widget: { kind: 'text', max: 11 },
    group: 'contact',
    sheet: { example: '13900001111', width: 14 },
  },
  wechatId: {
    label: bi('微信号', 'WeChat ID'),
    widget: { kind: 'text', max: GUIDE_LIMITS.wechatIdMax },
    group: 'contact',
    column: { width: 120, hidden: true },
    sheet: { example: 'wangfang_hz' },
  },
  homeCity: {
    label: bi('常驻城市', 'Home city'),
    widget: { kind: 'text', max: GUIDE_LIMITS.cityMax },
    group: 'contact',
    column: { width: 90 },
    sheet: { example: '杭州' },
  },
  avatar: {
    label: bi('头像地址', 'Avatar URL'),
    widget: { kind: 'text', max: GUIDE_LIMITS.avatarMax },
    group: 'contact',
    sheet: { width: 20 },
    card: false,
  },
  employmentType: {
    label: bi('用工类型', 'Employment'),
    widget: { kind: 'enum', labels: GUIDE_ENUM_LABELS.employment },
    group: 'contact',
    blank: 'staff',
    column: { width: 110 },
    sheet: { example: 'staff' },
  },
  licenceNo: {
    label: bi('导游证号', 'Licence number'),
    widget: { kind: 'text', max: GUIDE_LIMITS.licenceNoMax },
    group: 'licence',
    sheet: { hint: bi('唯一', 'Unique'), example: 'D-3301-000123', width: 18 },
  },
  licenceType: {
    label: bi('证件类型', 'Licence type'),
    widget: { kind: 'enum', labels: GUIDE_ENUM_LABELS.licenceType },
    group: 'licence',
    blank: 'national',
    sheet: { example: 'national' },
  },
  level: {
    label: bi('等级', 'Level'),
    widget: { kind: 'enum', labels: GUIDE_ENUM_LABELS.level },
    group: 'licence',
    blank: 'junior',
    column: { width: 110, sortable: true },
    sheet: { example: 'senior' },
  },
  levelObtainedOn: {
    label: bi('等级取得日期', 'Level obtained on'),
    widget: { kind: 'date' },
    group: 'licence',
    sheet: { example: '2015-03-01', width: 12 },
  },
  licenceExpiry: {
    label: bi('导游证有效期至', 'Licence expiry'),
    widget: { kind: 'date' },
    group: 'licence',
    column: { width: 190, sortable: true },
    sheet: { example: '2028-12-31', width: 12 },
    card: 'slot',
  },
  maxGroupSize: {
    label: bi('最大带团人数', 'Max group size'),
    // No min/max on the input: out-of-range input is refused by the contract, not clamped.
    widget: { kind: 'integer' },
    group: 'licence',
    blank: 40,
    column: { width: 110, sortable: true },
    sheet: {
      hint: bi(
        `${GUIDE_LIMITS.groupSizeMin}～${GUIDE_LIMITS.groupSizeMax}`,
        `${GUIDE_LIMITS.groupSizeMin} to ${GUIDE_LIMITS.groupSizeMax}`,
      ),
      example: '40',
    },
  },
  languages: {
    label: bi('语言', 'Languages'),
    widget: { kind: 'slot' },
    group: 'skills',
    span: 24,
    blank: [{ language: 'zh', proficiency: 'native' }],
    column: { width: 200 },
    sheet: {
      type: 'list',
      hint: bi('“语种:水平”，分号分隔', 'language:level, separated by ;'),
      dictionary: GUIDE_LANGUAGE_CATEGORY,
      qualifier: enumOptions(GUIDE_ENUM_LABELS.proficiency),
      example: 'zh:native; en:fluent',
      width: 24,
    },
    card: false,
  },
  specialties: {
    label: bi('特长', 'Specialties'),
    widget: { kind: 'dictionary', category: GUIDE_SPECIALTY_CATEGORY, multiple: true },
    group: 'skills',
    span: 24,
    blank: [],
    sheet: { hint: bi('分号分隔', 'Separated by ;'), example: 'history; food', width: 20 },
    card: false,
  },
  certifications: {
    label: bi('景点认证', 'Scenic certifications'),
    widget: { kind: 'slot' },
    group: 'certifications',
    span: 24,
    blank: [],
    sheet: {
      type: 'list',
      hint: GUIDE_VALIDATION_MESSAGES.certificationItem,
      example: 'BJ-GUGONG:2026-12-31',
      width: 28,
    },
    card: false,
  },
} as const satisfies FieldSpecs<typeof guideFields>;
export type GuideField = keyof typeof GUIDE_FIELD_SPECS;

type GuideFieldValues = {
  birthDate: string;
  levelObtainedOn: string;
  licenceExpiry: string;
  languages: GuideLanguageInput[];
  specialties: string[];
  certifications: GuideCertificationInput[];
};

/** Cross-field rules: dates in order, no duplicated language, specialty or spot. */
function checkGuide(v: GuideFieldValues, ctx: z.RefinementCtx) {
  const today = isoToday();
  if (v.birthDate >= today) ctx.addIssue({ code: 'custom', path: ['birthDate'], message: 'past' });
  if (v.levelObtainedOn <= v.birthDate)
    ctx.addIssue({ code: 'custom', path: ['levelObtainedOn'], message: 'afterBirth' });
  if (v.levelObtainedOn > today)
    ctx.addIssue({ code: 'custom', path: ['levelObtainedOn'], message: 'notFuture' });
  if (v.licenceExpiry <= v.levelObtainedOn)
    ctx.addIssue({ code: 'custom', path: ['licenceExpiry'], message: 'afterObtained' });
  const dup = <T>(items: T[], key: (t: T) => unknown, path: string) => {
    const seen = new Set<unknown>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [path, i], message: 'duplicate' });
      seen.add(k);
    });
  };
  dup(v.languages, (l) => l.language, 'languages');
  dup(v.specialties, (s) => s, 'specialties');
  dup(v.certifications, (c) => c.spotId, 'certifications');
}

export const guideCreateBody = z
  .strictObject({
    ...guideFields,
    status: z.enum(['active', 'on_leave'], 'required').optional(),
  })
  .superRefine(checkGuide);
export type GuideCreateBody = z.infer<typeof guideCreateBody>;

/** PUT: every field the form shows is sent (a missing one is refused, never blanked). */
export const guideUpdateBody = z
  .strictObject({
    ...withoutDefaults(guideFields),
    version: idSchema,
  })
  .superRefine(checkGuide);
export type GuideUpdateBody = z.infer<typeof guideUpdateBody>;

export const guideStatusBody = z
  .strictObject({
    status: z.enum(GUIDE_STATUSES, 'required'),
    reason: text(GUIDE_LIMITS.reasonMax),
    version: idSchema,
  })
  .superRefine((v, ctx) => {
    if (STATUSES_NEEDING_REASON.includes(v.status) && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
  });
export type GuideStatusBody = z.infer<typeof guideStatusBody>;

/** The list sorts by the fields whose column sorts, the status (its own action) and the times. */
export const GUIDE_SORT_FIELDS = sortFieldsOf(GUIDE_FIELD_SPECS, [
  'status',
  'createdAt',
  'updatedAt',
] as const);

const guideFilterFields = {
  keyword: textSchema().trim().max(GUIDE_LIMITS.keywordMax).optional(),
  level: z.enum(GUIDE_LEVELS).optional(),
  status: z.enum(GUIDE_STATUSES).optional(),
  employmentType: z.enum(EMPLOYMENT_TYPES).optional(),
  licenceType: z.enum(LICENCE_TYPES).optional(),
  language: textSchema().trim().min(1).max(64).optional(),
  /** Licence expiring between today and today + N days. */
  expiringWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
  /** Holds a certification for this scenic spot valid today. */
  certifiedSpotId: idParam.optional(),
  sortField: z.enum(GUIDE_SORT_FIELDS).optional(),
  sortOrder: sortOrderField(),
};

/** GET /api/guides query: filters, sort, page. */
export const guideListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
  ...guideFilterFields,
});
export type GuideListQuery = z.infer<typeof guideListQuery>;
export type GuideFilter = Omit<GuideListQuery, 'current' | 'pageSize'>;

/** GET /api/guides/export: the list's filters plus the file format. */
export const guideExportQuery = z.strictObject({
  ...guideFilterFields,
  format: z.enum(SPREADSHEET_FORMATS).default('xlsx'),
});

export const guideIdParams = z.strictObject({ id: idParam });

// Response shapes: the routes declare them (the OpenAPI document describes them) and the
// types below are inferred from them, never re-declared.

export const guideLanguage = z.object({
  language: z.string(),
  proficiency: z.enum(LANGUAGE_PROFICIENCIES),
});
export type GuideLanguage = z.infer<typeof guideLanguage>;

export const guideCertification = z.object({
  spotId: z.number(),
  /** Spot name when the scenic module knows the spot. */
  spotName: z.string().nullable(),
  validUntil: calendarDay,
});
export type GuideCertification = z.infer<typeof guideCertification>;

/** Derived figures (product.md): computed from teams and feedback, never stored. */
export const guideFigures = z.object({
  teamsLed: z.number(),
  daysWorked30: z.number(),
  /** null until the guide has feedback. */
  averageRating: z.number().nullable(),
});
export type GuideFigures = z.infer<typeof guideFigures>;

/**
 * A team a guide led (product.md, "Guide": teams led): one of the guide's active assignments
 * is on it and the team ran (ongoing or completed). The figure `teamsLed` and the profile's
 * list of teams led are both read with this rule (team/figures.ts).
 */
export const TEAMS_LED_STATUSES = ['ongoing', 'completed'] as const satisfies readonly TeamStatus[];

/** `GET /api/guides/:id/teams` and `/feedback`: one page of the profile's lists. */
export const guideRecordsQuery = z.strictObject({
  ...pageQueryFields({ size: 5, max: 100 }),
});
export type GuideRecordsQuery = z.infer<typeof guideRecordsQuery>;

export const guideTeamLed = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(TEAMS_LED_STATUSES),
  startDate: calendarDay,
  endDate: calendarDay,
  pax: z.number(),
  /** The guide's roles on the team (its active assignments). */
  roles: z.array(z.enum(ASSIGNMENT_ROLES)),
  /** The guide's feedback score on this team, null without one. */
  score: z.number().nullable(),
});
export type GuideTeamLed = z.infer<typeof guideTeamLed>;

/** One feedback on the guide; every feedback counts in `averageRating`. */
export const guideFeedbackItem = z.object({
  id: z.number(),
  teamId: z.number(),
  teamCode: z.string(),
  teamName: z.string(),
  score: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type GuideFeedbackItem = z.infer<typeof guideFeedbackItem>;

export const guideListItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  wechatId: z.string(),
  homeCity: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  licenceNo: z.string(),
  licenceType: z.enum(LICENCE_TYPES),
  level: z.enum(GUIDE_LEVELS),
  licenceExpiry: calendarDay,
  maxGroupSize: z.number(),
  status: z.enum(GUIDE_STATUSES),
  languages: z.array(guideLanguage),
  figures: guideFigures,
  updatedAt: z.string(),
  version: z.number(),
});
export type GuideListItem = z.infer<typeof guideListItem>;

export const guideDetail = guideListItem.extend({
  birthDate: calendarDay,
  email: z.string(),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  avatar: z.string(),
  levelObtainedOn: calendarDay,
  specialties: z.array(z.string()),
  certifications: z.array(guideCertification),
  statusReason: z.string(),
  statusChangedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
});
export type Guide = z.infer<typeof guideDetail>;

export const unavailabilityBody = z
  .strictObject({
    type: z.enum(UNAVAILABILITY_TYPES, 'required'),
    startDate: isoDate,
    endDate: isoDate,
    reason: text(GUIDE_LIMITS.reasonMax),
  })
  .superRefine((v, ctx) => {
    // Compared only once both are dates; a malformed one has its own message.
    const dates = isoDate.safeParse(v.startDate).success && isoDate.safeParse(v.endDate).success;
    if (dates && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
  });
export type UnavailabilityBody = z.infer<typeof unavailabilityBody>;

export const unavailabilityQuery = z.strictObject({
  /** Periods overlapping [from, to]; both optional. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const unavailabilityParams = z.strictObject({
  id: idParam,
  periodId: idParam,
});

export const unavailabilityPeriod = z.object({
  id: z.number(),
  guideId: z.number(),
  type: z.enum(UNAVAILABILITY_TYPES),
  startDate: calendarDay,
  endDate: calendarDay,
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
});
export type UnavailabilityPeriod = z.infer<typeof unavailabilityPeriod>;

export const guideAuditQuery = z.strictObject({
  /** Keyset cursor: entries older than this audit id. */
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const guideAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  role: z.string(),
  action: z.string(),
  diff: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  result: z.number(),
});
export type GuideAuditEntry = z.infer<typeof guideAuditEntry>;

/** One page of a guide's history; `next` is the cursor of the following page. */
export const guideAuditPage = z.object({
  list: z.array(guideAuditEntry),
  next: z.number().nullable(),
});

/** Licence state shown on the profile and in the list (product.md: warn within 30 days). */
export function licenceState(expiry: string, today = isoToday()): 'expired' | 'expiring' | 'valid' {
  if (expiry < today) return 'expired';
  return expiry <= addDays(today, GUIDE_LIMITS.expiryWarningDays) ? 'expiring' : 'valid';
}

/**
 * One row of the guide spreadsheet (import and export). Lists are written as text:
 * languages `zh:native; en:fluent`, specialties `history; food`, certifications
 * `SPOTCODE:YYYY-MM-DD`. Status may be any; suspended and inactive need a reason.
 */
export const guideSheetRow = z
  .strictObject({
    ...guideFields,
    status: z.enum(GUIDE_STATUSES, 'required').default('active'),
    statusReason: text(GUIDE_LIMITS.reasonMax).default(''),
    languages: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[\w-]{1,64}\s*[:：]\s*(native|fluent|working|basic)$/, 'languageItem')
          .transform((item) => {
            const [language, proficiency] = item.split(/\s*[:：]\s*/);
            return { language, proficiency: proficiency as LanguageProficiency };
          }),
      )
      .min(1, 'languagesRequired')
      .max(GUIDE_LIMITS.languagesMax, 'tooMany'),
    certifications: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,32}\s*[:：]\s*\d{4}-\d{2}-\d{2}$/, 'certificationItem')
          .transform((item) => {
            const [spotCode, validUntil] = item.split(/\s*[:：]\s*/);
            return { spotCode, validUntil };
          }),
      )
      .max(GUIDE_LIMITS.certificationsMax, 'tooMany')
      .default([]),
    specialties: guideFields.specialties.default([]),
  })
  .superRefine((v, ctx) => {
    checkGuide({ ...v, certifications: [] }, ctx);
    const seen = new Set<string>();
    v.certifications.forEach((c, i) => {
      if (seen.has(c.spotCode))
        ctx.addIssue({ code: 'custom', path: ['certifications', i], message: 'duplicate' });
      seen.add(c.spotCode);
    });
    if (STATUSES_NEEDING_REASON.includes(v.status) && !v.statusReason)
      ctx.addIssue({ code: 'custom', path: ['statusReason'], message: 'reasonRequired' });
  });
export type GuideSheetRow = z.infer<typeof guideSheetRow>;
/** A guide as the spreadsheet writes it (lists as text). */
export type GuideSheetExport = Omit<GuideSheetRow, 'languages' | 'certifications'> & {
  languages: string[];
  certifications: string[];
};
