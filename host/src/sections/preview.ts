// An admin's preview of another published version, in this browser tab only (issue 5):
// `?section.guide=1.3.0+b42` replaces the pinned entry of that section before the host
// registers its sections. Nobody else is affected: the pins on the server do not change.
// The server decides who may preview: the version is looked up through the admin-only
// section list, so for anyone else (or an unknown version) the request is ignored.
// The sections contract (and zod with it) is loaded only when a preview is asked for: the
// boot chunk and the login page must not download it (architecture.md, "Performance targets").
import type { SectionPins } from '@console/shared/section';
import { SECTION_NAMES, type SectionName } from '@console/shared/contracts/menu';
import type { PublishedSectionVersion } from '@console/shared/contracts/sections';

type SectionsContract = typeof import('@console/shared/contracts/sections');
const sectionsContract = (): Promise<SectionsContract> =>
  import('@console/shared/contracts/sections');

const STORAGE_KEY = 'console.sectionPreview';

export type PreviewMap = Partial<Record<SectionName, string>>;

export interface AppliedPreview {
  section: SectionName;
  version: string;
  pinned: string | null;
}

let applied: AppliedPreview[] = [];

/** Previews in effect in this page (after the pins were registered). */
export const appliedPreviews = (): AppliedPreview[] => applied;

function stored(): PreviewMap {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as PreviewMap;
  } catch {
    return {};
  }
}

/** Whether the URL or this tab may hold a preview request (decided without the contract). */
function mayRequestPreview(search: string): boolean {
  if (Object.keys(stored()).length > 0) return true;
  return [...new URLSearchParams(search).keys()].some((key) => key.startsWith('section.'));
}

/** Requested previews: the URL's `section.<name>` parameters over the ones kept in this tab. */
export function requestedPreviews(
  {
    previewParam,
    SECTION_VERSION_PATTERN,
  }: Pick<SectionsContract, 'previewParam' | 'SECTION_VERSION_PATTERN'>,
  search = window.location.search,
): PreviewMap {
  const out: PreviewMap = { ...stored() };
  const params = new URLSearchParams(search);
  for (const section of SECTION_NAMES) {
    // A `+` in a query string reads as a space: versions never contain spaces.
    const value = params.get(previewParam(section))?.trim().replaceAll(' ', '+');
    if (value && SECTION_VERSION_PATTERN.test(value)) out[section] = value;
  }
  return out;
}

async function publishedVersion(
  section: SectionName,
  version: string,
): Promise<PublishedSectionVersion | null> {
  try {
    // The API client is loaded for the admin's preview only (not with the login page).
    const { request } = await import('@console/shared/api');
    const page = await request<{ list: PublishedSectionVersion[] }>({
      method: 'GET',
      url: '/sections',
      params: { section, version, pageSize: 1 },
      silent: true,
      skipAuthRedirect: true,
    });
    return page.list[0] ?? null;
  } catch {
    return null;
  }
}

/** Replaces the pinned entries the admin asked to preview; keeps the request for reloads. */
export async function applyPreview(pins: SectionPins): Promise<SectionPins> {
  if (!mayRequestPreview(window.location.search)) return pins;
  const requested = requestedPreviews(await sectionsContract());
  const entries = Object.entries(requested) as [SectionName, string][];
  if (entries.length === 0) return pins;
  const sections = { ...pins.sections };
  const accepted: PreviewMap = {};
  applied = [];
  for (const [section, version] of entries) {
    if (sections[section]?.version === version) continue;
    const published = await publishedVersion(section, version);
    if (!published) continue;
    applied.push({ section, version, pinned: sections[section]?.version ?? null });
    // The previewed version's own pages and menu (issue 17).
    // Not a canary: a preview is the admin's own choice, never reported or rolled back.
    sections[section] = {
      version,
      canary: false,
      bucket: sections[section]?.bucket ?? null,
      entry: published.entry,
      pages: published.pages,
    };
    accepted[section] = version;
  }
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(accepted));
  return { ...pins, sections };
}

/** Back to the pinned versions: forget the previews and load the page again without them. */
export function endPreview(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  void sectionsContract().then(({ previewParam }) => {
    const url = new URL(window.location.href);
    for (const section of SECTION_NAMES) url.searchParams.delete(previewParam(section));
    window.location.replace(url.toString());
  });
}
