// Scenic spots, maintenance windows and visitor flow (product.md, "Scenic spot"; issue #6).
// The server's route schemas and the section's forms both validate with these. Rules specific
// to spots report a message code; SCENIC_VALIDATION_MESSAGES holds its text in both languages
// (generic zod issues are worded by `validationMessage` in validation.ts).
import { z } from 'zod';
import { whenFieldsValid } from './crossField';
import type { Localized } from './locale';
import {
  registerValidationMessages,
  textSchema,
  idParam,
  idSchema,
  pageQueryFields,
  multilineTextSchema,
  withoutDefaults,
} from './validation';
import { localDate, localTime, OPERATION_TIME_ZONE, startOfLocalDay } from '../time';

export const SCENIC_GRADES = ['none', 'A', 'AA', 'AAA', 'AAAA', 'AAAAA'] as const;
export type ScenicGrade = (typeof SCENIC_GRADES)[number];

export const SCENIC_STATUSES = ['open', 'limited', 'full', 'maintenance', 'closed'] as const;
export type ScenicStatus = (typeof SCENIC_STATUSES)[number];

export const SCENIC_LOAD_BANDS = ['quiet', 'comfortable', 'crowded', 'extreme'] as const;
export type ScenicLoadBand = (typeof SCENIC_LOAD_BANDS)[number];

/** Dictionary category the spot's category comes from (seeded property category). */
export const SCENIC_CATEGORY_DICTIONARY = 'scenic_category';

/**
 * Opening hours and "today" are read in the operation's time zone (shared/src/time.ts; every
 * spot of the operation is in mainland China).
 */
export const SCENIC_TIME_ZONE = OPERATION_TIME_ZONE;

/** The local calendar day (YYYY-MM-DD) of an instant in the spots' time zone. */
export const scenicLocalDate = localDate;

/** The local wall-clock time (HH:mm) of an instant in the spots' time zone. */
export const scenicLocalTime = localTime;

/** The instant a local day (YYYY-MM-DD) starts in the spots' time zone. */
export const scenicStartOfDay = startOfLocalDay;

export const SCENIC_LIMITS = {
  codeMax: 32,
  nameMax: 64,
  categoryMax: 64,
  regionMax: 32,
  addressMax: 200,
  descriptionMax: 2000,
  imagesMax: 9,
  imageUrlMax: 512,
  capacityMax: 10_000_000,
  visitMinutesMax: 24 * 60,
  paxPerGuideMax: 500,
  /** Ticket prices are in fen; 10 000 000 fen = 100 000 yuan. */
  priceMax: 10_000_000,
  reasonMax: 500,
  keywordMax: 64,
  keyNameMax: 64,
  /** Readings one flow request may carry. */
  flowBatchMax: 500,
  flowCountMax: 1_000_000,
  /** A reading may be at most this far ahead of the server clock (device clock drift). */
  flowFutureSkewMs: 5 * 60_000,
  /** Buckets one load request may answer. */
  loadBucketsMax: 3000,
} as const;

/** Spot codes: letters, digits, `-` and `_` (e.g. `BJ-GUGONG`, `S0001`). */
export const SCENIC_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const IMAGE_PATTERN = /^(https?:\/\/|\/)\S+$/;

/** Texts of the scenic-specific rule codes, in both languages. */
export const SCENIC_VALIDATION_MESSAGES = {
  codeFormat: {
    'zh-CN': '编码只能包含字母、数字、- 和 _',
    'en-US': 'Use letters, digits, - and _ only',
  },
  timeFormat: { 'zh-CN': '时间格式应为 HH:mm', 'en-US': 'Use the HH:mm format' },
  imageUrl: {
    'zh-CN': '图片地址应以 http(s):// 或 / 开头',
    'en-US': 'An image address starts with http(s):// or /',
  },
  instantExceedsDaily: {
    'zh-CN': '瞬时承载量不能大于日承载量',
    'en-US': 'The instantaneous capacity cannot exceed the daily capacity',
  },
  closeBeforeOpen: {
    'zh-CN': '闭园时间必须晚于开园时间',
    'en-US': 'Closing time must be after opening time',
  },
  endNotAfterStart: {
    'zh-CN': '结束时间必须晚于开始时间',
    'en-US': 'The end must be after the start',
  },
  windowCapacityExceedsDaily: {
    'zh-CN': '维护期间承载量不能大于日承载量（{daily}）',
    'en-US': 'Capacity during the window cannot exceed the daily capacity ({daily})',
  },
  unknownCategory: {
    'zh-CN': '景点类别不在字典中',
    'en-US': 'Not a scenic category of the dictionary',
  },
  duplicateCode: { 'zh-CN': '编码已存在', 'en-US': 'This code already exists' },
  codeRepeatsRow: {
    'zh-CN': '编码在文件中重复（第 {row} 行）',
    'en-US': 'The code repeats row {row} of the file',
  },
  futureReading: {
    'zh-CN': '读数时间不能晚于当前时间',
    'en-US': 'A reading cannot be in the future',
  },
  rangeTooLong: {
    'zh-CN': '时间范围过长，请缩小范围或使用更大的统计粒度',
    'en-US': 'The range is too long; narrow it or use a larger bucket',
  },
} as const satisfies Record<string, Localized>;

