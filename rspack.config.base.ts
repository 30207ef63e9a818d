// The one Rspack config every app extends (architecture.md, "Front end"): TypeScript through
// builtin:swc-loader, CSS/Less, assets, and Module Federation with the shared singletons.
import { execSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const rootDir = path.dirname(fileURLToPath(import.meta.url));

/** Dev-server ports; the server's DEV_SECTIONS pins point at the same ones. */
export const DEV_PORTS = {
  host: 3000,
  dashboard: 3001,
  guide: 3002,
  scenic: 3003,
  team: 3004,
  system: 3005,
} as const;

export type AppName = keyof typeof DEV_PORTS;
export type SectionName = Exclude<AppName, 'host'>;

interface PackageJson {
  name: string;
  version: string;
}

function readPackageJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** The installed version of a dependency as the app at `appDir` resolves it. */
function installedVersion(appDir: string, lib: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  let dir = path.dirname(require.resolve(lib));
  const pkgName = lib.startsWith('@') ? lib.split('/').slice(0, 2).join('/') : lib.split('/')[0];
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    readPackageJson(path.join(dir, 'package.json')).name !== pkgName
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find package.json of ${lib} from ${appDir}`);
    dir = parent;
  }
  return readPackageJson(path.join(dir, 'package.json')).version;
}

/** Singletons shared by the host and every section, each listed once. */
const SINGLETON_LIBS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'react-intl',
  '@arco-design/web-react',
] as const;

const SHARED_PACKAGE = '@console/shared';

const ARCO = '@arco-design/web-react';
const ARCO_DIR = path.dirname(createRequire(import.meta.url).resolve(`${ARCO}/package.json`));

/**
 * Libraries shared as the slice of them the console uses (files in rspack-shared/): a shared
 * module is never tree-shaken, so sharing the package itself ships all of it. react-router 7 is
 * ~61 KB gzip (data routers, server rendering, RSC), of which a browser-routed console uses
 * ~14 KB; Redux Toolkit 13.8 → 9.6 KB (react-intl would gain 0.6 KB: shared whole). Every app's
 * request for the package is consumed from the share scope under the package's own key, so
 * there is still one instance (one router, one store).
 */
const SHARED_SLICES: Record<string, string> = {
  'react-router-dom': path.join(rootDir, 'rspack-shared/react-router-dom.ts'),
  '@reduxjs/toolkit': path.join(rootDir, 'rspack-shared/reduxjs-toolkit.ts'),
  // The contracts are bundled into every app (SHARED_RUNTIME_ENTRIES); the schema library they
  // build on is shared, so a section's contracts cost only their own code.
  zod: path.join(rootDir, 'rspack-shared/zod.ts'),
};

/** The browser ES module entry of a package (what a slice in rspack-shared/ re-exports). */
function esmEntry(lib: string): string {
  const require = createRequire(path.join(rootDir, 'package.json'));
  const pkgFile = require.resolve(`${lib}/package.json`);
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as {
    module?: string;
    exports?: Record<string, Record<string, unknown>>;
  };
  type Target = string | { default?: Target; import?: Target };
  const pick = (t: Target | undefined): string | undefined =>
    typeof t === 'string' ? t : t && (pick(t.import) ?? pick(t.default));
  const root = pkg.exports?.['.'] as Record<string, Target> | undefined;
  const file = root ? (pick(root.browser) ?? pick(root.module) ?? pick(root.import)) : pkg.module;
  if (!file) throw new Error(`No ES module entry for ${lib}`);
  return path.join(path.dirname(pkgFile), file);
}

/**
 * A slice in rspack-shared/ re-exports its package under the package's own name, which the
 * share scope would hand back to it (itself): its own request goes to the package's file.
 */
function sharedSliceRequests(): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  const slicesDir = path.join(rootDir, 'rspack-shared');
  const libs = Object.keys(SHARED_SLICES);
  const escaped = libs.map((lib) => lib.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new rspack.NormalModuleReplacementPlugin(
    new RegExp(`^(${escaped.join('|')})$`),
    (data) => {
      if (data.context === slicesDir) data.request = esmEntry(data.request);
    },
  );
}

/**
 * The runtime parts of `@console/shared`: the state and services every app must share (one
 * store, one API client and cache, one i18n, one permission rule, the shared components), each
 * a singleton under its own share key (issue 17, point 7). Everything else in the package — the
 * pure contracts (`@console/shared`, `@console/shared/contracts/…`: schemas, limits, messages)
 * and `time` — is bundled into each app that imports it, tree-shaken, so a section validates a
 * new field with its own copy of the contract.
 */
export const SHARED_RUNTIME_ENTRIES = [
  'api',
  'store',
  'i18n',
  'permission',
  'section',
  'components/search-table',
  'components/spot-picker',
  'components/chart-palette',
  'components/chart-alternative',
  'components/contract-form',
  'components/field-specs',
  'components/responsive',
] as const;

const SHARED_SRC = path.join(rootDir, 'shared/src');

/** `@console/shared/<entry>` → its source file (the package's `exports`). */
function sharedEntryFile(entry: string): string {
  const base = path.join(SHARED_SRC, entry);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`No source for ${SHARED_PACKAGE}/${entry}`);
}

/**
 * The shared package's version, and the range a build requires of the host's runtime: the
 * same minor. `npm run shared:bump` raises the minor when the runtime changed and only the
 * patch when nothing but contracts changed (scripts/shared-version.mjs), so a section built
 * after a contract change still runs on the host's runtime.
 */
export function sharedRuntimeVersion(): { version: string; requiredVersion: string } {
  const version = readPackageJson(path.join(rootDir, 'shared/package.json')).version;
  const [major, minor] = version.split('.');
  return { version, requiredVersion: `~${major}.${minor}.0` };
}

/** Arco's components (`es/Button` …): the host provides every one, whether it renders it or not. */
function arcoComponents(): string[] {
  return readdirSync(path.join(ARCO_DIR, 'es')).filter(
    (dir) => /^[A-Z]/.test(dir) && existsSync(path.join(ARCO_DIR, 'es', dir, 'index.js')),
  );
}

interface ShareOptions {
  singleton: true;
  requiredVersion: string;
  version?: string;
  import?: string | false;
  shareKey?: string;
}

/**
 * The share scope. The host provides every shared module (also those it does not render
 * itself: a section's Table, Progress …); a built section provides none (`import: false`) and
 * takes each from the host, so no library's code is ever fetched twice and a section's build
 * carries only its own code. A section on its own dev server has no host: it keeps its copies.
 */
function sharedConfig(appDir: string, consumeOnly: boolean) {
  const shared: Record<string, ShareOptions> = {};
  const provide = (key: string, options: ShareOptions) => {
    shared[key] = consumeOnly ? { ...options, import: false } : options;
  };
  for (const lib of SINGLETON_LIBS) {
    const version = installedVersion(appDir, lib);
    provide(lib, { singleton: true, requiredVersion: `^${version}` });
  }
  // Arco per component: `@arco-design/web-react/es/Button`, its `style/css.js` … each a
  // singleton; the stateful leaves are added by arcoSingletonShares (createConfig).
  const arcoVersion = installedVersion(appDir, ARCO);
  const arco = {
    singleton: true as const,
    version: arcoVersion,
    requiredVersion: `^${arcoVersion}`,
  };
  provide(`${ARCO}/`, arco);
  for (const component of arcoComponents()) {
    const dir = path.join(ARCO_DIR, 'es', component);
    provide(`${ARCO}/es/${component}`, { ...arco, import: path.join(dir, 'index.js') });
    const css = path.join(dir, 'style', 'css.js');
    if (existsSync(css)) provide(`${ARCO}/es/${component}/style/css.js`, { ...arco, import: css });
  }
  for (const [lib, file] of Object.entries(SHARED_SLICES)) {
    const version = installedVersion(appDir, lib);
    provide(lib, { singleton: true, import: file, version, requiredVersion: `^${version}` });
  }
  // The workspace package is consumed as source: it has no build, so its version is explicit.
  const runtime = sharedRuntimeVersion();
  for (const entry of SHARED_RUNTIME_ENTRIES) {
    provide(`${SHARED_PACKAGE}/${entry}`, {
      singleton: true,
      ...runtime,
      import: sharedEntryFile(entry),
    });
  }
  return shared;
}

/**
 * Keeps the split between the shared runtime and the bundled contracts sound:
 * - an app imports a runtime part only through its entry (`@console/shared/store`, never
 *   `@console/shared/store/localeSlice`, which would be a second copy beside the singleton);
 * - a contract (or `time`) never imports the runtime: it is bundled into every app, and a
 *   runtime module reached from it would be a second store or API client.
 */
function sharedPackageBoundaries(): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  const runtimeDirs = [...new Set(SHARED_RUNTIME_ENTRIES.map((e) => e.split('/')[0]))].map(
    (dir) => path.join(SHARED_SRC, dir) + path.sep,
  );
  // `contracts/` and the package's root (its index and `time`).
  const pureDir = path.join(SHARED_SRC, 'contracts') + path.sep;
  const entries = new Set<string>(SHARED_RUNTIME_ENTRIES);
  return new rspack.NormalModuleReplacementPlugin(/^(@console\/shared\/|\.\.?\/)/, (data) => {
    const from = data.context ?? '';
    if (data.request.startsWith(`${SHARED_PACKAGE}/`)) {
      const sub = data.request.slice(SHARED_PACKAGE.length + 1);
      const dir = sub.split('/')[0];
      if (
        !entries.has(sub) &&
        runtimeDirs.some((d) => d.endsWith(`${path.sep}${dir}${path.sep}`))
      ) {
        if (sub === 'section/standalone') return;
        throw new Error(
          `${data.request} (from ${from}): import the shared runtime through its entry (${SHARED_RUNTIME_ENTRIES.map((e) => `${SHARED_PACKAGE}/${e}`).join(', ')})`,
        );
      }
      return;
    }
    if (from !== SHARED_SRC && !from.startsWith(pureDir)) return;
    const target = path.resolve(from, data.request);
    if (runtimeDirs.some((d) => target.startsWith(d))) {
      throw new Error(
        `${data.request} (from ${from}): a contract must not import the shared runtime; it is bundled into every app`,
      );
    }
  });
}

/** `<package version>+<buildId>`: BUILD_ID from the environment, else a UTC timestamp. */
export function sectionVersion(appDir: string): string {
  const pkg = readPackageJson(path.join(appDir, 'package.json'));
  const buildId =
    process.env.BUILD_ID || new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${pkg.version}+${buildId}`;
}

function gitCommit(): string | null {
  try {
    return execSync('git rev-parse --short HEAD', {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = statSync(full);
    total += stat.isDirectory() ? directorySize(full) : stat.size;
  }
  return total;
}

/** Writes `build.json` and `section-pages.json` beside a section's manifest (the server's
 * section store reads them). */
class BuildInfoPlugin {
  constructor(private readonly info: { name: string; version: string; appDir: string }) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('BuildInfoPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path as string;
      const shared: Record<string, string> = Object.fromEntries(
        [...new Set([...SINGLETON_LIBS, ...Object.keys(SHARED_SLICES)])].map((lib) => [
          lib,
          installedVersion(this.info.appDir, lib),
        ]),
      );
      // The workspace package is a singleton too; the section store checks it against the host.
      shared[SHARED_PACKAGE] = readPackageJson(path.join(rootDir, 'shared/package.json')).version;
      const buildJson = {
        name: this.info.name,
        version: this.info.version,
        builtAt: new Date().toISOString(),
        commit: gitCommit(),
        sizeBytes: directorySize(outDir),
        shared,
      };
      writeFileSync(path.join(outDir, 'build.json'), `${JSON.stringify(buildJson, null, 2)}\n`);
      // The pages the section declares, beside its manifest for publishing (issue 17;
      // contracts/menu.ts SECTION_PAGES_SOURCE → SECTION_PAGES_FILE).
      const pages = path.join(this.info.appDir, 'src/pages.json');
      if (existsSync(pages)) copyFileSync(pages, path.join(outDir, 'section-pages.json'));
    });
  }
}

/**
 * Arco modules that hold state every Arco component on the page must share: the contexts a
 * component reads from another one (ConfigProvider's theme, locale and prefixCls; Form, Grid,
 * Menu and Avatar contexts; the icons' prefix) and the global configuration of Modal.
 * Components themselves are shared per component through the `@arco-design/web-react/` prefix
 * (transformImport below), but inside Arco they reach these modules by relative paths, which a
 * share key never matches: a section's own Table would carry its own ConfigProvider context and
 * never see the host's locale. So the host provides each of these files under its package
 * path, and a built section consumes them from the host (rewriting Arco's relative requests
 * to them; see arcoModuleRequests). Only these leaves are rewritten: rewriting components'
 * requests to each other builds cycles (ConfigProvider ↔ Message …) that deadlock the share
 * scope's chunk loading.
 */
const ARCO_SINGLETON_FILES = [
  'es/ConfigProvider/context',
  'es/Form/context',
  'es/Grid/context',
  'es/Menu/context',
  'es/Avatar/context',
  'es/Modal/config',
  'icon/react-icon/context',
] as const;

function arcoSingletonShares(app: AppName, consumeOnly: boolean) {
  const version = installedVersion(rootDir, ARCO);
  return Object.fromEntries(
    ARCO_SINGLETON_FILES.map((file) => {
      const shareKey = `${ARCO}/${file}`;
      const filePath = path.join(ARCO_DIR, `${file}.js`);
      // A built section takes every one from the host (it bundles no Arco component).
      const hostOnly = app !== 'host' && consumeOnly;
      return [
        shareKey,
        {
          singleton: true as const,
          shareKey,
          version,
          requiredVersion: `^${version}`,
          import: hostOnly ? (false as const) : filePath,
        },
      ];
    }),
  );
}

/**
 * Rewrites requests so Arco shares as described above: the icon barrel resolves to its file
 * (kept out of the share prefix, tree-shaken per app), and in a built section Arco's relative
 * requests to ARCO_SINGLETON_FILES become their share keys.
 */
function arcoModuleRequests(
  rewriteSingletons: boolean,
): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  const singletonByPath = new Map<string, string>(
    ARCO_SINGLETON_FILES.map((file) => [path.join(ARCO_DIR, file), `${ARCO}/${file}`]),
  );
  return new rspack.NormalModuleReplacementPlugin(
    /^(\.\.?\/|@arco-design\/web-react\/icon$)/,
    (data) => {
      if (data.request === `${ARCO}/icon`) {
        data.request = path.join(ARCO_DIR, 'icon', 'index.es.js');
        return;
      }
      const from = data.context ?? '';
      if (!rewriteSingletons || !from.startsWith(ARCO_DIR + path.sep)) return;
      const shareKey = singletonByPath.get(path.resolve(from, data.request).replace(/\.js$/, ''));
      if (shareKey) data.request = shareKey;
    },
  );
}

