// Guide tables (product.md, "Guide"; issue #7). Indexes serve the list filters at 100 000
// guides: status/level/employment/licence type, licence expiry, language and certified spot.
import {
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  GUIDE_LIMITS as L,
  type EmploymentType,
  type Gender,
  type GuideLevel,
  type GuideStatus,
  type LanguageProficiency,
  type LicenceType,
  type UnavailabilityType,
} from '@console/shared';
import { editableColumns } from '../../db/columns';
import { scenicSpots } from '../scenic/schema';

/** Numbers generated guide codes (G000123) when the caller leaves the code empty. */
export const guideCodeSeq = pgSequence('guide_code_seq', { startWith: 1 });

export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    // Lengths come from the contract's limits (one definition per field).
    code: varchar('code', { length: L.codeMax }).notNull(),
    name: varchar('name', { length: L.nameMax }).notNull(),
    /** Pinyin sort key of `name` (sortKeyOf), so Chinese names sort as readers expect. */
    nameSort: text('name_sort').notNull().default(''),
    gender: varchar('gender', { length: 8 }).$type<Gender>().notNull(),
    birthDate: date('birth_date').notNull(),
    phone: varchar('phone', { length: 16 }).notNull(),
    email: varchar('email', { length: L.emailMax }).notNull().default(''),
    emergencyContactName: varchar('emergency_contact_name', { length: L.nameMax })
      .notNull()
      .default(''),
    emergencyContactPhone: varchar('emergency_contact_phone', { length: 16 }).notNull().default(''),
    wechatId: varchar('wechat_id', { length: L.wechatIdMax }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    homeCity: varchar('home_city', { length: L.cityMax }).notNull().default(''),
    employmentType: varchar('employment_type', { length: 16 }).$type<EmploymentType>().notNull(),
    licenceNo: varchar('licence_no', { length: L.licenceNoMax }).notNull(),
    licenceType: varchar('licence_type', { length: 16 }).$type<LicenceType>().notNull(),
    level: varchar('level', { length: 16 }).$type<GuideLevel>().notNull(),
    /** Rank of `level` (0 junior … 3 special) so "level ≥ senior" and sorting use an index. */
    levelRank: smallint('level_rank').notNull(),
    levelObtainedOn: date('level_obtained_on').notNull(),
    licenceExpiry: date('licence_expiry').notNull(),
    maxGroupSize: integer('max_group_size').notNull(),
    status: varchar('status', { length: 16 }).$type<GuideStatus>().notNull().default('active'),
    statusReason: varchar('status_reason', { length: L.reasonMax }).notNull().default(''),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('guides_code_idx').on(t.code),
    uniqueIndex('guides_licence_no_idx').on(t.licenceNo),
    index('guides_status_level_idx').on(t.status, t.levelRank, t.id),
    index('guides_level_idx').on(t.levelRank, t.id),
    index('guides_employment_idx').on(t.employmentType, t.id),
    index('guides_licence_type_idx').on(t.licenceType, t.id),
    index('guides_expiry_idx').on(t.licenceExpiry, t.id),
    index('guides_phone_idx').on(t.phone),
    index('guides_name_idx').on(t.name),
    index('guides_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** Languages a guide speaks (values of the guide_language dictionary) with proficiency. */
export const guideLanguages = pgTable(
  'guide_languages',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 64 }).notNull(),
    proficiency: varchar('proficiency', { length: 16 }).$type<LanguageProficiency>().notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.language] }),
    index('guide_languages_language_idx').on(t.language, t.guideId),
  ],
);

/**
 * How many guides share each combination of the list's select filters (level, status,
 * employment, licence type), overall (`language` = '') and per language they speak. Kept
 * exact by triggers on guides and guide_languages (migration 0001), in the writing
 * transaction, so the list's total for those filters is a sum over a few rows instead of a
 * count over up to every guide.
 */
export const guideFilterCounts = pgTable(
  'guide_filter_counts',
  {
    language: varchar('language', { length: 64 }).notNull(),
    levelRank: smallint('level_rank').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    employmentType: varchar('employment_type', { length: 16 }).notNull(),
    licenceType: varchar('licence_type', { length: 16 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'guide_filter_counts_pk',
      columns: [t.language, t.levelRank, t.status, t.employmentType, t.licenceType],
    }),
  ],
);

/** Specialty tags (values of the guide_specialty dictionary). */
export const guideSpecialties = pgTable(
  'guide_specialties',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    specialty: varchar('specialty', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.specialty] }),
    index('guide_specialties_specialty_idx').on(t.specialty, t.guideId),
  ],
);

/** Scenic-spot certifications: the guide may lead groups at the spot until `validUntil`. */
export const guideCertifications = pgTable(
  'guide_certifications',
  {
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    // A spot that is deleted takes its certifications with it.
    spotId: integer('spot_id')
      .notNull()
      .references(() => scenicSpots.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.spotId] }),
    index('guide_certifications_spot_idx').on(t.spotId, t.validUntil, t.guideId),
  ],
);

/** Leave, sick days, training and days off: the guide cannot be allocated in these periods. */
export const guideUnavailability = pgTable(
  'guide_unavailability',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<UnavailabilityType>().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    ...editableColumns(),
  },
  (t) => [
    index('guide_unavailability_guide_idx').on(t.guideId, t.startDate),
    index('guide_unavailability_dates_idx').on(t.startDate, t.endDate),
  ],
);
