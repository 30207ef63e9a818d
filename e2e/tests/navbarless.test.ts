// Issue #18 item 15: with the navbar hidden, the floating settings button's drawer offers
// language, messages and logout; the colour picker's popover keeps clear of the viewport edge.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, type Browser } from '../support/browser';
import { resetSettings, setSetting } from '../support/settings';

const baseUrl = inject('baseUrl');

describe('without the navbar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(async () => {
    await resetSettings(browser.page).catch(() => undefined);
    await browser.close();
  });

  it('the colour picker opens inside the viewport, not flush against its edge', async () => {
    const { page } = browser;
    await page.getByTestId('settings-open').click();
    await page.locator('.console-settings-drawer').waitFor({ state: 'visible' });
    await page.getByTestId('setting-themeColor').locator('.arco-color-picker').click();
    const popup = page.locator('.arco-color-picker-panel').first();
    await popup.waitFor();
    const box = (await popup.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(box.x + box.width).toBeLessThanOrEqual(width - 8);
    await page.reload();
    await page.locator('[data-section-page]').first().waitFor();
  });

  it('the floating button offers language, messages and logout', async () => {
    const { page } = browser;
    await setSetting(page, 'navbar', false);
    await page.keyboard.press('Escape');
    await page.locator('.console-settings-drawer').waitFor({ state: 'hidden' });
    expect(await page.locator('.console-layout-navbar').count()).toBe(0);

    await page.getByTestId('settings-float').click();
    await page.getByTestId('navbarless-actions').waitFor();
    await page.getByTestId('drawer-locale-select').click();
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: 'English' })
      .click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');

    await page.getByTestId('drawer-messages').click();
    await page.waitForURL(`${baseUrl}/messages`);

    await page.getByTestId('settings-float').click();
    await page.getByTestId('drawer-locale-select').click();
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: '中文' })
      .click();
    await resetSettings(page);
    await page.getByTestId('drawer-logout').click();
    await page.waitForURL(`${baseUrl}/login`);
  });
});
