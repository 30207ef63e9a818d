// Tab bar and breadcrumb (seed §2).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, openFromMenu, type Browser } from '../support/browser';
import { resetSettings, setSetting } from '../support/settings';

const baseUrl = inject('baseUrl');

async function tabPaths(page: Page): Promise<string[]> {
  return page
    .locator('.console-tab')
    .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-path') ?? ''));
}

describe('the layout', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    // From the seed's settings, whatever other tests (or an earlier run against a reused server
    // that stopped before its clean-up) left saved on the operator's account: a hidden menu or
    // navbar, say, and the menu clicks below find nothing.
    await resetSettings(browser.page);
    await browser.page.goto(`${baseUrl}/dashboard/workplace`);
    await browser.page.locator('[data-section-page="dashboard/workplace"]').waitFor();
    // The seed's default hides the tab bar; the account turns it on (an account's saved
    // settings win over the browser's, and other tests save the operator's), then a fresh
    // load starts the tab bar anew.
    await setSetting(browser.page, 'tabBar', true);
    await browser.page.goto(`${baseUrl}/dashboard/workplace`);
  });
  afterAll(async () => {
    await resetSettings(browser.page);
    await browser.close();
  });

  it('the tab bar starts with the workplace, adds visited pages, never the redirect helper', async () => {
    const { page } = browser;
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard/workplace']);
    await openFromMenu(page, '导游管理', 'guide/list');
    await openFromMenu(page, '旅游团管理', 'team/waiting');
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard/workplace', '/guide/list', '/team/waiting']);
    await page.goto(`${baseUrl}/redirect/${encodeURIComponent('/scenic/list')}`);
    await page.locator('[data-section-page="scenic/list"]').waitFor();
    // A full page load starts a new tab bar: the workplace, then where the redirect landed.
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard/workplace', '/scenic/list']);
  });

  it('keeps visited pages alive and switches between them', async () => {
    const { page } = browser;
    await openFromMenu(page, '导游管理', 'guide/list');
    // The router changes the URL before the page; wait for the section's page itself.
    const guidePage = page.locator('[data-tab-page="/guide/list"]');
    await guidePage.locator('[data-section-page="guide/list"]').waitFor();
    // Mark the kept-alive guide page's DOM, go away and come back through the tab.
    await guidePage.evaluate((el) => el.setAttribute('data-kept', 'yes'));
    await page.locator('.console-tab[data-path="/scenic/list"]').click();
    await page.waitForURL(`${baseUrl}/scenic/list`);
    await expect.poll(() => guidePage.isVisible()).toBe(false);
    await page.locator('.console-tab[data-path="/guide/list"]').click();
    await page.waitForURL(`${baseUrl}/guide/list`);
    await expect.poll(() => guidePage.isVisible()).toBe(true);
    expect(await page.locator('[data-tab-page="/guide/list"]').getAttribute('data-kept')).toBe(
      'yes',
    );
  });

  it('reload mounts the page afresh, through the redirect helper, without a new tab', async () => {
    const { page } = browser;
    await page.locator('.console-tab[data-path="/guide/list"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '重新加载' }).click();
    await page.waitForURL(`${baseUrl}/guide/list`);
    await page.locator('[data-tab-page="/guide/list"] [data-section-page="guide/list"]').waitFor();
    expect(
      await page.locator('[data-tab-page="/guide/list"]').getAttribute('data-kept'),
    ).toBeNull();
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard/workplace', '/scenic/list', '/guide/list']);
  });

  it('close and close others', async () => {
    const { page } = browser;
    await openFromMenu(page, '旅游团管理', 'team/ongoing');
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard/workplace', '/scenic/list', '/guide/list', '/team/ongoing']);
    // Closing the active tab goes to its neighbour.
    await page.locator('.console-tab[data-path="/team/ongoing"] .arco-tag-close-btn').click();
    await page.waitForURL(`${baseUrl}/guide/list`);
    await expect
      .poll(() => tabPaths(page))
      .toEqual(['/dashboard/workplace', '/scenic/list', '/guide/list']);
    await page.locator('.console-tab[data-path="/scenic/list"]').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(`${baseUrl}/scenic/list`);
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard/workplace', '/scenic/list']);
  });

  it('the breadcrumb links every item but the last', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/detail/5`);
    const breadcrumb = page.getByTestId('breadcrumb');
    await breadcrumb.waitFor();
    const items = breadcrumb.locator('.arco-breadcrumb-item');
    expect(await items.allTextContents()).toEqual(['旅游团管理', '旅游团详情']);
    expect(await items.nth(0).locator('a').getAttribute('href')).toBe('/team');
    expect(await items.nth(1).locator('a').count()).toBe(0);
    // The section link opens the section's first page the role may see.
    await items.nth(0).locator('a').click();
    await page.waitForURL(`${baseUrl}/team/waiting`);
    await expect
      .poll(() => page.getByTestId('breadcrumb').locator('.arco-breadcrumb-item').allTextContents())
      .toEqual(['旅游团管理', '待分配']);
  });
});