/**
 * Dev only: one react-refresh runtime for the whole page. Each app's bundle would carry its own
 * copy, and a section's copy, loaded after the host's React mounted its root, never learns of
 * that root, so an edit inside a section shown in the host would not refresh. Every app's
 * `react-refresh/runtime` becomes a module that takes the copy already on the page (the host's)
 * or puts its own there (the host, or a section run alone on its own dev server).
 */
function oneRefreshRuntime(): InstanceType<typeof rspack.NormalModuleReplacementPlugin> {
  const pluginRequire = createRequire(
    createRequire(import.meta.url).resolve('@rspack/plugin-react-refresh'),
  );
  const runtimeFile = pluginRequire.resolve('react-refresh/runtime');
  const shimDir = path.join(rootDir, 'node_modules/.cache/console-dev');
  const shimFile = path.join(shimDir, 'react-refresh-runtime.cjs');
  const shim = [
    '// Generated by rspack.config.base.ts (dev only): one react-refresh runtime per page.',
    "var g = typeof window !== 'undefined' ? window : globalThis;",
    "var key = '__consoleReactRefreshRuntime__';",
    `module.exports = g[key] || (g[key] = require(${JSON.stringify(runtimeFile)}));`,
    '',
  ].join('\n');
  mkdirSync(shimDir, { recursive: true });
  if (!existsSync(shimFile) || readFileSync(shimFile, 'utf8') !== shim) {
    writeFileSync(shimFile, shim);
  }
  return new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, (data) => {
    data.request = shimFile;
  });
}

