// Section versions (product.md, "Section versions"; issue 5): published section bundles,
// environments, the pin of each section per environment and its history.
import { z } from 'zod';
import { textSchema, pageQueryFields, multilineTextSchema } from './validation';
import { SECTION_NAMES, type SectionName } from './section-names';
import { PERMISSIONS } from './permissions';

/** `<package version>+<build id>`, e.g. `1.3.0+b42` (rspack.config.base.ts, sectionVersion). */
export const SECTION_VERSION_PATTERN =
  /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,32})?(?:\+[0-9A-Za-z.-]{1,32})?$/;
export const SECTION_VERSION_MAX = 64;
export const ENVIRONMENT_NAME_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
export const PIN_REASON_MAX = 500;
export const DEFAULT_ENVIRONMENTS = ['development', 'staging', 'production'] as const;

export const isSectionName = (name: string): name is SectionName =>
  (SECTION_NAMES as readonly string[]).includes(name);

export const sectionVersionSchema = z
  .string()
  .trim()
  .max(SECTION_VERSION_MAX)
  .regex(SECTION_VERSION_PATTERN, 'malformedVersion');
export const environmentNameSchema = z
  .string()
  .trim()
  .max(32)
  .regex(ENVIRONMENT_NAME_PATTERN, 'malformedEnvironment');
const reasonSchema = multilineTextSchema().trim().min(1, 'required').max(PIN_REASON_MAX);

export const sectionNameParams = z.strictObject({ name: textSchema().max(32) });

export const pinSectionBody = z.strictObject({
  environment: environmentNameSchema,
  version: sectionVersionSchema,
  reason: reasonSchema,
  /** The version the caller saw pinned (null: none); a different current pin → 409. */
  expectedCurrent: sectionVersionSchema.nullable().optional(),
});
export type PinSectionBody = z.infer<typeof pinSectionBody>;

export const rollbackSectionBody = z.strictObject({
  environment: environmentNameSchema,
  reason: reasonSchema,
  expectedCurrent: sectionVersionSchema.nullable().optional(),
});
export type RollbackSectionBody = z.infer<typeof rollbackSectionBody>;

export const createEnvironmentBody = z.strictObject({
  name: environmentNameSchema,
  description: multilineTextSchema().trim().max(200).default(''),
});
export type CreateEnvironmentBody = z.infer<typeof createEnvironmentBody>;

const page = pageQueryFields({ size: 10, max: 100 });

export const sectionVersionsQuery = z.strictObject({
  section: textSchema().max(32).optional(),
  version: sectionVersionSchema.optional(),
  ...page,
});
export type SectionVersionsQuery = z.infer<typeof sectionVersionsQuery>;

export const pinHistoryQuery = z.strictObject({
  environment: environmentNameSchema.optional(),
  section: textSchema().max(32).optional(),
  ...page,
});
export type PinHistoryQuery = z.infer<typeof pinHistoryQuery>;

/** `build.json` written beside each built bundle's manifest. */
export const buildRecordSchema = z.object({
  name: textSchema().max(32),
  version: sectionVersionSchema,
  builtAt: textSchema().max(40),
  commit: textSchema().max(64).nullable(),
  sizeBytes: z.number().int().min(0),
  /** Versions of the shared singletons the bundle was built against. */
  shared: z.record(textSchema().max(100), textSchema().max(64)),
});
export type BuildRecord = z.infer<typeof buildRecordSchema>;

const localizedTitle = z.strictObject({
  'zh-CN': textSchema().trim().min(1, 'required').max(40),
  'en-US': textSchema().trim().min(1, 'required').max(60),
});

/**
 * `section-pages.json` beside a bundle's manifest (contracts/menu.ts, SectionPages): the shape
 * publishing accepts. The rules across pages and sections are the server's (sections/pages.ts).
 */
export const sectionPagesSchema = z.strictObject({
  section: z.enum(SECTION_NAMES),
  title: localizedTitle,
  icon: z.string().regex(/^Icon[A-Za-z0-9]{1,40}$/, 'malformedIcon'),
  order: z.number().int().min(0).max(99),
  pages: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/, 'malformedKey'),
        path: z.string().regex(/^(\/[a-z0-9-]+|\/:[a-zA-Z]+)+$/, 'malformedPath'),
        title: localizedTitle,
        order: z.number().int().min(0).max(999),
        hideInMenu: z.boolean().optional(),
        // Checked against the server's codes by the publish rules, with a message naming it.
        permission: z.string().max(64),
      }),
    )
    .min(1)
    .max(50),
});

