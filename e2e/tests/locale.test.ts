// Locale (seed §9; issue #4): switching changes every visible string, is stored in
// localStorage with a success notice and survives a reload; an unknown stored value → English.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');
const HAN = /\p{Script=Han}/u;

/**
 * Visible text of the layout and the open drawer, without user data (the avatar's initial) and
 * the operation's data the workplace shows (marked `data-operation-data`: names, spots, notices).
 */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll('.console-layout, .console-settings-drawer')].map(
      (root) => {
        const clone = root.cloneNode(true) as HTMLElement;
        clone
          .querySelectorAll('[data-testid=user-avatar], [data-operation-data]')
          .forEach((e) => e.remove());
        return clone.innerText ?? clone.textContent ?? '';
      },
    );
    return parts.join('\n');
  });
}

async function chooseLocale(page: Page, label: string) {
  await page.getByTestId('locale-select').click();
  await page.locator('.arco-select-option', { hasText: label }).click();
}

describe('locale', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('starts in Chinese and switches every visible string to English with a notice', async () => {
    const { page } = browser;
    expect(await visibleText(page)).toMatch(HAN);
    await chooseLocale(page, 'English');
    await page.locator('.arco-message', { hasText: 'Language switched' }).waitFor();
    await page.locator('.arco-message').waitFor({ state: 'detached' });
    await page.getByTestId('settings-open').click();
    await page.locator('.console-settings-drawer').waitFor({ state: 'visible' });
    const text = await visibleText(page);
    expect(text).toContain('Page settings');
    expect(text.match(/\p{Script=Han}+/gu) ?? []).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('arco-lang'))).toBe('en-US');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  });

  it('survives a reload; the other pages follow', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByTestId('user-setting-page').waitFor();
    expect(await page.getByRole('tab', { name: 'Basic information' }).count()).toBe(1);
    await page.goto(`${baseUrl}/exception/403`);
    expect(await page.getByTestId('exception-403').textContent()).toContain(
      'Your user group lacks authority',
    );
  });

  it('an unknown stored locale falls back to English; back to Chinese', async () => {
    const { page } = browser;
    await page.evaluate(() => localStorage.setItem('arco-lang', 'fr-FR'));
    // A page without the operation's data (spot names and announcements are Chinese text).
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByTestId('user-setting-page').waitFor();
    expect(await visibleText(page)).not.toMatch(HAN);
    await chooseLocale(page, '中文');
    await page.locator('.arco-message', { hasText: '语言切换成功' }).waitFor();
    expect(await visibleText(page)).toMatch(HAN);
  });
});
