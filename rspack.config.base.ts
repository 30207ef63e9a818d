// The one Rspack config every app extends (architecture.md, "Front end"): TypeScript through
// builtin:swc-loader, CSS/Less, assets, and Module Federation with the shared singletons.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
  while (!existsSync(path.join(dir, 'package.json')) || readPackageJson(path.join(dir, 'package.json')).name !== pkgName) {
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

function sharedConfig(appDir: string) {
  const shared: Record<string, { singleton: true; requiredVersion: string; version?: string; import?: string }> = {};
  for (const lib of SINGLETON_LIBS) {
    const version = installedVersion(appDir, lib);
    shared[lib] = { singleton: true, requiredVersion: `^${version}` };
  }
  // The workspace package is consumed as source: it has no build, so its version is explicit.
  const sharedVersion = readPackageJson(path.join(rootDir, 'shared/package.json')).version;
  shared[SHARED_PACKAGE] = { singleton: true, version: sharedVersion, requiredVersion: sharedVersion };
  shared[`${SHARED_PACKAGE}/`] = { singleton: true, version: sharedVersion, requiredVersion: sharedVersion };
  return shared;
}

/** `<package version>+<buildId>`: BUILD_ID from the environment, else a UTC timestamp. */
export function sectionVersion(appDir: string): string {
  const pkg = readPackageJson(path.join(appDir, 'package.json'));
  const buildId = process.env.BUILD_ID || new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${pkg.version}+${buildId}`;
}

function gitCommit(): string | null {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
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

/** Writes `build.json` beside a section's manifest (the server's section store reads it). */
class BuildInfoPlugin {
  constructor(
    private readonly info: { name: string; version: string; appDir: string },
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('BuildInfoPlugin', (compilation) => {
      const outDir = compilation.outputOptions.path as string;
      const shared: Record<string, string> = Object.fromEntries(
        SINGLETON_LIBS.map((lib) => [lib, installedVersion(this.info.appDir, lib)]),
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
    });
  }
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
  const version = isHost ? readPackageJson(path.join(appDir, 'package.json')).version : sectionVersion(appDir);
  const outputPath = isHost
    ? path.join(appDir, 'dist')
    : isDev
      ? path.join(appDir, 'dist/dev')
      : path.join(appDir, 'dist', version);

  const plugins: Configuration['plugins'] = [
    new rspack.DefinePlugin({
      __SECTION_VERSION__: JSON.stringify(version),
    }),
    new ModuleFederationPlugin({
      name: mfName,
      filename: isHost ? undefined : 'remoteEntry.js',
      exposes,
      shared: sharedConfig(appDir),
      manifest: !isHost || undefined,
      dts: false,
      // Use what is already loaded: otherwise resolving a shared module first downloads every
      // registered section's entry to compare versions.
      shareStrategy: 'loaded-first',
      // One MF runtime for the page: the host provides it, built sections use it (a section on
      // its own dev server keeps its own, having no host).
      experiments: isHost ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true },
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
    const { ReactRefreshRspackPlugin } = require('@rspack/plugin-react-refresh') as typeof import('@rspack/plugin-react-refresh');
    plugins.push(new ReactRefreshRspackPlugin());
  }

  return {
    mode: isDev ? 'development' : 'production',
    context: appDir,
    entry: { main: './src/index.ts' },
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
      // react-intl is installed per app (not hoisted): let `shared` sources find the app's copy.
      modules: ['node_modules', path.join(appDir, 'node_modules'), path.join(rootDir, 'node_modules')],
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
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
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
    },
    performance: false,
    devServer: {
      port: DEV_PORTS[app],
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: isHost
        ? [{ context: ['/api', '/sections'], target: 'http://127.0.0.1:8080', changeOrigin: false }]
        : undefined,
    },
  };
}
