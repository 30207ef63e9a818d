// A section whose bundle cannot be fetched fails alone, inside the shell, and retry recovers.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, openFromMenu, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

describe('an unreachable section', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('shows an error panel with retry in the shell while the rest works; retry recovers', async () => {
    const { page } = browser;
    await page.route('**/sections/guide/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('section-error').waitFor();
    // The shell is still there: menu, navbar, breadcrumb.
    await page.getByTestId('section-menu').waitFor();
    await page.getByTestId('breadcrumb').waitFor();

    // Another section works.
    await openFromMenu(page, '旅游团管理', 'team/waiting');
    await page.locator('[data-section-page="team/waiting"]').waitFor();

    // Back to the broken one: still failing, then reachable again and retried in place.
    await openFromMenu(page, '导游管理', 'guide/list');
    await page.getByTestId('section-error').waitFor();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.unroute('**/sections/guide/**');
    await page.getByTestId('section-retry').click();
    await page.locator('[data-section-page="guide/list"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );
  });
});
