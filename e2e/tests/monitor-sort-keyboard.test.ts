// WCAG 2.1.1 on the monitor's load board (a table of its own, outside the search table): the
// load column's header is a Tab stop, says its order (busiest first when the page opens), and
// Enter sorts it as a click does (descending → none → ascending). The monitor is the admin's.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { tabTo } from '../support/focus';

const baseUrl = inject('baseUrl');
const HEADER = '[data-testid=load-board] th[aria-sort]';

/** The focused header's order, and the load of each row that shows one, top to bottom. */
function board(page: Page) {
  return page.evaluate(() => {
    const th = document.activeElement as HTMLElement;
    const loads = [
      ...document.querySelectorAll('[data-testid=load-board] tbody [role=progressbar]'),
    ].map((bar) => Number(bar.getAttribute('aria-valuenow')));
    return { focused: th.tagName, sort: th.getAttribute('aria-sort'), loads };
  });
}

const ordered = (values: number[], direction: 1 | -1) =>
  values.every((v, i) => i === 0 || (v - values[i - 1]) * direction >= 0);

describe('the monitor’s load board from the keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('Tab reaches the load header; Enter cycles busiest first, unsorted, quietest first', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/dashboard/monitor`);
    await page.getByTestId('load-board').locator('tbody [role=progressbar]').first().waitFor();
    await tabTo(page, HEADER, 60, { fromStart: true });

    const first = await board(page);
    expect(first).toMatchObject({ focused: 'TH', sort: 'descending' });
    expect(first.loads.length).toBeGreaterThan(2);
    // The demo's loads differ, so an order shows.
    expect(new Set(first.loads).size).toBeGreaterThan(1);
    expect(ordered(first.loads, -1), first.loads.join(' ')).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(async () => (await board(page)).sort).toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await board(page)).sort).toBe('ascending');
    const last = await board(page);
    expect(last.focused).toBe('TH');
    expect(ordered(last.loads, 1), last.loads.join(' ')).toBe(true);
  });
});
