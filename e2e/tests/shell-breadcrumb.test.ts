// The user centre, user settings and messages show the breadcrumb every section page shows
// (seed §2: every item but the last is a link), in both languages; they had none.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, visitRoute, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

const PAGES: Record<'zh-CN' | 'en-US', [path: string, title: string][]> = {
  'zh-CN': [
    ['/user/info', '用户中心'],
    ['/user/setting', '用户设置'],
    ['/messages', '消息中心'],
  ],
  'en-US': [
    ['/user/info', 'User centre'],
    ['/user/setting', 'User settings'],
    ['/messages', 'Messages'],
  ],
};
const ACCOUNT = { 'zh-CN': '个人中心', 'en-US': 'My account' } as const;

describe.each(['zh-CN', 'en-US'] as const)('the user menu’s pages in %s', (locale) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.goto(`${baseUrl}/login`);
    await browser.page.evaluate(({ key, locale }) => localStorage.setItem(key, locale), {
      key: LOCALE_STORAGE_KEY,
      locale,
    });
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it.each(PAGES[locale])('%s: my account (a link to the user centre) / %s', async (path, title) => {
    const { page } = browser;
    await visitRoute(page, baseUrl, path);
    const items = page.getByTestId('breadcrumb').locator('.arco-breadcrumb-item');
    expect(await items.allTextContents()).toEqual([ACCOUNT[locale], title]);
    expect(await items.nth(0).locator('a').getAttribute('href')).toBe('/user/info');
    expect(await items.nth(1).locator('a').count()).toBe(0);
    await items.nth(0).locator('a').click();
    await page.waitForURL(`${baseUrl}/user/info`);
    await expect
      .poll(() => page.getByTestId('breadcrumb').locator('.arco-breadcrumb-item').allTextContents())
      .toEqual([ACCOUNT[locale], PAGES[locale][0][1]]);
  });
});
