// WCAG 2.1.1 in the shared search table: a sortable column's header is a Tab stop, and Enter or
// Space sort it as a click does (ascending → descending → none), through the page's address to
// the server's order; aria-sort says the order, and the focused header shows the console's ring
// (a11y.less) in both themes, whole, not cut by the table's scroll box. On the guide list.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Page as ListPage } from '@console/shared/contracts/envelope';
import type { GuideListItem } from '@console/shared/contracts/guide';
import { api } from '../support/api';
import { motionSettled } from '../support/axe';
import { login, openBrowser, visitRoute, type Browser } from '../support/browser';
import { focusRing, tabTo } from '../support/focus';
import { resetSettings, useThemeAndLocale } from '../support/settings';

const baseUrl = inject('baseUrl');
const HEADER = '[data-testid=search-table-guides] th[aria-sort]';

/** The focused header: its aria-sort and its column's cells on the page, top to bottom. */
function focusedColumn(page: Page) {
  return page.evaluate(() => {
    const th = document.activeElement as HTMLTableCellElement;
    if (th.tagName !== 'TH') return { sort: null, cells: [] as string[] };
    const table = th.closest('.arco-table')!;
    const cells = [...table.querySelectorAll('tbody tr.arco-table-tr')].map(
      (tr) => (tr as HTMLTableRowElement).cells[th.cellIndex]?.innerText.trim() ?? '',
    );
    return { sort: th.getAttribute('aria-sort'), cells };
  });
}

/** The server's first page of ten guides in this order, as the header's column shows it. */
async function serverPage(page: Page, field: string, order?: string): Promise<string[]> {
  const sort = order ? `&sortField=${field}&sortOrder=${order}` : '';
  const data = await api<ListPage<GuideListItem>>(page, 'GET', `/guides?pageSize=10${sort}`);
  return data.list.map((g) => String(g[field as keyof GuideListItem]));
}

describe('sorting the guide list from the keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('Tab reaches a sortable header; Enter, Enter and Space give the server’s ascending, descending and own order', async () => {
    const { page } = browser;
    await visitRoute(page, baseUrl, '/guide/list');
    await tabTo(page, HEADER, 60, { fromStart: true });
    // The first sortable column is the guide's code.
    expect(await focusedColumn(page)).toMatchObject({ sort: 'none' });
    const unsorted = await serverPage(page, 'code');
    expect((await focusedColumn(page)).cells).toEqual(unsorted);

    await page.keyboard.press('Enter');
    await page.waitForURL(/sortField=code&sortOrder=ascend/);
    const ascending = await serverPage(page, 'code', 'ascend');
    // The seed's newest-first page is not already in code order: the sort shows.
    expect(ascending).not.toEqual(unsorted);
    await expect.poll(() => focusedColumn(page)).toEqual({ sort: 'ascending', cells: ascending });

    await page.keyboard.press('Enter');
    await page.waitForURL(/sortField=code&sortOrder=descend/);
    const descending = await serverPage(page, 'code', 'descend');
    await expect.poll(() => focusedColumn(page)).toEqual({ sort: 'descending', cells: descending });

    await page.keyboard.press(' ');
    await page.waitForURL((url) => !url.searchParams.has('sortField'));
    await expect.poll(() => focusedColumn(page)).toEqual({ sort: 'none', cells: unsorted });
    // Space sorted and did not scroll the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A reload keeps the order the keyboard chose, as it does a click's.
    await page.keyboard.press('Enter');
    await page.waitForURL(/sortOrder=ascend/);
    await page.reload();
    await page.locator(HEADER).first().waitFor();
    expect(await page.locator(HEADER).first().getAttribute('aria-sort')).toBe('ascending');
  });
});

describe.each(['light', 'dark'] as const)('the focused sortable header, %s theme', (theme) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    await useThemeAndLocale(browser.page, theme, 'zh-CN');
  });
  afterAll(async () => {
    await resetSettings(browser.page);
    await browser.close();
  });

  it('shows a whole 2 px ring at 3:1 or more', async () => {
    const { page } = browser;
    await visitRoute(page, baseUrl, '/guide/list');
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme') ?? 'light')).toBe(
      theme,
    );
    await tabTo(page, HEADER, 60, { fromStart: true });
    await motionSettled(page, 1000);
    const ring = await focusRing(page);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.ratio).toBeGreaterThanOrEqual(3);
    expect(ring.cut, 'the ring is cut by').toBe('');
    // The ring, for the note (SCREENSHOT_DIR, else the temp dir).
    const box = await page.locator(HEADER).first().boundingBox();
    if (box)
      await page.screenshot({
        path: path.join(process.env.SCREENSHOT_DIR ?? os.tmpdir(), `sort-header-${theme}.png`),
        clip: { x: box.x - 24, y: box.y - 16, width: box.width + 48, height: box.height + 32 },
      });
  });
});
