// Section versions (product.md, "Section versions"; issue 5): published section bundles,
// environments, the pin of each section per environment and its history.
import { z } from 'zod';
import { textSchema, PAGE_MAX, multilineTextSchema } from './validation';
import { SECTION_NAMES, type SectionName, type SectionPages } from './menu';

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

/** A shared singleton whose bundle version the host's range does not accept. */
export interface SharedMismatch {
  lib: string;
  /** Version the bundle was built against. */
  bundle: string;
  /** The host's range for the library. */
  host: string;
}

export interface SectionCompatibility {
  compatible: boolean;
  mismatches: SharedMismatch[];
}

export interface PublishedSectionVersion {
  id: number;
  section: SectionName;
  version: string;
  builtAt: string;
  commit: string | null;
  sizeBytes: number;
  shared: Record<string, string>;
  publishedAt: string;
  publishedBy: string;
  /** URL of the bundle's manifest, as the host registers it. */
  entry: string;
  compatibility: SectionCompatibility;
  /** Environments that pin this version now. */
  pinnedIn: string[];
  /** The pages this version declares (null: published before versions declared pages). */
  pages: SectionPages | null;
}

export interface SectionPinState {
  version: string;
  pinnedAt: string;
  pinnedBy: string;
  /** The version a rollback would go back to, or null when there is none. */
  rollbackTo: string | null;
  /** Paths of the pages the pinned version declares (null: it declares none). */
  pagePaths: string[] | null;
}

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

export interface SectionEnvironment {
  name: string;
  description: string;
  builtIn: boolean;
  /** This server's environment (APP_ENV). */
  current: boolean;
  pins: Partial<Record<SectionName, SectionPinState>>;
}

export type PinAction = 'pin' | 'rollback';

export interface PinHistoryEntry {
  id: number;
  environment: string;
  section: SectionName;
  action: PinAction;
  fromVersion: string | null;
  toVersion: string;
  reason: string;
  actor: string;
  at: string;
}

export interface SectionPinsResponse {
  environment: string;
  sections: Partial<
    Record<SectionName, { version: string; entry: string; pages: SectionPages | null }>
  >;
}

/** Query parameter of an admin's preview of another published version (issue 5). */
export const previewParam = (section: SectionName) => `section.${section}`;
