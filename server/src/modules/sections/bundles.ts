// Section bundles on disk: the builds in `remotes/<name>/dist/<version>/` and the section
// store `<SECTIONS_DIR>/<name>/<version>/` the server serves under `/sections/`.
// A bundle is a folder with `mf-manifest.json`, the build record `build.json` and the pages it
// declares, `section-pages.json` (both written by rspack.config.base.ts).
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildRecordSchema, type BuildRecord } from '@console/shared/contracts/sections';
import {
  SECTION_PAGES_FILE,
  SECTION_PAGES_SOURCE,
  type SectionName,
} from '@console/shared/contracts/menu';

export const MANIFEST_FILE = 'mf-manifest.json';
export const BUILD_RECORD_FILE = 'build.json';

/** Dev-server ports (rspack.config.base.ts DEV_PORTS); DEV_SECTIONS=1 pins point at them. */
export const DEV_PORTS: Record<SectionName, number> = {
  dashboard: 3001,
  guide: 3002,
  scenic: 3003,
  team: 3004,
  system: 3005,
};

export class BundleError extends Error {}

/** Reads and checks a bundle folder: its manifest exists and its build record parses. */
export function readBundle(dir: string): BuildRecord {
  if (!fs.existsSync(path.join(dir, MANIFEST_FILE))) {
    throw new BundleError(`${dir} has no ${MANIFEST_FILE}; is it a built section bundle?`);
  }
  const file = path.join(dir, BUILD_RECORD_FILE);
  if (!fs.existsSync(file)) throw new BundleError(`${dir} has no ${BUILD_RECORD_FILE}`);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new BundleError(`${file} is not valid JSON`);
  }
  const parsed = buildRecordSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BundleError(
      `${file} is not a valid build record: ${parsed.error.issues
        .map((i) => `${i.path.join('.')} ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/** The bundle's `section-pages.json`, parsed but not yet checked (sections/pages.ts does). */
export function readDeclaredPages(dir: string): unknown {
  return readPagesFile(path.join(dir, SECTION_PAGES_FILE));
}

/** A section's source declaration (dev servers: the pages come from the working tree). */
export const readSourcePages = (remotesDir: string, name: SectionName): unknown =>
  readPagesFile(path.join(remotesDir, name, SECTION_PAGES_SOURCE));

function readPagesFile(file: string): unknown {
  if (!fs.existsSync(file)) {
    throw new BundleError(
      `${path.dirname(file)} has no ${path.basename(file)}: the bundle declares no pages`,
    );
  }
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new BundleError(`${file} is not valid JSON`);
  }
}

/** Built bundles of a section in its dist folder, newest build first. */
export function localBuilds(
  remotesDir: string,
  name: SectionName,
): { dir: string; record: BuildRecord }[] {
  const dist = path.join(remotesDir, name, 'dist');
  if (!fs.existsSync(dist)) return [];
  const out: { dir: string; record: BuildRecord }[] = [];
  for (const entry of fs.readdirSync(dist)) {
    const dir = path.join(dist, entry);
    if (!fs.statSync(dir).isDirectory()) continue;
    try {
      out.push({ dir, record: readBundle(dir) });
    } catch {
      // dev output or an unfinished build: not publishable
    }
  }
  return out.sort((a, b) => b.record.builtAt.localeCompare(a.record.builtAt));
}

export const storeBundleDir = (storeDir: string, name: string, version: string) =>
  path.join(storeDir, name, version);

export const bundleInStore = (storeDir: string, name: string, version: string) =>
  fs.existsSync(path.join(storeBundleDir(storeDir, name, version), MANIFEST_FILE));

/**
 * Copies a bundle into a hidden staging folder of the store; `commit` moves it into place
 * (a rename, so the version folder appears whole or not at all), `discard` removes it.
 */
export function stageBundle(storeDir: string, name: string, version: string, from: string) {
  const sectionDir = path.join(storeDir, name);
  fs.mkdirSync(sectionDir, { recursive: true });
  const staging = path.join(sectionDir, `.staging-${randomUUID()}`);
  fs.cpSync(from, staging, { recursive: true });
  const target = storeBundleDir(storeDir, name, version);
  return {
    commit: () => fs.renameSync(staging, target),
    discard: () => fs.rmSync(staging, { recursive: true, force: true }),
  };
}

/** URL of a published bundle's manifest, as the host registers it. */
export const manifestUrl = (name: string, version: string) =>
  `/sections/${name}/${version}/${MANIFEST_FILE}`;
