// Data fetching through RTK Query (issue #11 point 5; issue #18 items 3, 10 and 15): the
// maintenance page's spot picker names a spot outside any first page of options; a detail
// page with a bad or missing id shows one not-found state, sends no `NaN` request and shows no
// error toast; a reload keeps a list's filter, sort and page.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

/** Every API request the page sends from now on, and every page error. */
function watch(page: Page) {
  const requests: string[] = [];
  const errors: string[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes('/api/')) requests.push(r.url());
  };
  const onError = (e: Error) => errors.push(e.message);
  page.on('request', onRequest);
  page.on('pageerror', onError);
  return {
    requests,
    errors,
    stop() {
      page.off('request', onRequest);
      page.off('pageerror', onError);
    },
  };
}

const apiGet = <T>(page: Page, url: string) =>
  page.evaluate(async (u) => {
    const res = await fetch(u, { credentials: 'include' });
    return ((await res.json()) as { data: unknown }).data;
  }, url) as Promise<T>;

describe('data fetching as an operator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('names the spot of ?id= in the maintenance picker even when it is past the first options', async () => {
    const { page } = browser;
    // The last spot by code: never among the first page of options (ordered by code).
    const { list, total } = await apiGet<{
      list: { id: number; name: string; code: string }[];
      total: number;
    }>(page, '/api/scenic/spots?pageSize=1&sortField=code&sortOrder=descend');
    expect(total).toBeGreaterThan(20);
    const spot = list[0];
    await page.goto(`${baseUrl}/scenic/maintenance?id=${spot.id}`);
    await page.getByTestId('spot-form').waitFor();
    const picker = page.getByTestId('spot-picker');
    await expect
      .poll(() => picker.locator('.arco-select-view-value').innerText())
      .toBe(`${spot.name}（${spot.code}）`);

    // Typing searches the server: the spot is offered by its code.
    await picker.locator('.arco-select-view').click();
    await picker.locator('input').fill(spot.code);
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: spot.code })
      .first()
      .waitFor();
  });

  for (const path of [
    '/scenic/detail/abc',
    '/scenic/detail/999999',
    '/guide/profile/abc',
    '/guide/profile/999999',
  ]) {
    it(`shows one not-found state for ${path}, no NaN request, no error toast`, async () => {
      const { page } = browser;
      const seen = watch(page);
      await page.goto(`${baseUrl}${path}`);
      const testId = path.startsWith('/scenic')
        ? 'scenic-detail-not-found'
        : 'guide-profile-not-found';
      await page.getByTestId(testId).waitFor();
      // Give any stray request or toast the time to show (the page is already settled).
      await page.waitForLoadState('networkidle');
      seen.stop();
      expect(await page.getByTestId(testId).count()).toBe(1);
      expect(seen.requests.filter((u) => u.includes('NaN'))).toEqual([]);
      const byId = seen.requests.filter((u) => /\/api\/(scenic\/spots|guides)\/\d+/.test(u));
      // A bad id asks nothing; a missing one asks once (not its windows and teams too).
      expect(byId.length).toBe(path.endsWith('abc') ? 0 : 1);
      expect(await page.locator('.arco-message').count()).toBe(0);
      expect(seen.errors).toEqual([]);
    });
  }

  it('keeps the guide list filter, sort and page across a reload', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('search-table-guides').waitFor();
    await page.getByTestId('guide-filter-keyword').fill('G0001');
    await page.getByTestId('guide-filter-keyword').press('Enter');
    await page.waitForURL(/keyword=G0001/);
    const rows = page.locator('tbody tr.arco-table-tr');
    await expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((r) => r.includes('G0001'));
      })
      .toBe(true);
    const rowsBefore = await rows.allInnerTexts();

    await page.reload();
    await page.getByTestId('search-table-guides').waitFor();
    expect(await page.getByTestId('guide-filter-keyword').inputValue()).toBe('G0001');
    await expect.poll(() => rows.allInnerTexts()).toEqual(rowsBefore);
  });

  it('keeps the scenic list page and sort across a reload and back', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/scenic/list?current=2&sortField=code&sortOrder=descend`);
    await page.getByTestId('search-table-scenic-spots').waitFor();
    await expect
      .poll(() => page.locator('.arco-pagination-item-active').first().innerText())
      .toBe('2');
    // The first row's spot code (its other cells may still be turning codes into labels).
    const firstCode = () =>
      page.locator('tbody tr.arco-table-tr').first().locator('td').first().innerText();
    const first = await firstCode();
    await page
      .locator('tbody tr.arco-table-tr')
      .first()
      .locator('button.arco-btn-text')
      .first()
      .click();
    await page.waitForURL(/\/scenic\/detail\/\d+/);
    await page.goBack();
    await page.waitForURL(/current=2/);
    await expect.poll(firstCode).toBe(first);
  });
});
