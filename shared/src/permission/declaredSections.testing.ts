// For tests: the pages every section declares in its source (remotes/<name>/src/pages.json),
// as the pins would carry them when each section's current build is pinned.
import fs from 'node:fs';
import path from 'node:path';
import {
  SECTION_NAMES,
  SECTION_PAGES_SOURCE,
  inMenuOrder,
  sectionMeta,
  type SectionMeta,
  type SectionName,
  type SectionPages,
} from '../contracts/menu';

const REMOTES = path.resolve(__dirname, '../../../remotes');

/** Each section's declaration, as its pins would carry it. */
export const DECLARED_PAGES = Object.fromEntries(
  SECTION_NAMES.map((name) => [
    name,
    JSON.parse(
      fs.readFileSync(path.join(REMOTES, name, SECTION_PAGES_SOURCE), 'utf8'),
    ) as SectionPages,
  ]),
) as Record<SectionName, SectionPages>;

export const DECLARED_SECTIONS: SectionMeta[] = SECTION_NAMES.map((name) =>
  sectionMeta(DECLARED_PAGES[name]),
);

/** Every declared page, sections in menu order. */
export const DECLARED_ROUTES = inMenuOrder(DECLARED_SECTIONS).flatMap((s) => s.routes);
