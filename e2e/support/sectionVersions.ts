// A console of its own for the section-versions browser tests (issue 5): the local builds are
// published and pinned as `npm start` does, plus two real builds of one section published
// beside them. Its own data directory and section store, so breaking a bundle here affects
// no other test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, launchServer, ROOT, SECTIONS_CLI_ARGS } from './console';

const cli = (args: string[], env: NodeJS.ProcessEnv) => {
  const r = spawnSync(process.execPath, [...SECTIONS_CLI_ARGS, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`sections ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

/** Builds `section` with BUILD_ID=buildId and moves the bundle out of its dist folder. */
export function buildSection(
  section: string,
  buildId: string,
  into: string,
): { version: string; dir: string } {
  const r = spawnSync('npm', ['run', 'build', '-w', `remotes/${section}`], {
    cwd: ROOT,
    env: { ...process.env, BUILD_ID: buildId },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build of ${section} failed:\n${r.stdout}${r.stderr}`);
  const version = `${JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes', section, 'package.json'), 'utf8')).version}+${buildId}`;
  const dir = path.join(into, version);
  fs.renameSync(path.join(ROOT, 'remotes', section, 'dist', version), dir);
  return { version, dir };
}

/** A page added to a section's source for one build (issue 17): its declaration and component. */
export interface ExtraPage {
  key: string;
  path: string;
  title: { 'zh-CN': string; 'en-US': string };
  order: number;
  permission: string;
  /** The page component module's source (a default export). */
  component: string;
}

/**
 * Builds `section` as its team would after adding a page: the page declared in its
 * `src/pages.json` and given a component in `src/routes.ts`, then the source put back.
 */
export function buildSectionWithPage(
  section: string,
  buildId: string,
  into: string,
  page: ExtraPage,
): { version: string; dir: string } {
  const src = path.join(ROOT, 'remotes', section, 'src');
  const pagesFile = path.join(src, 'pages.json');
  const routesFile = path.join(src, 'routes.ts');
  const componentDir = path.join(src, 'pages', `e2e-${buildId}`);
  const pages = fs.readFileSync(pagesFile, 'utf8');
  const routes = fs.readFileSync(routesFile, 'utf8');
  try {
    const declared = JSON.parse(pages) as { pages: unknown[] };
    const { component, ...declaration } = page;
    declared.pages.push(declaration);
    fs.writeFileSync(pagesFile, JSON.stringify(declared, null, 2));
    fs.mkdirSync(componentDir, { recursive: true });
    fs.writeFileSync(path.join(componentDir, 'index.tsx'), component);
    const withPage = routes.replace(
      /defineSection\(pages, __SECTION_VERSION__, \{\n/,
      (m) => `${m}  '${page.key}': lazy(() => import('./pages/e2e-${buildId}')),\n`,
    );
    if (withPage === routes) throw new Error(`cannot add a page to ${routesFile}`);
    fs.writeFileSync(routesFile, withPage);
    return buildSection(section, buildId, into);
  } finally {
    fs.writeFileSync(pagesFile, pages);
    fs.writeFileSync(routesFile, routes);
    fs.rmSync(componentDir, { recursive: true, force: true });
  }
}

/**
 * Builds `section` with one of its pages replaced by a component that throws `message` when it
 * renders (issue 30: a bad version to canary), then puts the source back.
 */
export function buildSectionWithThrowingPage(
  section: string,
  buildId: string,
  into: string,
  pageKey: string,
  message: string,
): { version: string; dir: string } {
  const src = path.join(ROOT, 'remotes', section, 'src');
  const routesFile = path.join(src, 'routes.ts');
  const componentDir = path.join(src, 'pages', `e2e-${buildId}`);
  const routes = fs.readFileSync(routesFile, 'utf8');
  try {
    fs.mkdirSync(componentDir, { recursive: true });
    fs.writeFileSync(
      path.join(componentDir, 'index.tsx'),
      `export default function Broken(): never {\n  throw new Error(${JSON.stringify(message)});\n}\n`,
    );
    const line = new RegExp(`(  '${pageKey}': lazy\\(\\(\\) => import\\()'[^']+'`);
    const broken = routes.replace(line, `$1'./pages/e2e-${buildId}'`);
    if (broken === routes) throw new Error(`cannot replace ${pageKey} in ${routesFile}`);
    fs.writeFileSync(routesFile, broken);
    return buildSection(section, buildId, into);
  } finally {
    fs.writeFileSync(routesFile, routes);
    fs.rmSync(componentDir, { recursive: true, force: true });
  }
}

export interface VersionsConsole {
  baseUrl: string;
  sectionsDir: string;
  stop(): Promise<void>;
}

export async function startVersionsConsole(
  bundles: string[],
  section: string,
): Promise<VersionsConsole> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-versions-data-'));
  const sectionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-versions-store-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, SECTIONS_DIR: sectionsDir };
  cli(['start-local'], env);
  for (const dir of bundles) cli(['publish', section, '--from', dir], env);

  const { baseUrl, stop } = await launchServer(env, port, [dataDir, sectionsDir]);
  return { baseUrl, sectionsDir, stop };
}