// Responses ---------------------------------------------------------------------------------
// Declared as the routes' response schemas (server/src/modules/sections/routes.ts); the types
// the host and the server use are inferred from them.

const localized = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

/**
 * One page as a published version declares it (checked at publish against sectionPagesSchema
 * and the rules of server/src/modules/sections/pages.ts).
 */
export const pageDeclaration = z.object({
  /** Route name, unique, `<section>/<page>`; also the server-menu key. */
  key: z.string(),
  /** Absolute path pattern (react-router syntax) under `/<section>/`, e.g. `/guide/profile/:id`. */
  path: z.string(),
  title: localized,
  /** Order among the section's pages (declaration order when equal). */
  order: z.number(),
  hideInMenu: z.boolean().optional(),
  /**
   * The permission code that opens the page: the route guard, the menu, the server menu, the
   * breadcrumb and the tab bar admit the page exactly when the active role holds it, and the
   * server guards the page's data by the same code.
   */
  permission: z.enum(PERMISSIONS),
});

/** A section's declaration of itself and its pages: the content of `section-pages.json`. */
export const sectionPages = z.object({
  section: z.enum(SECTION_NAMES),
  title: localized,
  /** Arco icon component name, e.g. `IconDashboard`. */
  icon: z.string(),
  /** Menu order value (seed §2). */
  order: z.number(),
  pages: z.array(pageDeclaration),
});

/** A shared singleton whose bundle version the host's range does not accept. */
export const sharedMismatch = z.object({
  lib: z.string(),
  /** Version the bundle was built against. */
  bundle: z.string(),
  /** The host's range for the library. */
  host: z.string(),
});
export type SharedMismatch = z.infer<typeof sharedMismatch>;

export const sectionCompatibility = z.object({
  compatible: z.boolean(),
  mismatches: z.array(sharedMismatch),
});
export type SectionCompatibility = z.infer<typeof sectionCompatibility>;

export const publishedSectionVersion = z.object({
  id: z.number(),
  section: z.enum(SECTION_NAMES),
  version: z.string(),
  builtAt: z.string(),
  commit: z.string().nullable(),
  sizeBytes: z.number(),
  shared: z.record(z.string(), z.string()),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** URL of the bundle's manifest, as the host registers it. */
  entry: z.string(),
  compatibility: sectionCompatibility,
  /** Environments that pin this version now. */
  pinnedIn: z.array(z.string()),
  /** The pages this version declares (null: published before versions declared pages). */
  pages: sectionPages.nullable(),
});
export type PublishedSectionVersion = z.infer<typeof publishedSectionVersion>;

export const sectionPinState = z.object({
  version: z.string(),
  pinnedAt: z.string(),
  pinnedBy: z.string(),
  /** The version a rollback would go back to, or null when there is none. */
  rollbackTo: z.string().nullable(),
  /** Paths of the pages the pinned version declares (null: it declares none). */
  pagePaths: z.array(z.string()).nullable(),
  /** The canary beside the pin, if any (issue 30). */
  canary: z
    .object({
      version: z.string(),
      share: z.number(),
      since: z.string(),
      by: z.string(),
    })
    .nullable(),
});
export type SectionPinState = z.infer<typeof sectionPinState>;

/** What a version's pages change against another's: paths added and removed. */
export function pageChanges(
  pages: z.infer<typeof sectionPages> | null,
  against: readonly string[] | null,
): { adds: string[]; removes: string[] } {
  const mine = pages?.pages.map((p) => p.path) ?? [];
  const theirs = against ?? [];
  return {
    adds: mine.filter((path) => !theirs.includes(path)),
    removes: theirs.filter((path) => !mine.includes(path)),
  };
}

export const sectionEnvironment = z.object({
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  /** This server's environment (APP_ENV). */
  current: z.boolean(),
  pins: z.partialRecord(z.enum(SECTION_NAMES), sectionPinState),
});
export type SectionEnvironment = z.infer<typeof sectionEnvironment>;

/** An environment as its creation answers it. */
export const createdEnvironment = sectionEnvironment.pick({ name: true, description: true });

/**
 * Moves of a section's pin and its canary (issue 30): `promote` makes the canary the pin, `abort`
 * ends it, `auto-abort` is the server ending it on its error rate.
 */
