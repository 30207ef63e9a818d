// The user centre and user settings (seed §2 "User Info" / "User Setting", §3 user-setting and
// certification fields, §5 validation): basic information, avatar, certification, activity.
import { z } from 'zod';
import { auditSubject } from './audit';
import { textSchema, idParam, idSchema } from './validation';

/** Seed §5 / §9: the profile (introduction) is at most 200 words. */
export const PROFILE_MAX_WORDS = 200;
export const PROFILE_MAX_CHARS = 2000;

/**
 * Words as a reader counts them in either language: each CJK character is one word, and
 * every run of other non-space characters is one word ("导游 tour guide" → 2 + 2).
 */
export function countWords(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  const rest = text
    .replace(/[\u3400-\u9fff\uf900-\ufaff]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return cjk + rest;
}

/**
 * `PUT /api/user/profile`: every field required (an empty one is sent as ''), so an update
 * never writes a blank where the client sent nothing (issue 25, form round trip).
 */
export const profileBody = z.strictObject({
  email: textSchema().trim().min(1, 'required').max(254).email('email'),
  nickname: textSchema().trim().min(1, 'required').max(64),
  countryRegion: textSchema().trim().min(1, 'required').max(64),
  area: textSchema().trim().min(1, 'required').max(64),
  address: textSchema().trim().max(200),
  profile: z
    .string()
    .trim()
    .max(PROFILE_MAX_CHARS)
    .refine((v) => countWords(v) <= PROFILE_MAX_WORDS, 'maxWords'),
  version: idSchema,
});
export type ProfileBody = z.input<typeof profileBody>;

/** `GET /api/user/profile`: what the basic-information form edits, with its version. */
export const profileInfo = z.object({
  email: z.string(),
  nickname: z.string(),
  countryRegion: z.string(),
  area: z.string(),
  address: z.string(),
  profile: z.string(),
  avatar: z.string(),
  version: z.number(),
});
export type ProfileInfo = z.infer<typeof profileInfo>;

/** Avatar upload (`POST /api/user/avatar`, multipart field `file`). */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];

// Certification: the operator's business licence (seed §3 "Certification", §4 record status).
export const ACCOUNT_TYPES = ['enterprise', 'individual'] as const;
export const CERTIFICATE_TYPES = ['business_licence', 'unified_social_credit', 'other'] as const;
/** pass / auditing from the seed; withdrawn is what the withdraw action leaves behind. */
export const CERTIFICATION_STATUSES = ['auditing', 'pass', 'withdrawn'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const certificationBody = z.strictObject({
  accountType: z.enum(ACCOUNT_TYPES),
  legalPerson: textSchema().trim().min(1, 'required').max(64),
  certificateType: z.enum(CERTIFICATE_TYPES),
  authenticationNumber: textSchema().trim().min(1, 'required').max(64),
  enterpriseName: textSchema().trim().min(1, 'required').max(128),
  enterpriseCertificateType: textSchema().trim().max(64).default(''),
  organizationCode: z
    .string()
    .trim()
    .min(1, 'required')
    .max(32)
    .regex(/^[0-9A-Za-z-]+$/, 'organizationCode'),
});
export type CertificationBody = z.input<typeof certificationBody>;
export type CertificationData = z.infer<typeof certificationBody>;

/** The submitted licence data as answered: stored as `certificationBody` validated it. */
const certificationData = certificationBody;

export const certificationRecord = z.object({
  id: z.number(),
  certificationType: z.string(),
  certificationContent: z.string(),
  status: z.enum(CERTIFICATION_STATUSES),
  time: z.string(),
  decidedAt: z.string().nullable(),
  version: z.number(),
});
export type CertificationRecord = z.infer<typeof certificationRecord>;

export const certificationRecordDetail = certificationRecord.extend({ info: certificationData });
export type CertificationRecordDetail = z.infer<typeof certificationRecordDetail>;

/** `GET /api/user/certification` (seed §3: enterpriseInfo and a record list). */
export const certificationInfo = z.object({
  /** The licence in force (latest passed), else the one under audit, else null. */
  enterpriseInfo: certificationData
    .extend({ status: z.enum(CERTIFICATION_STATUSES), time: z.string() })
    .nullable(),
  list: z.array(certificationRecord),
});
export type CertificationInfo = z.infer<typeof certificationInfo>;

export const certificationActionBody = z.strictObject({ version: idSchema });

/** `GET /api/user/activity` (keyset: pass the last id as `before`). */
export const activityQuery = z.strictObject({
  before: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const activityItem = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  result: z.number(),
  /** What the entry is about (a guide's name and code …), for `auditSentence`. */
  subject: auditSubject.nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityPage = z.object({
  list: z.array(activityItem),
  /** Pass as `before` for the next page; null at the end. */
  next: z.number().nullable(),
});
export type ActivityPage = z.infer<typeof activityPage>;

/** `POST /api/user/avatar`: the new avatar's address. */
export const avatarUploaded = z.object({ avatar: z.string() });
