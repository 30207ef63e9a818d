// The `shared` package's version (issue #11, point 6). Sections and the host share it as an
// exact singleton, so its version must change whenever its source does: package.json records,
// beside the version, a hash of shared/src (tests excluded) as of the last bump. A test in
// `npm test` (shared/src/package-version.test.ts) fails when they differ;
// `npm run shared:bump` raises the patch version, records the hash and moves every workspace's
// exact dependency on it (the section publish check then refuses bundles built against another
// version than the host's).
//
// Two kinds of change (issue 17, point 7): the runtime the host shares as singletons (api,
// store, i18n, permission, section, components — and every file they import) and the pure
// contracts every app bundles for itself. A runtime change raises the minor version; a change of
// contracts alone raises the patch. A build requires the host's runtime at its own minor
// (`~major.minor.0`, rspack.config.base.ts), so a section whose new field comes with a newer
// contract still publishes onto the host it was built for.
//   node scripts/shared-version.mjs check | bump
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedDir = path.join(root, 'shared');
const pkgPath = path.join(sharedDir, 'package.json');
const isTest = (file) => /\.test\.tsx?$/.test(file);

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!isTest(entry.name)) files.push(full);
    }
  };
  walk(path.join(sharedDir, 'src'));
  return files;
}

function hashOf(files) {
  const hash = crypto.createHash('sha256');
  for (const file of files
    .map((f) => path.relative(sharedDir, f).split(path.sep).join('/'))
    .sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(sharedDir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** sha256 over shared/src's non-test files: their paths and contents, in a fixed order. */
export function sharedSourceHash() {
  return hashOf(sourceFiles());
}

// Relative imports that exist at run time: `import … from`, `export … from`, `import '…'` and
// `import('…')`; `import type` / `export type` are erased by the compiler.
const RELATIVE_IMPORT =
  /\b(?:(import|export)\s+(type\s+)?(?:[^;'"]*?\sfrom\s*)?|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

function resolveImport(from, request) {
  const base = path.resolve(path.dirname(from), request);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The runtime's files: everything outside `contracts/` and `time.ts` (the pure part), and the
 * pure files the runtime imports, transitively (they are compiled into the shared runtime).
 */
export function runtimeFiles() {
  const src = path.join(sharedDir, 'src');
  const pure = (file) =>
    file.startsWith(path.join(src, 'contracts') + path.sep) ||
    file === path.join(src, 'time.ts') ||
    file === path.join(src, 'index.ts');
  const queue = sourceFiles().filter((f) => !pure(f));
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.pop();
    for (const [, , typeOnly, request] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      if (typeOnly) continue;
      const target = resolveImport(file, request);
      if (target && !isTest(target) && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

/** sha256 over the runtime's files (see runtimeFiles). */
export function sharedRuntimeHash() {
  return hashOf(runtimeFiles());
}

/** The version and the source hash recorded at the last bump. */
export function recordedSharedVersion() {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  return {
    version: pkg.version,
    sourceHash: pkg.sourceHash ?? '',
    runtimeHash: pkg.runtimeHash ?? '',
  };
}

function bump() {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  const [major, minor, patch] = pkg.version.split('.').map(Number);
  const runtimeHash = sharedRuntimeHash();
  const runtimeChanged = runtimeHash !== (pkg.runtimeHash ?? '');
  const version = runtimeChanged ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
  // `sourceHash` and `runtimeHash` sit right after `version`.
  const out = {};
  for (const [k, v] of Object.entries(pkg)) {
    if (k === 'sourceHash' || k === 'runtimeHash') continue;
    out[k] = k === 'version' ? version : v;
    if (k === 'version') {
      out.sourceHash = sharedSourceHash();
      out.runtimeHash = runtimeHash;
    }
  }
  fs.writeFileSync(pkgPath, `${JSON.stringify(out, null, 2)}\n`);
  // Every workspace depends on the exact version (the module federation singleton).
  const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const ws of rootPkg.workspaces.flatMap((w) =>
    w.endsWith('/*')
      ? fs.readdirSync(path.join(root, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
      : [w],
  )) {
    const file = path.join(root, ws, 'package.json');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(/("@console\/shared":\s*")[^"]+"/g, `$1${version}"`);
    if (next !== text) fs.writeFileSync(file, next);
  }
  const lockPath = path.join(root, 'package-lock.json');
  const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
  if (lock.packages?.shared) lock.packages.shared.version = version;
  for (const entry of Object.values(lock.packages ?? {})) {
    if (entry.dependencies?.['@console/shared']) entry.dependencies['@console/shared'] = version;
  }
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    `@console/shared ${pkg.version} → ${version} (${runtimeChanged ? 'the runtime changed' : 'contracts only'})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'bump') bump();
  else if (command === 'check') {
    const { version, sourceHash, runtimeHash } = recordedSharedVersion();
    if (sourceHash !== sharedSourceHash() || runtimeHash !== sharedRuntimeHash()) {
      console.error(`shared/src changed since @console/shared ${version}: npm run shared:bump`);
      process.exit(1);
    }
    console.log(`@console/shared ${version} matches its source`);
  } else {
    console.error('usage: node scripts/shared-version.mjs check | bump');
    process.exit(2);
  }
}
