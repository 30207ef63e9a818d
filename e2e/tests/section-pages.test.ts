// A section's pages travel with the section (issue 17): a new build of one section declares an
// extra page; publishing and pinning it while the console runs puts the page in the menu after
// a reload, reachable by those its permission admits — no host rebuild, no server restart. A
// rollback takes it away again, and the section's other pages keep working.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  menuKeys,
  openBrowser,
  submitLogin,
  type Browser,
  type DemoRole,
} from '../support/browser';
import {
  buildSection,
  buildSectionWithPage,
  startVersionsConsole,
  type VersionsConsole,
} from '../support/sectionVersions';

const REPORT = {
  key: 'scenic/report',
  path: '/scenic/report',
  title: { 'zh-CN': '景点报表', 'en-US': 'Scenic report' },
  order: 1,
  // Admin and operator hold it; the user does not (contracts/permissions.ts).
  permission: 'scenic:maintain',
  component: `export default function ScenicReport() {
  return <div data-testid="e2e-scenic-report">Scenic report</div>;
}
`,
};

let running: VersionsConsole;
let plain: string;
let withReport: string;
const browsers: Browser[] = [];
const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-scenic-builds-'));

async function signedIn(role: DemoRole): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  await browser.page.goto(`${running.baseUrl}/login`);
  await submitLogin(browser.page, role);
  await browser.page.waitForURL(`${running.baseUrl}/dashboard/workplace`);
  return browser.page;
}

async function confirmWithReason(page: Page, reason: string) {
  const modal = page.locator('.arco-modal');
  await modal.waitFor();
  await modal.locator('textarea').fill(reason);
  await modal.locator('.arco-btn-primary, .arco-btn-status-warning').last().click();
  await modal.waitFor({ state: 'detached' });
}

async function openVersionsPage(page: Page) {
  await page.goto(`${running.baseUrl}/section-versions`);
  await page.getByTestId('section-versions-page').waitFor();
}

const scenicMenu = async (page: Page) =>
  (await menuKeys(page)).filter((key) => key.startsWith('scenic/'));

beforeAll(async () => {
  const id = Date.now().toString(36);
  plain = buildSection('scenic', `e2e${id}p`, builds).version;
  withReport = buildSectionWithPage('scenic', `e2e${id}r`, builds, REPORT).version;
  running = await startVersionsConsole(
    [path.join(builds, plain), path.join(builds, withReport)],
    'scenic',
  );
}, 600_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await running?.stop();
  fs.rmSync(builds, { recursive: true, force: true });
});

describe('a new page shipped by publishing and pinning its section', () => {
  let admin: Page;
  let operator: Page;

  it('shows, per version, the pages it declares and what it adds to the pinned one', async () => {
    admin = await signedIn('admin');
    await openVersionsPage(admin);
    await admin.getByTestId(`pin-scenic-${plain}`).click();
    await confirmWithReason(admin, 'e2e: the plain build first');
    await admin.getByTestId('pinned-scenic').getByText(plain).waitFor();
    const pages = admin.getByTestId(`pages-scenic-${withReport}`);
    await pages.getByText(/^(adds|新增) \/scenic\/report$/).waitFor();
    expect(await admin.getByTestId(`pages-scenic-${plain}`).textContent()).not.toMatch(/adds|新增/);
  });

  it('is not there before the pin: the menu lacks it and its path is not found', async () => {
    operator = await signedIn('operator');
    expect(await scenicMenu(operator)).toEqual(['scenic/list', 'scenic/maintenance']);
    await operator.goto(`${running.baseUrl}/scenic/report`);
    await operator.getByTestId('not-found').waitFor();
  });

  it('after the pin and a reload it is in the menu and opens, for the roles holding its code', async () => {
    await openVersionsPage(admin);
    await admin.getByTestId(`pin-scenic-${withReport}`).click();
    await confirmWithReason(admin, 'e2e: ship the report');
    await admin.getByTestId('pinned-scenic').getByText(withReport).waitFor();

    // The operator's console was running all along: a reload reads the new pins.
    await operator.goto(`${running.baseUrl}/scenic/list`);
    expect(await scenicMenu(operator)).toEqual([
      'scenic/list',
      'scenic/maintenance',
      'scenic/report',
    ]);
    await operator.locator('[data-route="scenic/report"]').click();
    await operator.waitForURL(`${running.baseUrl}/scenic/report`);
    await operator.getByTestId('e2e-scenic-report').waitFor();
    // Breadcrumb and tab title come from the pinned pages too.
    expect(await operator.getByTestId('breadcrumb').textContent()).toMatch(
      /景点报表|Scenic report/,
    );

    // The user does not hold scenic:maintain: no menu entry, and a deep link is sent away.
    const user = await signedIn('user');
    expect(await scenicMenu(user)).toEqual(['scenic/list']);
    await user.goto(`${running.baseUrl}/scenic/report`);
    await user.waitForURL(`${running.baseUrl}/dashboard/workplace`);
    expect(await user.getByTestId('e2e-scenic-report').count()).toBe(0);
  });

  it('a rollback takes the page away; a user on it gets not-found next; the old pages work', async () => {
    await openVersionsPage(admin);
    await admin.getByTestId('rollback-scenic').click();
    await confirmWithReason(admin, 'e2e: the report is wrong');
    await admin.getByTestId('pinned-scenic').getByText(plain).waitFor();

    // The operator still sits on the report (loaded before the rollback) and moves on.
    await operator.goto(`${running.baseUrl}/scenic/report`);
    await operator.getByTestId('not-found').waitFor();
    expect(await scenicMenu(operator)).toEqual(['scenic/list', 'scenic/maintenance']);
    await operator.goto(`${running.baseUrl}/scenic/list`);
    await operator.locator('[data-section-page="scenic/list"]').waitFor();
    await operator.goto(`${running.baseUrl}/scenic/maintenance`);
    await operator.locator('[data-section-page="scenic/maintenance"]').waitFor();
  });
});
