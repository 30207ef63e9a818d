// What a built section carries (issue 17, point 7; issue 16, "no library fetched twice"): its
// own copy of the contracts it imports, and no copy of any shared singleton — the runtime
// (store, API client, i18n, permission rule, shared components), React, Arco and the other
// libraries come from the host, at the host's version, which must satisfy the section's range.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SECTIONS } from '../support/console';

interface ManifestShared {
  name: string;
  requiredVersion: string;
  assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } };
}

function newestBuild(section: string): string {
  const dist = path.join(ROOT, 'remotes', section, 'dist');
  const versions = fs
    .readdirSync(dist)
    .filter((v) => fs.existsSync(path.join(dist, v, 'mf-manifest.json')))
    .sort();
  return path.join(dist, versions.at(-1)!);
}

const sharedVersion = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const [major, minor] = sharedVersion.split('.');

/**
 * The shared runtime entries a section's sources import at run time (not `import type`, not
 * the contracts it bundles, not the test kits): each must come from the host.
 */
function runtimeImports(section: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // The section's test kits (src/test) are not built into it.
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(
          /import\s+(?!type\s)[^;]*?from\s+'(@console\/shared\/[^']+)'/g,
        ))
          // The standalone dev page's bootstrap is bundled (rspack.config.base.ts says so).
          if (!/\/(contracts|testing\/|section\/standalone)/.test(m[1])) found.add(m[1]);
      }
    }
  };
  walk(path.join(ROOT, 'remotes', section, 'src'));
  return [...found].sort();
}

describe.each(SECTIONS)('the %s section’s build', (section) => {
  const dir = newestBuild(section);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as {
    shared: ManifestShared[];
  };

  it('takes every shared singleton from the host and carries no copy of one', () => {
    const names = manifest.shared.map((s) => s.name);
    expect(names).toContain('react');
    // Every section reads the API through the host's client and store.
    expect(names).toContain('@console/shared/api');
    const imported = runtimeImports(section);
    expect(imported.length).toBeGreaterThan(0);
    for (const entry of imported) expect(names, entry).toContain(entry);
    for (const shared of manifest.shared) {
      const { js, css } = shared.assets;
      expect([...js.sync, ...js.async, ...css.sync, ...css.async], shared.name).toEqual([]);
    }
  });

  it('requires the host’s shared runtime at its own minor version', () => {
    const runtime = manifest.shared.filter((s) => s.name.startsWith('@console/shared/'));
    expect(runtime.length).toBeGreaterThan(0);
    for (const shared of runtime) expect(shared.requiredVersion).toBe(`~${major}.${minor}.0`);
  });

  it('bundles the contracts it imports instead of sharing them', () => {
    const names = manifest.shared.map((s) => s.name);
    expect(names.filter((n) => n === '@console/shared' || n.includes('/contracts'))).toEqual([]);
  });
});

describe('a contract travels with the section that imports it', () => {
  it('the dashboard’s chunks hold its own copy of the analyses’ contract', () => {
    const js = path.join(newestBuild('dashboard'), 'js');
    const code = fs
      .readdirSync(js)
      .map((f) => fs.readFileSync(path.join(js, f), 'utf8'))
      .join('\n');
    // contracts/dashboard.ts: ANALYSIS_CHARTS.visitors.title and its range limit.
    expect(code).toContain('Visitors per spot');
    expect(code).toContain('Plan allocation');
  });
});