export type ScenicValidationCode = keyof typeof SCENIC_VALIDATION_MESSAGES;
registerValidationMessages(SCENIC_VALIDATION_MESSAGES);

const text = (max: number) => textSchema().trim().max(max);
const required = (max: number) => text(max).min(1, 'required');
const int = (min: number, max: number) => z.number().int().min(min).max(max);
const time = textSchema().trim().regex(TIME_PATTERN, 'timeFormat');

/** Fields a person edits on a spot (create, update and import share them). */
export const scenicSpotFields = {
  code: required(SCENIC_LIMITS.codeMax).regex(SCENIC_CODE_PATTERN, 'codeFormat'),
  name: required(SCENIC_LIMITS.nameMax),
  grade: z.enum(SCENIC_GRADES),
  category: required(SCENIC_LIMITS.categoryMax),
  province: required(SCENIC_LIMITS.regionMax),
  city: required(SCENIC_LIMITS.regionMax),
  address: text(SCENIC_LIMITS.addressMax).default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  openTime: time,
  closeTime: time,
  avgVisitMinutes: int(1, SCENIC_LIMITS.visitMinutesMax),
  description: multilineTextSchema().max(SCENIC_LIMITS.descriptionMax).default(''),
  images: z
    .array(text(SCENIC_LIMITS.imageUrlMax).regex(IMAGE_PATTERN, 'imageUrl'))
    .max(SCENIC_LIMITS.imagesMax)
    .default([]),
  dailyCapacity: int(1, SCENIC_LIMITS.capacityMax),
  instantCapacity: int(1, SCENIC_LIMITS.capacityMax),
  reservationRequired: z.boolean().default(false),
  certifiedGuidesOnly: z.boolean().default(false),
  maxPaxPerGuide: int(1, SCENIC_LIMITS.paxPerGuideMax),
  priceAdult: int(0, SCENIC_LIMITS.priceMax),
  priceChild: int(0, SCENIC_LIMITS.priceMax),
};

/** Cross-field rules of a spot: instantaneous ≤ daily capacity, opening before closing. */
function checkSpot(
  v: { dailyCapacity: number; instantCapacity: number; openTime: string; closeTime: string },
  ctx: z.RefinementCtx,
) {
  if (v.instantCapacity > v.dailyCapacity)
    ctx.addIssue({ code: 'custom', path: ['instantCapacity'], message: 'instantExceedsDaily' });
  if (v.closeTime <= v.openTime)
    ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'closeBeforeOpen' });
}

/** checkSpot runs whenever the fields it compares are valid, whatever else is wrong. */
const SPOT_CROSS_FIELDS = whenFieldsValid([
  'dailyCapacity',
  'instantCapacity',
  'openTime',
  'closeTime',
]);

export const scenicSpotCreateBody = z
  .strictObject(scenicSpotFields)
  .superRefine(checkSpot, SPOT_CROSS_FIELDS);
export type ScenicSpotCreateBody = z.infer<typeof scenicSpotCreateBody>;
/** What a form holds before defaults apply. */
export type ScenicSpotInput = z.input<typeof scenicSpotCreateBody>;

/** PUT: every field is sent (a missing one is refused, never blanked). */
export const scenicSpotUpdateBody = z
  .strictObject({ ...withoutDefaults(scenicSpotFields), version: idSchema })
  .superRefine(checkSpot, SPOT_CROSS_FIELDS);
export type ScenicSpotUpdateBody = z.infer<typeof scenicSpotUpdateBody>;

/**
 * The spot picker's search-as-you-type options (issue #11 point 5, #18 item 3): a page of
 * matches by name or code, or the spots with the given ids (resolving a selected id to its
 * name, whatever page it would fall on).
 */
