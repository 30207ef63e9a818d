// Guide records (product.md, "Guide"; issue #7): identity, licence, languages, specialties,
// scenic certifications, unavailability and status. The server route schemas and the
// section's forms both validate with these; a failing rule reports a message code that the
// forms translate (`guide.validation.<code>` in the section's locale files).
import { z } from 'zod';

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
  avatarMax: 512,
  licenceNoMax: 32,
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

/** Today's date (YYYY-MM-DD) in local time: licences and leave are calendar dates. */
export function isoToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date plus `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Guide codes look like G000123 (product.md, "Guide"). */
export const GUIDE_CODE_PATTERN = /^G\d{6}$/;

const isoDate = z.iso.date('date');
const text = (max: number) => z.string().trim().max(max, 'tooLong');
const required = (max: number) => text(max).min(1, 'required');
const mobile = z.string().trim().regex(GUIDE_LIMITS.phonePattern, 'phone');

export const guideLanguageInput = z.strictObject({
  language: z.string().trim().min(1, 'required').max(64),
  proficiency: z.enum(LANGUAGE_PROFICIENCIES, 'required'),
});
export type GuideLanguageInput = z.infer<typeof guideLanguageInput>;

export const guideCertificationInput = z.strictObject({
  spotId: z.number().int().positive('required'),
  validUntil: isoDate,
});
export type GuideCertificationInput = z.infer<typeof guideCertificationInput>;

/** Fields a person edits (create and update share them). */
const guideFields = {
  code: z.union([z.literal(''), z.string().trim().regex(GUIDE_CODE_PATTERN, 'code')]).optional(),
  name: required(GUIDE_LIMITS.nameMax),
  gender: z.enum(GENDERS, 'required'),
  birthDate: isoDate,
  phone: mobile,
  email: z.union([z.literal(''), z.email('email').max(GUIDE_LIMITS.emailMax, 'tooLong')]),
  emergencyContactName: text(GUIDE_LIMITS.nameMax),
  emergencyContactPhone: z.union([z.literal(''), mobile]),
  avatar: text(GUIDE_LIMITS.avatarMax),
  homeCity: text(GUIDE_LIMITS.cityMax),
  employmentType: z.enum(EMPLOYMENT_TYPES, 'required'),
  licenceNo: required(GUIDE_LIMITS.licenceNoMax),
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
    .array(z.string().trim().min(1).max(64))
    .max(GUIDE_LIMITS.specialtiesMax, 'tooMany'),
  certifications: z.array(guideCertificationInput).max(GUIDE_LIMITS.certificationsMax, 'tooMany'),
};

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

export const guideUpdateBody = z
  .strictObject({
    ...guideFields,
    version: z.number().int().positive(),
  })
  .superRefine(checkGuide);
export type GuideUpdateBody = z.infer<typeof guideUpdateBody>;

export const guideStatusBody = z
  .strictObject({
    status: z.enum(GUIDE_STATUSES, 'required'),
    reason: text(GUIDE_LIMITS.reasonMax),
    version: z.number().int().positive(),
  })
  .superRefine((v, ctx) => {
    if (STATUSES_NEEDING_REASON.includes(v.status) && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
  });
export type GuideStatusBody = z.infer<typeof guideStatusBody>;

export const GUIDE_SORT_FIELDS = [
  'code',
  'name',
  'level',
  'licenceExpiry',
  'maxGroupSize',
  'status',
  'createdAt',
  'updatedAt',
] as const;

/** GET /api/guides query (filters, sort, page). Multi-valued filters are comma-separated. */
export const guideListQuery = z.strictObject({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(GUIDE_LIMITS.keywordMax).optional(),
  level: z.enum(GUIDE_LEVELS).optional(),
  status: z.enum(GUIDE_STATUSES).optional(),
  employmentType: z.enum(EMPLOYMENT_TYPES).optional(),
  licenceType: z.enum(LICENCE_TYPES).optional(),
  language: z.string().trim().min(1).max(64).optional(),
  /** Licence expiring between today and today + N days. */
  expiringWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
  /** Holds a certification for this scenic spot valid today. */
  certifiedSpotId: z.coerce.number().int().positive().optional(),
  sortField: z.enum(GUIDE_SORT_FIELDS).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type GuideListQuery = z.infer<typeof guideListQuery>;

export const guideIdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export interface GuideLanguage {
  language: string;
  proficiency: LanguageProficiency;
}

export interface GuideCertification {
  spotId: number;
  /** Spot name when the scenic module knows the spot. */
  spotName: string | null;
  validUntil: string;
}

/** Derived figures (product.md): computed from teams and feedback, never stored. */
export interface GuideFigures {
  teamsLed: number;
  daysWorked30: number;
  /** null until the guide has feedback. */
  averageRating: number | null;
}

export interface GuideListItem {
  id: number;
  code: string;
  name: string;
  gender: Gender;
  phone: string;
  homeCity: string;
  employmentType: EmploymentType;
  licenceNo: string;
  licenceType: LicenceType;
  level: GuideLevel;
  licenceExpiry: string;
  maxGroupSize: number;
  status: GuideStatus;
  languages: GuideLanguage[];
  figures: GuideFigures;
  updatedAt: string;
  version: number;
}

export interface Guide extends GuideListItem {
  birthDate: string;
  email: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  avatar: string;
  levelObtainedOn: string;
  specialties: string[];
  certifications: GuideCertification[];
  statusReason: string;
  statusChangedAt: string | null;
  createdAt: string;
  createdBy: number | null;
}

export const unavailabilityBody = z
  .strictObject({
    type: z.enum(UNAVAILABILITY_TYPES, 'required'),
    startDate: isoDate,
    endDate: isoDate,
    reason: text(GUIDE_LIMITS.reasonMax),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endBeforeStart' });
  });
export type UnavailabilityBody = z.infer<typeof unavailabilityBody>;

export const unavailabilityQuery = z.strictObject({
  /** Periods overlapping [from, to]; both optional. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const unavailabilityParams = z.strictObject({
  id: z.coerce.number().int().positive(),
  periodId: z.coerce.number().int().positive(),
});

export interface UnavailabilityPeriod {
  id: number;
  guideId: number;
  type: UnavailabilityType;
  startDate: string;
  endDate: string;
  reason: string;
  createdAt: string;
  createdBy: number | null;
}

export const guideAuditQuery = z.strictObject({
  /** Keyset cursor: entries older than this audit id. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface GuideAuditEntry {
  id: number;
  at: string;
  username: string;
  role: string;
  action: string;
  diff: Record<string, { before: unknown; after: unknown }> | null;
  result: number;
}

/** Licence state shown on the profile and in the list (product.md: warn within 30 days). */
export function licenceState(expiry: string, today = isoToday()): 'expired' | 'expiring' | 'valid' {
  if (expiry < today) return 'expired';
  return expiry <= addDays(today, GUIDE_LIMITS.expiryWarningDays) ? 'expiring' : 'valid';
}
