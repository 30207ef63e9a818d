// Section versions (product.md, "Section versions"; issue 5): published section bundles,
// environments, the pin of each section per environment and its history.
import { z } from 'zod';
import { textSchema, PAGE_MAX, multilineTextSchema } from './validation';
import { SECTION_NAMES, type SectionName, type SectionPages } from './menu';
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

const page = {
  current: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};

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
});
export type SectionPinState = z.infer<typeof sectionPinState>;

/** What a version's pages change against another's: paths added and removed. */
export function pageChanges(
  pages: SectionPages | null,
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

export const PIN_ACTIONS = ['pin', 'rollback'] as const;
export type PinAction = (typeof PIN_ACTIONS)[number];

export const pinHistoryEntry = z.object({
  id: z.number(),
  environment: z.string(),
  section: z.enum(SECTION_NAMES),
  action: z.enum(PIN_ACTIONS),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
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
  /** URL of the section's `mf-manifest.json`. */
  entry: z.string(),
  /** The pages this version declares (null: published before versions declared pages). */
  pages: sectionPages.nullable(),
});
export type SectionPin = z.infer<typeof sectionPin>;

export const sectionPinsResponse = z.object({
  environment: z.string(),
  sections: z.partialRecord(z.enum(SECTION_NAMES), sectionPin),
});
export type SectionPinsResponse = z.infer<typeof sectionPinsResponse>;

/** Query parameter of an admin's preview of another published version (issue 5). */
export const previewParam = (section: SectionName) => `section.${section}`;
