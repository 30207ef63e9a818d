// Builds section bundle folders on disk for the API tests: the files and build record a real
// build writes (rspack.config.base.ts), with shared versions chosen against the real host.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import type { BuildRecord } from '@console/shared/contracts/sections';
import { SECTION_PAGES_FILE, SECTION_PAGES_SOURCE } from '@console/shared/contracts/menu';
import { SECTION_NAMES } from '@console/shared/contracts/menu';
import { REPO_ROOT } from '../../config/env';
import type { SectionsService } from './service';
import { readHostRanges, packageOf } from './compatibility';

const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  '@arco-design/web-react',
  '@console/shared',
];

/** The pages a section declares in this repository (what its real build would copy). */
export function declaredPages(name: string): Record<string, unknown> {
  return JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'remotes', name, SECTION_PAGES_SOURCE), 'utf8'),
  ) as Record<string, unknown>;
}

/** Shared versions the host accepts: the lowest version of each host range. */
export function compatibleShared(hostPackageJson: string): Record<string, string> {
  const ranges = readHostRanges(hostPackageJson);
  return Object.fromEntries(
    SINGLETONS.map((lib) => [lib, semver.minVersion(ranges[packageOf(lib)])!.version]),
  );
}

export interface FakeBuild {
  remotesDir: string;
  /**
   * Writes `remotes/<name>/dist/<version>/` and returns its folder. `pages`: the declared pages
   * (default: the section's own declaration in this repository; null: no pages file).
   */
  build(
    name: string,
    version: string,
    overrides?: Partial<BuildRecord> & { builtAt?: string },
    pages?: unknown,
  ): string;
  cleanup(): void;
}

export function fakeRemotes(hostPackageJson: string): FakeBuild {
  const remotesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-remotes-'));
  return {
    remotesDir,
    build(name, version, overrides = {}, pages = declaredPages(name)) {
      const dir = path.join(remotesDir, name, 'dist', version);
      fs.mkdirSync(path.join(dir, 'js'), { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'mf-manifest.json'),
        JSON.stringify({ id: `section_${name}`, name: `section_${name}`, metaData: { version } }),
      );
      fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${name} ${version} */`);
      fs.writeFileSync(path.join(dir, 'js', 'main.abcd1234.js'), `console.log('${version}')`);
      const record: BuildRecord = {
        name,
        version,
        builtAt: new Date().toISOString(),
        commit: 'abc1234',
        sizeBytes: 2048,
        shared: compatibleShared(hostPackageJson),
        ...overrides,
      };
      fs.writeFileSync(path.join(dir, 'build.json'), JSON.stringify(record));
      if (pages !== null)
        fs.writeFileSync(path.join(dir, SECTION_PAGES_FILE), JSON.stringify(pages));
      return dir;
    },
    cleanup: () => fs.rmSync(remotesDir, { recursive: true, force: true }),
  };
}

/**
 * Publishes and pins, in the server's environment, a bundle of every section declaring the
 * section's current pages: the server menu then answers as with `npm start` (issue 17).
 */
export async function pinDeclaredSections(sections: SectionsService): Promise<void> {
  const remotes = fakeRemotes(sections.options.hostPackageJson);
  const actor = { id: null, name: 'test' };
  try {
    for (const name of SECTION_NAMES) {
      const dir = remotes.build(name, '1.0.0+declared');
      await sections.publish(name, { from: dir }, actor);
      await sections.pin(
        name,
        { environment: sections.options.appEnv, version: '1.0.0+declared', reason: 'test' },
        actor,
      );
    }
  } finally {
    remotes.cleanup();
  }
}