export const PIN_ACTIONS = [
  'pin',
  'rollback',
  'canary',
  'widen',
  'promote',
  'abort',
  'auto-abort',
] as const;
export type PinAction = (typeof PIN_ACTIONS)[number];

export const pinHistoryEntry = z.object({
  id: z.number(),
  environment: z.string(),
  section: z.enum(SECTION_NAMES),
  action: z.enum(PIN_ACTIONS),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  /** A canary move's share of users (%); null for the pin's own moves. */
  share: z.number().nullable(),
  reason: z.string(),
  actor: z.string(),
  at: z.string(),
});
export type PinHistoryEntry = z.infer<typeof pinHistoryEntry>;

/** The result of a pin or a rollback: the section's pin in the environment moved from → to. */
export const pinChange = z.object({
  environment: z.string(),
  section: z.enum(SECTION_NAMES),
  from: z.string().nullable(),
  to: z.string(),
});
export type PinChange = z.infer<typeof pinChange>;

/** One section's pin as the host loads it at boot. */
export const sectionPin = z.object({
  version: z.string(),
  /** This session's version is the pin's canary (its bucket is below the canary's share). */
  canary: z.boolean(),
  /** This session's bucket for the section (0–99; canaryBucket), null before sign-in. */
  bucket: z.number().nullable(),
  /** URL of the section's `mf-manifest.json`. */
  entry: z.string(),
  /** The pages this version declares (null: published before versions declared pages). */
  pages: sectionPages.nullable(),
});
export type SectionPin = z.infer<typeof sectionPin>;

export const sectionPinsResponse = z.object({
  environment: z.string(),
  /** Resolved for a signed-in session (its canary buckets and served versions); false before. */
  personal: z.boolean(),
  sections: z.partialRecord(z.enum(SECTION_NAMES), sectionPin),
});
export type SectionPinsResponse = z.infer<typeof sectionPinsResponse>;

/** Query parameter of an admin's preview of another published version (issue 5). */
export const previewParam = (section: SectionName) => `section.${section}`;

// Canaries and browser reports (issue 30) -------------------------------------------------------

export const CANARY_SHARE_MIN = 1;
export const CANARY_SHARE_MAX = 99;
const shareSchema = z.number().int().min(CANARY_SHARE_MIN).max(CANARY_SHARE_MAX);

/**
 * A user's bucket (0–99) for a section in an environment: FNV-1a of `env/section/userId`, so
 * the same user keeps the same version across reloads and server instances, and a widened
 * canary keeps the users it had (bucket < share).
 */