export const SCENIC_OPTIONS_PAGE_MAX = 50;
export const scenicSpotOptionsQuery = z.strictObject({
  keyword: textSchema().trim().max(SCENIC_LIMITS.keywordMax).optional(),
  /** Comma-separated spot ids (at most one page of them). */
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(idSchema).max(SCENIC_OPTIONS_PAGE_MAX))
    .optional(),
  ...pageQueryFields({ size: 20, max: SCENIC_OPTIONS_PAGE_MAX }),
});
export type ScenicSpotOptionsQuery = z.infer<typeof scenicSpotOptionsQuery>;
/** One picker option: enough to show and search a spot. */
export const scenicSpotOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
});
export type ScenicSpotOption = z.infer<typeof scenicSpotOption>;

export const scenicIdParams = z.strictObject({ id: idParam });
export const scenicWindowParams = z.strictObject({
  id: idParam,
  windowId: idParam,
});
export const scenicKeyParams = z.strictObject({
  id: idParam,
  keyId: idParam,
});
/** DELETE may carry the version the user saw; a stale one gets 409. */
export const scenicDeleteQuery = z.strictObject({
  version: idParam.optional(),
});

/** The spot's live load (derived; never stored as such). */
export const scenicLoad = z.object({
  /** Visitors in the park now (0 when no reading arrived today). */
  inPark: z.number(),
  /** Instantaneous capacity in force now (reduced inside a maintenance window). */
  capacity: z.number(),
  /** inPark against capacity, one decimal. */
  loadPercent: z.number(),
  band: z.enum(SCENIC_LOAD_BANDS),
  /** At or above the configured warning percent (system config `capacity.warningPercent`). */
  warning: z.boolean(),
  /** Time of the reading `inPark` comes from. */
  at: z.string().nullable(),
});
export type ScenicLoad = z.infer<typeof scenicLoad>;

export const scenicSpot = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  grade: z.enum(SCENIC_GRADES),
  category: z.string(),
  province: z.string(),
  city: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  openTime: z.string(),
  closeTime: z.string(),
  avgVisitMinutes: z.number(),
  description: z.string(),
  images: z.array(z.string()),
  dailyCapacity: z.number(),
  instantCapacity: z.number(),
  reservationRequired: z.boolean(),
  certifiedGuidesOnly: z.boolean(),
  maxPaxPerGuide: z.number(),
  priceAdult: z.number(),
  priceChild: z.number(),
  /** Derived: maintenance inside a window, closed outside opening hours, else by load. */
  status: z.enum(SCENIC_STATUSES),
  load: scenicLoad,
  /** The maintenance window in force now, if any. */
  activeWindow: z.object({ id: z.number(), endAt: z.string(), capacity: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().nullable(),
  version: z.number(),
});
export type ScenicSpot = z.infer<typeof scenicSpot>;

/** Capacity bands: product.md, "Scenic spot" (<30 quiet, 30–70 comfortable, 70–90 crowded, >90). */
export function scenicLoadBand(percent: number): ScenicLoadBand {
  if (percent < 30) return 'quiet';
  if (percent < 70) return 'comfortable';
  if (percent <= 90) return 'crowded';
  return 'extreme';
}

/** Load in percent of a capacity, one decimal; no capacity and visitors present counts as 100. */
export function scenicLoadPercent(inPark: number, capacity: number): number {
  if (capacity <= 0) return inPark > 0 ? 100 : 0;
  return Math.round((inPark / capacity) * 1000) / 10;
}

/**
 * Instantaneous capacity in force: inside a maintenance window it shrinks in proportion to the
 * window's (daily) capacity, so a window at half the daily capacity halves it; 0 closes.
 */
export function effectiveInstantCapacity(
  spot: { dailyCapacity: number; instantCapacity: number },
  windowCapacity: number | null,
): number {
  if (windowCapacity === null) return spot.instantCapacity;
  return Math.floor((spot.instantCapacity * windowCapacity) / spot.dailyCapacity);
}

// Maintenance windows ---------------------------------------------------------------------

const isoDateTime = z.iso.datetime({ offset: true });

const windowFields = {
  startAt: isoDateTime,
  endAt: isoDateTime,
  reason: required(SCENIC_LIMITS.reasonMax),
  /** Visitors allowed per day during the window, 0…daily capacity; 0 = closed. */
  capacity: int(0, SCENIC_LIMITS.capacityMax),
};

function checkWindow(v: { startAt: string; endAt: string }, ctx: z.RefinementCtx) {
  if (Date.parse(v.endAt) <= Date.parse(v.startAt))
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'endNotAfterStart' });
}

export const scenicWindowBody = z.strictObject(windowFields).superRefine(checkWindow);
export type ScenicWindowBody = z.infer<typeof scenicWindowBody>;

