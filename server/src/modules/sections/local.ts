// Where each section's bundle is served from. Until published versions and pins exist
// (section versions issue), the server serves the locally built bundle of each section:
// the newest `remotes/<name>/dist/<version>/mf-manifest.json`, or the dev servers.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config/env';

export const SECTION_NAMES = ['dashboard', 'guide', 'scenic', 'team', 'system'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export const DEV_PORTS: Record<SectionName, number> = {
  dashboard: 3001,
  guide: 3002,
  scenic: 3003,
  team: 3004,
  system: 3005,
};

export const localDistDir = (name: SectionName) => path.join(REPO_ROOT, 'remotes', name, 'dist');

/** The newest built version of a section in its dist folder, or null. */
export function newestLocalBuild(name: SectionName): string | null {
  const dir = localDistDir(name);
  if (!fs.existsSync(dir)) return null;
  let best: { version: string; mtime: number } | null = null;
  for (const version of fs.readdirSync(dir)) {
    const manifest = path.join(dir, version, 'mf-manifest.json');
    if (!fs.existsSync(manifest)) continue;
    const mtime = fs.statSync(manifest).mtimeMs;
    if (!best || mtime > best.mtime) best = { version, mtime };
  }
  return best?.version ?? null;
}

export interface SectionPin {
  version: string;
  entry: string;
}

export function localSectionMap(devSections: boolean): Record<string, SectionPin> {
  const out: Record<string, SectionPin> = {};
  for (const name of SECTION_NAMES) {
    if (devSections) {
      out[name] = { version: 'dev', entry: `http://localhost:${DEV_PORTS[name]}/mf-manifest.json` };
      continue;
    }
    const version = newestLocalBuild(name);
    if (version) {
      out[name] = {
        version,
        entry: `/sections/${name}/${encodeURIComponent(version)}/mf-manifest.json`,
      };
    }
  }
  return out;
}
