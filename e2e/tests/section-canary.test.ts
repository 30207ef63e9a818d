// A canary that breaks is rolled back by itself (issue 30), in real browsers: a scenic version
// whose list page throws is canaried at 50 %; users on it meet the error, their browsers report
// it; once it served the minimum sessions and erred beyond the margin the server aborts it, the
// section administrators get a message with the version, the errors and the figures, and the
// users on it get the pinned version on their next navigation.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser as PwBrowser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canaryBucket } from '@console/shared/contracts/sections';
import { CHROMIUM, openBrowser, openFromMenu, submitLogin, type Browser } from '../support/browser';
import { ROOT } from '../support/console';
import {
  buildSection,
  buildSectionWithThrowingPage,
  startVersionsConsole,
  type VersionsConsole,
} from '../support/sectionVersions';

const CRASH = 'e2e canary crash: the spot list exploded';
const ENV = 'development';
const SHOTS = '/work/notes/shots';

let running: VersionsConsole;
let good: string;
let bad: string;
let admin: Browser;
/** One Chromium for the users, a context each. */
let users: PwBrowser | null = null;
const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-canary-builds-'));

/** `/api<url>` as the page's user (its session and the CSRF header). */
async function call<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${running.baseUrl}/api${url}`, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 20000) throw new Error(`${method} ${url}: ${res.status()} ${body.msg}`);
  return body.data;
}

async function saveConfig(key: string, value: unknown) {
  const entries = await call<{ key: string; version: number }[]>(
    admin.page,
    'GET',
    '/system-config',
  );
  const { version } = entries.find((e) => e.key === key)!;
  await call(admin.page, 'PUT', '/system-config', { changes: [{ key, value, version }] });
}

async function scenicPin() {
  const envs = await call<
    { name: string; pins: { scenic?: { version: string; canary: { version: string } | null } } }[]
  >(admin.page, 'GET', '/sections/environments');
  return envs.find((e) => e.name === ENV)!.pins.scenic!;
}

let seq = 0;
/** A new `user` account past its first password change; its id decides its bucket. */
async function newUser() {
  const username = `canary${Date.now() % 1_000_000}${seq++}`;
  const { user } = await call<{ user: { id: number } }>(admin.page, 'POST', '/system/users', {
    username,
    name: '灰度用户',
    roles: ['user'],
    password: 'Start1234',
  });
  return { id: user.id, username, onCanary: canaryBucket(user.id, ENV, 'scenic') < 50 };
}

/** The user signed in, in a browser context of its own (cookies apart from the others'). */
async function signedInPage(user: { username: string }) {
  const context = await users!.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await call(page, 'POST', '/user/login', { username: user.username, password: 'Start1234' });
  await call(page, 'POST', '/user/password', {
    oldPassword: 'Start1234',
    newPassword: 'Canary123',
  });
  return page;
}

const step = (what: string) => console.log(`${new Date().toISOString()} ${what}`);

/** Opens the spot list; answers the scenic version the page loaded and whether it broke. */
async function openSpotList(page: Page) {
  const entry = page.waitForResponse((r) =>
    /\/sections\/scenic\/[^/]+\/remoteEntry\.js/.test(r.url()),
  );
  await page.goto(`${running.baseUrl}/scenic/list`);
  const version = decodeURIComponent(/\/sections\/scenic\/([^/]+)\//.exec((await entry).url())![1]);
  const outcome = await Promise.race([
    page
      .getByTestId('section-error')
      .waitFor()
      .then(() => 'broken' as const),
    page
      .locator('[data-section-page="scenic/list"]')
      .waitFor()
      .then(() => 'shown' as const),
  ]);
  return { version, broken: outcome === 'broken' };
}

/** Opens a page from the side menu (in the page's language, zh-CN by default). */
async function menuTo(page: Page, section: string, key: string) {
  const declared = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'remotes', section, 'src', 'pages.json'), 'utf8'),
  ) as { title: Record<string, string> };
  await openFromMenu(page, declared.title['zh-CN'], key);
}

/** Waits until the browser's batched report has been answered. */
const reported = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/sections/reports') && r.status() === 200, {
    timeout: 15_000,
  });

beforeAll(async () => {
  const id = Date.now().toString(36);
  const first = buildSection('scenic', `e2e${id}ok`, builds);
  const second = buildSectionWithThrowingPage(
    'scenic',
    `e2e${id}bad`,
    builds,
    'scenic/list',
    CRASH,
  );
  good = first.version;
  bad = second.version;
  running = await startVersionsConsole([first.dir, second.dir], 'scenic');
  admin = await openBrowser();
  users = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  await admin.page.goto(`${running.baseUrl}/login`);
  await submitLogin(admin.page, 'admin');
  await admin.page.waitForURL(`${running.baseUrl}/dashboard/workplace`);
  await call(admin.page, 'POST', '/sections/scenic/pin', {
    environment: ENV,
    version: good,
    reason: 'e2e: the good build',
  });
  // Judged after two canary sessions, on a 20-point margin.
  await saveConfig('sections.canary.minSessions', 2);
  await saveConfig('sections.canary.marginPercent', 20);
});

afterAll(async () => {
  await users?.close();
  await admin?.close();
  await running?.stop();
  fs.rmSync(builds, { recursive: true, force: true });
});

describe('a canary that breaks', () => {
  it(
    'is started from the page, shows its error rate, and rolls back by itself with a message',
    { timeout: 400_000 },
    async () => {
      const { page } = admin;
      // Start the canary at 50 % from the Section versions page.
      await page.goto(`${running.baseUrl}/section-versions`);
      await page.getByTestId('section-versions-page').waitFor();
      step('versions page open');
      await page.getByTestId(`canary-scenic-${bad}`).click();
      const modal = page.locator('.arco-modal');
      await modal.locator('.arco-input-number input').fill('50');
      await modal.locator('.arco-input-number input').press('Tab');
      await modal.locator('textarea').fill('e2e: try the new spot list');
      await modal.locator('.arco-btn-primary').last().click();
      await modal.waitFor({ state: 'detached' });
      await page.getByTestId('canary-scenic').getByText(`${bad} · 50%`).waitFor();

      // Users until two are on the canary and one is not.
      step('canary started; creating users');
      const accounts: Awaited<ReturnType<typeof newUser>>[] = [];
      while (
        accounts.filter((u) => u.onCanary).length < 2 ||
        accounts.filter((u) => !u.onCanary).length < 1
      ) {
        accounts.push(await newUser());
      }
      const onCanary = await Promise.all(
        accounts
          .filter((u) => u.onCanary)
          .slice(0, 2)
          .map(async (u) => ({ ...u, page: await signedInPage(u) })),
      );
      const outside = accounts.find((u) => !u.onCanary)!;
      const onPin = [{ ...outside, page: await signedInPage(outside) }];
      step('users signed in');

      // The pinned users' list works.
      expect(await openSpotList(onPin[0].page)).toEqual({ version: good, broken: false });
      step('pinned user fine');
      // The first canary user meets the crash; the browser reports it. One canary session is
      // below the minimum of two: the canary stays.
      const firstReport = reported(onCanary[0].page);
      expect(await openSpotList(onCanary[0].page)).toEqual({ version: bad, broken: true });
      await firstReport;
      step('first canary user reported');
      expect((await scenicPin()).canary).toMatchObject({ version: bad });

      // The page shows the canary beside the pin with their error rates (the screenshot).
      await page.reload();
      await page.getByTestId('health-table').waitFor();
      await page.getByTestId(`error-rate-scenic-${bad}`).getByText('100%').waitFor();
      await page.getByTestId(`error-rate-scenic-${good}`).getByText('0%').waitFor();
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 1440, height: 1800 });
      await page.screenshot({
        path: path.join(SHOTS, 'section-versions-canary.png'),
        fullPage: true,
      });

      // The second canary user meets it too: 2 of 2 canary sessions against 0 of 1 → aborted.
      const secondReport = reported(onCanary[1].page);
      expect(await openSpotList(onCanary[1].page)).toEqual({ version: bad, broken: true });
      await secondReport;
      step('second canary user reported');
      await expect.poll(async () => (await scenicPin()).canary, { timeout: 10_000 }).toBeNull();
      expect((await scenicPin()).version).toBe(good);

      // No forced reload: the canary user's page stays as it was until they navigate; their next
      // navigation (from the menu) loads the page afresh on the pinned version.
      const user = onCanary[1].page;
      await user.getByTestId('section-error').waitFor();
      const freshLoad = user.waitForEvent('load', { timeout: 15_000 });
      await menuTo(user, 'dashboard', 'dashboard/workplace');
      await freshLoad;
      await user.locator('[data-section-page="dashboard/workplace"]').waitFor();
      const entry = user.waitForResponse((r) =>
        /\/sections\/scenic\/[^/]+\/remoteEntry\.js/.test(r.url()),
      );
      await menuTo(user, 'scenic', 'scenic/list');
      expect(decodeURIComponent((await entry).url())).toContain(`/sections/scenic/${good}/`);
      await user.locator('[data-section-page="scenic/list"]').waitFor();
      expect(await user.getByTestId('section-error').count()).toBe(0);

      step('the canary user is back on the pinned version');
      // Every section administrator is told: which version, which errors, which figures.
      const messages = await call<{ list: { title: string; content: string }[] }>(
        page,
        'GET',
        '/message/list?type=message&pageSize=10',
      );
      const told = messages.list.find((m) => m.title.includes(bad));
      expect(told).toBeDefined();
      expect(told!.content).toContain(CRASH);
      expect(told!.content).toContain('100.0%');
      expect(told!.content).toContain(good);

      // The history shows the automatic rollback.
      await page.reload();
      const history = page.getByTestId('history-table');
      await history
        .getByText(/自动回滚|rolled back by itself/)
        .first()
        .waitFor();
      await page.screenshot({
        path: path.join(SHOTS, 'section-versions-canary-rolled-back.png'),
        fullPage: true,
      });
    },
  );
});