export const scenicWindowUpdateBody = z
  .strictObject({ ...windowFields, version: idSchema })
  .superRefine(checkWindow);
export type ScenicWindowUpdateBody = z.infer<typeof scenicWindowUpdateBody>;

export const scenicMaintenanceWindow = z.object({
  id: z.number(),
  spotId: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  reason: z.string(),
  capacity: z.number(),
  /** Whether the window is in force now, over, or ahead. */
  phase: z.enum(['current', 'past', 'upcoming']),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.number().nullable(),
  version: z.number(),
});
export type ScenicMaintenanceWindow = z.infer<typeof scenicMaintenanceWindow>;

// Visitor flow ----------------------------------------------------------------------------

/** Header a gate device sends its per-spot API key in (no session, no CSRF header). */
export const SCENIC_GATE_KEY_HEADER = 'x-gate-key';

/**
 * One count from a gate or staff: entries and exits since the previous reading; `inPark` when
 * the device counts heads itself, else derived from the previous reading of the same day.
 */
export const scenicFlowReading = z.strictObject({
  at: isoDateTime,
  entries: int(0, SCENIC_LIMITS.flowCountMax),
  exits: int(0, SCENIC_LIMITS.flowCountMax),
  inPark: int(0, SCENIC_LIMITS.capacityMax).optional(),
});
export type ScenicFlowReading = z.infer<typeof scenicFlowReading>;

export const scenicFlowBody = z.strictObject({
  readings: z.array(scenicFlowReading).min(1).max(SCENIC_LIMITS.flowBatchMax),
});
export type ScenicFlowBody = z.infer<typeof scenicFlowBody>;

export const scenicFlowResult = z.object({
  accepted: z.number(),
  status: z.enum(SCENIC_STATUSES),
  load: scenicLoad,
});
export type ScenicFlowResult = z.infer<typeof scenicFlowResult>;

export const SCENIC_BUCKETS = ['5m', '15m', '1h', '1d'] as const;
export type ScenicBucket = (typeof SCENIC_BUCKETS)[number];
export const SCENIC_BUCKET_MS: Record<ScenicBucket, number> = {
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '1d': 24 * 60 * 60_000,
};

/** GET …/load: from/to default to today (spot time zone) until now; bucket to 15 minutes. */
export const scenicLoadQuery = z
  .strictObject({
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    bucket: z.enum(SCENIC_BUCKETS).default('15m'),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && Date.parse(v.to) <= Date.parse(v.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'endNotAfterStart' });
  });
export type ScenicLoadQuery = z.infer<typeof scenicLoadQuery>;

export const scenicLoadPoint = z.object({
  /** Start of the bucket. */
  at: z.string(),
  entries: z.number(),
  exits: z.number(),
  /** Peak in-park count of the bucket. */
  inPark: z.number(),
  /** Peak in-park against the instantaneous capacity. */
  loadPercent: z.number(),
  band: z.enum(SCENIC_LOAD_BANDS),
});
export type ScenicLoadPoint = z.infer<typeof scenicLoadPoint>;

export const scenicLoadSeries = z.object({
  spotId: z.number(),
  bucket: z.enum(SCENIC_BUCKETS),
  from: z.string(),
  to: z.string(),
  instantCapacity: z.number(),
  dailyCapacity: z.number(),
  warningPercent: z.number(),
  points: z.array(scenicLoadPoint),
  /** Entries over the range, against the daily capacity for day buckets. */
  totalEntries: z.number(),
  status: z.enum(SCENIC_STATUSES),
  current: scenicLoad,
});
export type ScenicLoadSeries = z.infer<typeof scenicLoadSeries>;

// Gate API keys ---------------------------------------------------------------------------

export const scenicGateKeyBody = z.strictObject({ name: required(SCENIC_LIMITS.keyNameMax) });

export const scenicGateKey = z.object({
  id: z.number(),
  spotId: z.number(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart; the key itself is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ScenicGateKey = z.infer<typeof scenicGateKey>;

/** The answer of creating a key: the only time the secret is shown. */
export const scenicGateKeyCreated = scenicGateKey.extend({ key: z.string() });
export type ScenicGateKeyCreated = z.infer<typeof scenicGateKeyCreated>;

// Teams planned at a spot (filled in by the team module) ----------------------------------

export const scenicPlannedTeam = z.object({
  teamId: z.number(),
  code: z.string(),
  name: z.string(),
  /** Day the itinerary visits the spot (YYYY-MM-DD). */
  day: z.string(),
  pax: z.number(),
  status: z.string(),
});
export type ScenicPlannedTeam = z.infer<typeof scenicPlannedTeam>;
