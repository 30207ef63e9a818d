// Whether a bundle's shared singletons fit the host (issue 5, "Publishing"): every library the
// bundle shares must be one the host provides, in a version the host's range accepts. The
// host's ranges are its package.json dependencies; the shared list itself is the one in
// rspack.config.base.ts, which the build record repeats.
import fs from 'node:fs';
import semver from 'semver';
import type { SectionCompatibility, SharedMismatch } from '@console/shared/contracts/sections';

/**
 * The workspace package. Its runtime (store, API client, i18n, permission rule, shared
 * components) is shared as singletons at the package's version; the contracts are bundled into
 * each app. `npm run shared:bump` raises the minor version when the runtime changed and only the
 * patch when only contracts did (scripts/shared-version.mjs), so a bundle needs the host's
 * runtime at its own minor: a section built with a newer contract still fits.
 */
export const SHARED_PACKAGE = '@console/shared';

/** The host runtime versions a bundle built against `version` of the shared package accepts. */
export function sharedRuntimeRange(version: string): string {
  const v = semver.parse(version);
  return v ? `~${v.major}.${v.minor}.0` : version;
}

/** `react/jsx-runtime` → `react`, `@scope/pkg/sub` → `@scope/pkg`. */
export function packageOf(lib: string): string {
  const parts = lib.split('/');
  return lib.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The host's version range of each dependency, from its package.json. */
export function readHostRanges(hostPackageJson: string): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(hostPackageJson, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return { ...(pkg.dependencies ?? {}) };
}

export function checkCompatibility(
  shared: Record<string, string>,
  hostRanges: Record<string, string>,
): SectionCompatibility {
  const mismatches: SharedMismatch[] = [];
  for (const [lib, version] of Object.entries(shared)) {
    const range = hostRanges[packageOf(lib)];
    if (!range) {
      mismatches.push({ lib, bundle: version, host: '' });
      continue;
    }
    if (lib === SHARED_PACKAGE) {
      // The host depends on the exact version it runs: that version must satisfy the bundle.
      const hostVersion = semver.valid(range) ?? semver.minVersion(range)?.version;
      if (!hostVersion || !semver.satisfies(hostVersion, sharedRuntimeRange(version)))
        mismatches.push({ lib, bundle: version, host: range });
      continue;
    }
    if (!semver.satisfies(version, range, { includePrerelease: true })) {
      mismatches.push({ lib, bundle: version, host: range });
    }
  }
  return { compatible: mismatches.length === 0, mismatches };
}

/** One line per mismatch, naming the library and both versions. */
export function describeMismatches(
  mismatches: SharedMismatch[],
  locale: 'zh-CN' | 'en-US',
): string {
  return mismatches
    .map((m) =>
      locale === 'zh-CN'
        ? m.host
          ? `${m.lib}：模块版本 ${m.bundle}，宿主要求 ${m.host}`
          : `${m.lib}：模块版本 ${m.bundle}，宿主未提供该库`
        : m.host
          ? `${m.lib}: the bundle has ${m.bundle}, the host requires ${m.host}`
          : `${m.lib}: the bundle has ${m.bundle}, the host does not provide it`,
    )
    .join(locale === 'zh-CN' ? '；' : '; ');
}
