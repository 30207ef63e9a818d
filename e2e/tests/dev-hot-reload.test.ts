// Dev mode: an edit inside a section hot-reloads (React Fast Refresh, state kept) while the
// section is shown inside the host. Slow and it starts dev servers on the fixed dev ports
// (server 8080, host 3000, scenic 3003) and edits a scenic source file for a moment (restored
// afterwards), so it runs only with DEV_HOT_RELOAD_TEST=1.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, submitLogin, type Browser } from '../support/browser';
import { ROOT } from '../support/console';

const ENABLED = process.env.DEV_HOT_RELOAD_TEST === '1';
const HOST_URL = 'http://localhost:3000';
const PAGE_FILE = path.join(ROOT, 'remotes/scenic/src/pages/list/index.tsx');
const ORIGINAL_PLACEHOLDER = "placeholder={t('scenic.field.keywordPlaceholder')}";
const EDITED_PLACEHOLDER = "placeholder={`${t('scenic.field.keywordPlaceholder')} (edited)`}";

interface Proc {
  child: ChildProcess;
  log: () => string;
}

function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Proc {
  let output = '';
  // Its own process group: stopping it stops npx/rspack/tsx children too.
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, log: () => output.slice(-4000) };
}

async function stop(proc: Proc | undefined): Promise<void> {
  if (!proc?.child.pid || proc.child.exitCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  process.kill(-proc.child.pid, 'SIGTERM');
  await exited;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitForUrl(url: string, proc: Proc, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`${url}: its process exited with ${proc.child.exitCode}:\n${proc.log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${proc.log()}`);
}

describe.runIf(ENABLED)('dev mode hot reload of a section inside the host', () => {
  const procs: Proc[] = [];
  let dataDir = '';
  let sectionsDir = '';
  let browser: Browser | undefined;
  const original = fs.readFileSync(PAGE_FILE, 'utf8');

  beforeAll(async () => {
    for (const port of [8080, 3000, 3003]) {
      if (await portInUse(port)) throw new Error(`Port ${port} is in use: stop that dev server`);
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dev-hmr-data-'));
    sectionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dev-hmr-sections-'));
    // As `npm run dev` does: the server pins point at the dev servers (DEV_SECTIONS=1).
    const server = start(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], ROOT, {
      DEV_SECTIONS: '1',
      DATA_DIR: dataDir,
      SECTIONS_DIR: sectionsDir,
      PORT: '8080',
      HOST: '127.0.0.1',
    });
    procs.push(server);
    const host = start('npx', ['rspack', 'serve'], path.join(ROOT, 'host'), {});
    procs.push(host);
    const scenic = start('npx', ['rspack', 'serve'], path.join(ROOT, 'remotes/scenic'), {});
    procs.push(scenic);
    await waitForUrl('http://127.0.0.1:8080/api/health', server);
    await waitForUrl(`${HOST_URL}/`, host);
    await waitForUrl('http://localhost:3003/mf-manifest.json', scenic);
    browser = await openBrowser();
  }, 300_000);

  afterAll(async () => {
    fs.writeFileSync(PAGE_FILE, original);
    await browser?.close();
    for (const proc of procs.reverse()) await stop(proc);
    for (const dir of [dataDir, sectionsDir]) {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refreshes an edited scenic component in place, keeping state', async () => {
    expect(original).toContain(ORIGINAL_PLACEHOLDER);
    const page = browser!.page;
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${HOST_URL}/login`);
    await submitLogin(page, 'admin');
    await page.waitForURL(`${HOST_URL}/dashboard/workplace`);
    await page.goto(`${HOST_URL}/scenic/list`);
    await page.locator('[data-section-page="scenic/list"]').waitFor({ timeout: 120_000 });

    const keyword = page.locator('[data-section-page="scenic/list"] input[placeholder]').first();
    const before = (await keyword.getAttribute('placeholder')) ?? '';
    expect(before).not.toBe('');
    await keyword.fill('state kept');
    await page.evaluate(() => {
      (window as unknown as { __marker?: string }).__marker = 'before the edit';
    });
    const loadsBefore = loads;

    try {
      fs.writeFileSync(PAGE_FILE, original.replace(ORIGINAL_PLACEHOLDER, EDITED_PLACEHOLDER));
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('input[placeholder]')].some(
            (input) => (input as HTMLInputElement).placeholder === text,
          ),
        `${before} (edited)`,
        { timeout: 60_000 },
      );
    } finally {
      fs.writeFileSync(PAGE_FILE, original);
    }

    // The same page, not a reload: the marker and the typed text survived.
    expect(loads).toBe(loadsBefore);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'before the edit',
    );
    expect(await keyword.inputValue()).toBe('state kept');
    expect(await keyword.getAttribute('placeholder')).toBe(`${before} (edited)`);
  });
});