/**
 * The host's Arco chunks, each what some pages render: the components (with their styles) and
 * everything they import — Arco's helpers and icons, the small libraries under them
 * (arcoClosure). A file goes to the first chunk that reaches it, so nothing rides along with a
 * page that does not render it; the pages after it find it loaded.
 */
export const ARCO_CHUNKS: { name: string; components: string[]; files?: string[] }[] = [
  {
    // The login page (host/src/pages/login: two inputs and a button, no Form) in the
    // ConfigProvider around every page, and the Arco files the bootstrap imports itself
    // (bootstrap.tsx, App.tsx): the login page fetches what it renders and little else
    // (issue 16). Form, with its grid, tooltips and validator, comes with the first page that
    // has one.
    name: 'arco-login',
    components: ['ConfigProvider', 'Input', 'Button', 'Alert', 'Radio'],
    files: ['_util/react-19-adapter.js', 'locale/zh-CN.js', 'locale/en-US.js'],
  },
  {
    // The console's frame (layout, menus, navbar, its toasts), which every page after sign-in
    // shows.
    name: 'arco-frame',
    components: [
      'Message',
      'Layout',
      'Menu',
      'Dropdown',
      'Breadcrumb',
      'Avatar',
      'Badge',
      'Typography',
      'Card',
      'Link',
      'Space',
      'Divider',
      'Drawer',
    ],
  },
  {
    // What most pages draw: lists (the search table), pickers, tags, popups, loading states.
    name: 'arco-core',
    components: ['Table', 'Select', 'Tooltip', 'Popover', 'Spin', 'Empty', 'Tag'],
  },
];

