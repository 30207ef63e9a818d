// The `shared` package's version (issue #11, point 6). Sections and the host share it as an
// exact singleton, so its version must change whenever its source does: package.json records,
// beside the version, a hash of shared/src (tests excluded) as of the last bump. A test in
// `npm test` (shared/src/package-version.test.ts) fails when they differ;
// `npm run shared:bump` raises the patch version, records the hash and moves every workspace's
// exact dependency on it (the section publish check then refuses bundles built against another
// version than the host's).
//   node scripts/shared-version.mjs check | bump
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedDir = path.join(root, 'shared');
const pkgPath = path.join(sharedDir, 'package.json');
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** sha256 over shared/src's non-test files: their paths and contents, in a fixed order. */
export function sharedSourceHash() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!isTest(entry.name)) files.push(full);
    }
  };
  walk(path.join(sharedDir, 'src'));
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

/** The version and the source hash recorded at the last bump. */
export function recordedSharedVersion() {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  return { version: pkg.version, sourceHash: pkg.sourceHash ?? '' };
}

function bump() {
  const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
  const [major, minor, patch] = pkg.version.split('.').map(Number);
  const version = `${major}.${minor}.${patch + 1}`;
  // `sourceHash` sits right after `version`.
  const out = {};
  for (const [k, v] of Object.entries(pkg)) {
    if (k === 'sourceHash') continue;
    out[k] = k === 'version' ? version : v;
    if (k === 'version') out.sourceHash = sharedSourceHash();
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
  console.log(`@console/shared ${pkg.version} → ${version}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'bump') bump();
  else if (command === 'check') {
    const { version, sourceHash } = recordedSharedVersion();
    if (sourceHash !== sharedSourceHash()) {
      console.error(`shared/src changed since @console/shared ${version}: npm run shared:bump`);
      process.exit(1);
    }
    console.log(`@console/shared ${version} matches its source`);
  } else {
    console.error('usage: node scripts/shared-version.mjs check | bump');
    process.exit(2);
  }
}