export function canaryBucket(userId: number, environment: string, section: string): number {
  const text = `${environment}/${section}/${userId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether a bucket falls in a canary of `share` %. */
export const inCanary = (bucket: number, share: number) => bucket < share;

export const startCanaryBody = z.strictObject({
  environment: environmentNameSchema,
  version: sectionVersionSchema,
  share: shareSchema,
  reason: reasonSchema,
  /** The pinned version the caller saw; a different current pin → 409. */
  expectedCurrent: sectionVersionSchema.nullable().optional(),
});
export type StartCanaryBody = z.infer<typeof startCanaryBody>;

export const widenCanaryBody = z.strictObject({
  environment: environmentNameSchema,
  share: shareSchema,
  reason: reasonSchema,
  /** The canary version the caller saw; another canary (or none) → 409. */
  expectedCanary: sectionVersionSchema.optional(),
});
export type WidenCanaryBody = z.infer<typeof widenCanaryBody>;

/** Promote (the canary becomes the pin) and abort (the canary ends). */
export const endCanaryBody = z.strictObject({
  environment: environmentNameSchema,
  reason: reasonSchema,
  expectedCanary: sectionVersionSchema.optional(),
});
export type EndCanaryBody = z.infer<typeof endCanaryBody>;

/** The result of a canary move. */
export const canaryChange = z.object({
  environment: z.string(),
  section: z.enum(SECTION_NAMES),
  action: z.enum(PIN_ACTIONS),
  pinned: z.string(),
  canary: z.string().nullable(),
  share: z.number().nullable(),
});
export type CanaryChange = z.infer<typeof canaryChange>;

/**
 * What a browser reports (product.md, "Section versions"): a remote that failed to load, a
 * render error caught by the section's boundary, an uncaught error or rejection whose stack
 * points into the section's chunks.
 */
export const SECTION_REPORT_KINDS = ['load', 'render', 'uncaught', 'rejection'] as const;
export type SectionReportKind = (typeof SECTION_REPORT_KINDS)[number];

/** The bounds of browser reports: reports are data, not a way to fill the disk. */
export const SECTION_REPORT_LIMITS = {
  /** Reports in one batch. */
  perBatch: 20,
  /** Characters of a message kept (the browser cuts longer ones). */
  messageMax: 300,
  /** Distinct (version, kind, message) rows one session may hold; more are dropped. */
  rowsPerSession: 50,
  /** Batches a session may send a minute (429 beyond). */
  batchesPerMinute: 12,
  /** Bytes of one batch. */
  bodyBytes: 16_384,
  /** Days served sessions and reports are kept (the health page looks back one day). */
  retentionDays: 8,
  /** Milliseconds a browser gathers reports before it sends them. */
  flushMs: 2_000,
} as const;

export const sectionReportsBody = z.strictObject({
  reports: z
    .array(
      z.strictObject({
        section: z.enum(SECTION_NAMES),
        version: sectionVersionSchema,
        kind: z.enum(SECTION_REPORT_KINDS),
        message: multilineTextSchema().trim().min(1).max(SECTION_REPORT_LIMITS.messageMax),
        /** How often this browser met it since its last batch. */
        count: z.number().int().min(1).max(1000),
      }),
    )
    .min(1)
    .max(SECTION_REPORT_LIMITS.perBatch),
});
export type SectionReportsBody = z.infer<typeof sectionReportsBody>;

export const sectionReportsResult = z.object({
  /** Reports stored (or counted into a stored row). */
  accepted: z.number(),
  /** Reports for a version this session was not given, or beyond its row cap. */
  ignored: z.number(),
});

export const SECTION_HEALTH_WINDOWS = ['hour', 'day'] as const;
export type SectionHealthWindow = (typeof SECTION_HEALTH_WINDOWS)[number];
export const SECTION_HEALTH_WINDOW_MINUTES: Record<SectionHealthWindow, number> = {
  hour: 60,
  day: 24 * 60,
};

export const sectionHealthQuery = z.strictObject({
  environment: environmentNameSchema,
  window: z.enum(SECTION_HEALTH_WINDOWS).default('hour'),
});
export type SectionHealthQuery = z.infer<typeof sectionHealthQuery>;

/** Top error messages shown per version. */
export const SECTION_HEALTH_TOP_ERRORS = 5;

export const sectionVersionHealth = z.object({
  section: z.enum(SECTION_NAMES),
  version: z.string(),
  /** What the environment does with the version now. */
  role: z.enum(['pinned', 'canary', 'other']),
  /** Sessions given the version within the window. */
  sessions: z.number(),
  /** Of those, sessions that reported an error within the window. */
  sessionsWithError: z.number(),
  /** sessionsWithError / sessions (0 with no sessions). */
  errorRate: z.number(),
  topErrors: z.array(
    z.object({
      kind: z.enum(SECTION_REPORT_KINDS),
      message: z.string(),
      count: z.number(),
      sessions: z.number(),
    }),
  ),
});
export type SectionVersionHealth = z.infer<typeof sectionVersionHealth>;

export const sectionHealthResponse = z.object({
  environment: z.string(),
  window: z.enum(SECTION_HEALTH_WINDOWS),
  since: z.string(),
  versions: z.array(sectionVersionHealth),
  /** The automatic rollback's settings in effect (system config `sections.canary.*`). */
  rule: z.object({ marginPercent: z.number(), minSessions: z.number(), windowMinutes: z.number() }),
});
export type SectionHealthResponse = z.infer<typeof sectionHealthResponse>;

export const sectionBucketsQuery = z.strictObject({
  environment: environmentNameSchema,
  username: textSchema().trim().min(1, 'required').max(64),
});

/** A user's bucket per section and the version it gives them now (issue 30). */
export const sectionBuckets = z.object({
  environment: z.string(),
  username: z.string(),
  sections: z.array(
    z.object({
      section: z.enum(SECTION_NAMES),
      bucket: z.number(),
      version: z.string().nullable(),
      canary: z.boolean(),
    }),
  ),
});
export type SectionBuckets = z.infer<typeof sectionBuckets>;