/** Packages never bundled beside Arco: the shared singletons of the page. */
const NOT_FOLLOWED = new Set(['react', 'react-dom']);

/** The file a package's bare specifier (`lodash/get`, `b-validate`) names, from `fromFile`. */
function resolvePackageFile(fromFile: string, spec: string): string | null {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  if (NOT_FOLLOWED.has(name)) return null;
  const sub = parts.slice(name.split('/').length).join('/');
  // Node's lookup: the nearest node_modules/<name> upwards (a nested copy wins).
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(pkgDir, 'package.json'))) return resolveFile(path.join(pkgDir, sub));
    if (path.dirname(dir) === dir) return null;
  }
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.js`, `${base}.mjs`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // A folder: its package.json's ES module entry (a package, or `dom-helpers/addClass`), else
  // its index.
  const pkgFile = path.join(base, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { module?: string; main?: string };
    const entry = pkg.module ?? pkg.main;
    if (entry && path.join(base, entry) !== base) return resolveFile(path.join(base, entry));
  }
  const index = path.join(base, 'index.js');
  return existsSync(index) ? index : null;
}

/**
 * Every file that `components` (with their `style/css.js`, which transformImport adds) and
 * `files` (under Arco's `es/`) import, followed through Arco and the packages under it: what
 * rendering them fetches.
 */
export function arcoClosure(components: readonly string[], files: readonly string[]): Set<string> {
  const roots = [
    ...components.flatMap((component) => [`${component}/index.js`, `${component}/style/css.js`]),
    ...files,
  ].map((file) => path.join(ARCO_DIR, 'es', file));
  const seen = new Set<string>();
  const pending = roots.filter((file) => existsSync(file));
  const importRe =
    /(?:^|[\s;])(?:import|export)\s*(?:([^'"]*?)\sfrom\s*)?['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
  const barrel = path.join(ARCO_DIR, 'es', 'index.js');
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.m?js$/.test(file)) continue;
    for (const [, clause, esm, cjs] of readFileSync(file, 'utf8').matchAll(importRe)) {
      const spec = esm ?? cjs;
      const target = spec.startsWith('.')
        ? resolveFile(path.resolve(path.dirname(file), spec))
        : resolvePackageFile(file, spec);
      // `import { Tooltip } from '../index'` (Arco's barrel, free of side effects): the bundle
      // keeps only the components named.
      const targets =
        target === barrel
          ? [...(clause ?? '').matchAll(/\b([A-Z]\w*)\b/g)].map(([, name]) =>
              resolveFile(path.join(ARCO_DIR, 'es', name)),
            )
          : [target];
      for (const next of targets) if (next && !seen.has(next)) pending.push(next);
    }
  }
  return seen;
}

interface AppOptions {
  /** The app's folder (where its package.json is). */
  appDir: string;
  app: AppName;
  /** Modules a section exposes to the host. */
  exposes?: Record<string, string>;
}

export function createConfig({ appDir, app, exposes }: AppOptions): Configuration {
  const isDev = process.env.NODE_ENV === 'development' || process.argv.includes('serve');
  const isHost = app === 'host';
  const mfName = isHost ? 'console_host' : `section_${app}`;
  const version = isHost
    ? readPackageJson(path.join(appDir, 'package.json')).version
    : sectionVersion(appDir);
  const outputPath = isHost
    ? path.join(appDir, 'dist')
    : isDev
      ? path.join(appDir, 'dist/dev')
      : path.join(appDir, 'dist', version);

  // (A built section bundles no Arco component; its own small libraries stay in arco-deps.)
  // The chunks after the login page's take only Arco's own files: a library under Arco that
  // other code imports too (tslib, under react-focus-lock and react-intl) would bring that
  // chunk along with the other code, to the login page.
  const arcoChunks = isHost
    ? ARCO_CHUNKS.map((chunk, i) => {
        const files = arcoClosure(chunk.components, chunk.files ?? []);
        const own = [...files].filter((file) => file.startsWith(ARCO_DIR + path.sep));
        return { name: chunk.name, files: i === 0 ? files : new Set(own) };
      })
    : [];

  const plugins: Configuration['plugins'] = [
    arcoModuleRequests(!isHost && !isDev),
    sharedSliceRequests(),
    sharedPackageBoundaries(),
    new rspack.DefinePlugin({
      __SECTION_VERSION__: JSON.stringify(version),
    }),
    new ModuleFederationPlugin({
      name: mfName,
      filename: isHost ? undefined : 'remoteEntry.js',
      exposes,
      // A section on its own dev server has no host to take ConfigProvider's context from.
      shared: {
        ...sharedConfig(appDir, !isHost && !isDev),
        ...arcoSingletonShares(app, !isDev),
      },
      manifest: !isHost || undefined,
      dts: false,
      // Use what is already loaded: otherwise resolving a shared module first downloads every
      // registered section's entry to compare versions.
      shareStrategy: 'loaded-first',
      // One MF runtime for the page: the host provides it, built sections use it (a section on
      // its own dev server keeps its own, having no host).
      experiments: {
        ...(isHost ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true }),
        // A browser runtime: without the code that loads remotes in Node.
        optimization: { target: 'web' },
      },
    }),
  ];
  // Sections get a page only on their own dev server (run alone, without the shell).
  if (isHost || isDev) {
    plugins.push(
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'index.html'),
        minify: !isDev,
      }),
    );
  }
  if (!isHost && !isDev) {
    plugins.push(new BuildInfoPlugin({ name: app, version, appDir }));
  }
  if (isDev) {
    // Imported lazily so production builds need no refresh plugin.
    const require = createRequire(import.meta.url);
    const { ReactRefreshRspackPlugin } =
      require('@rspack/plugin-react-refresh') as typeof import('@rspack/plugin-react-refresh');
    // One library name for every app: the refresh entry hooks React DevTools' global hook once
    // per page (the host's), not again in each section.
    plugins.push(new ReactRefreshRspackPlugin({ library: 'console' }), oneRefreshRuntime());
  }

  return {
    mode: isDev ? 'development' : 'production',
    context: appDir,
    // A built section is loaded through its container only (remoteEntry.js): its own page
    // (src/index.ts, the section alone on its dev server) is not built.
    entry: isHost || isDev ? { main: './src/index.ts' } : {},
    devtool: isDev ? 'cheap-module-source-map' : false,
    target: ['web', 'es2020'],
    output: {
      path: outputPath,
      publicPath: isHost ? '/' : 'auto',
      uniqueName: mfName,
      filename: isDev ? '[name].js' : 'js/[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : 'js/[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : 'css/[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : 'css/[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      alias: {
        'resize-observer-polyfill$': path.join(rootDir, 'rspack-shims/resize-observer-polyfill.ts'),
      },
      // react-intl is installed per app (not hoisted): let `shared` sources find the app's copy.
      modules: [
        'node_modules',
        path.join(appDir, 'node_modules'),
        path.join(rootDir, 'node_modules'),
      ],
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development: isDev, refresh: isDev },
              },
            },
            env: { targets: 'chrome >= 100, edge >= 100, firefox >= 100, safari >= 15' },
            // Arco per component, with that component's CSS (not the whole 62 KB gzip library).
            transformImport: [
              {
                libraryName: ARCO,
                customName: `${ARCO}/es/{{ member }}`,
                style: `{{ member }}/style/css.js`,
                ignoreStyleComponent: ['Portal'],
              },
            ],
          },
          type: 'javascript/auto',
        },
        {
          test: /\.css$/,
          oneOf: [
            {
              include: ARCO_DIR,
              use: [{ loader: path.join(rootDir, 'rspack.arco-layer.cjs') }],
              type: 'css/auto',
            },
            { type: 'css/auto' },
          ],
        },
        {
          test: /\.less$/,
          use: [{ loader: 'less-loader', options: { lessOptions: { javascriptEnabled: true } } }],
          type: 'css/auto',
        },
        { test: /\.(png|jpe?g|gif|svg|webp|woff2?)$/, type: 'asset' },
      ],
    },
    plugins,
    optimization: {
      minimize: !isDev,
      splitChunks: {
        // Arco is loaded per component (one chunk per shared component): what those chunks have
        // in common (Arco's helpers, dayjs locales, Babel helpers, styles) goes to common chunks
        // however small, instead of a copy in every chunk (measured: 612 → 510 KB gzip with
        // `npm run bench:web`; 4000 bytes: 519 KB).
        minSize: 0,
        cacheGroups: {
          // ARCO_CHUNKS, the first one that reaches a file taking it. The other components'
          // helpers split by the pages that use them (one chunk of them all put the date
          // pickers' on the workplace; measured: no more bytes over the whole build).
          ...Object.fromEntries(
            arcoChunks.map(({ name, files }, i) => [
              name,
              {
                test: (module: { nameForCondition(): string | null | undefined }) =>
                  files.has(module.nameForCondition() ?? ''),
                name,
                chunks: 'async' as const,
                priority: 30 - i,
                enforce: true,
              },
            ]),
          ),
          // ECharts (issue 16): loaded after a page's first paint, per chart type, in files named
          // `js/chart*.js` (the chunks a page's charts import are named so too) that
          // `npm run bench:web` reports apart from the first load.
          charts: {
            test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/,
            chunks: 'async',
            filename: isDev ? 'chart-[id].js' : 'js/chart-[id].[contenthash:8].js',
            priority: 15,
            reuseExistingChunk: true,
          },
          // The small libraries under the other pages' Arco components, likewise: in the host
          // split by the pages that use them (one chunk of them all put the Form's lodash on
          // the login page: 10 KB gzip), in a section in one chunk.
          arcoDeps: {
            test: /[\\/]node_modules[\\/](lodash|@babel[\\/]runtime|react-transition-group|resize-observer-polyfill|scroll-into-view-if-needed|compute-scroll-into-view|shallowequal|b-validate|number-precision)[\\/]/,
            ...(isHost ? {} : { name: 'arco-deps' }),
            chunks: 'async',
            priority: 20,
            enforce: true,
          },
        },
      },
    },
    performance: false,
    // `rspack serve` compiles dynamic imports lazily, the browser asking the page's origin for
    // them: inside the host that is the host's dev server, which does not know a section's
    // modules, so the section's pages would never load. Sections compile everything up front.
    ...(isDev && !isHost ? { lazyCompilation: false as const } : {}),
    devServer: {
      port: DEV_PORTS[app],
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // A section's HMR client runs inside the host's page too: it talks to its own server.
      client: isHost ? undefined : { webSocketURL: { port: DEV_PORTS[app] } },
      proxy: isHost
        ? [{ context: ['/api', '/sections'], target: 'http://127.0.0.1:8080', changeOrigin: false }]
        : undefined,
    },
  };
}
