// Issue #18 items 14 and 15: at 1366 and 1440 px wide, in both languages, no filter label runs
// over two lines, no row action is clipped, no code breaks mid-token, and the licence-expiry tag
// is not hidden under the fixed actions column.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, settle, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.locator(`[data-testid=${testId}]`).waitFor();
  await settle(page);
}

/** Filter labels taller than two lines of their own text. */
function tallLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '[data-testid=search-table-filter] .arco-form-label-item > label',
      ),
    )
      .filter((label) => {
        const style = getComputedStyle(label);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5715;
        return label.getBoundingClientRect().height > 2 * line + 1;
      })
      .map((label) => label.textContent ?? ''),
  );
}

/** Texts inside `selector` that the browser laid out on more than one line. */
function brokenTokens(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(el.textContent ?? '');
    }
    return out;
  }, selector);
}

/**
 * Latin words and numbers inside `selector` broken across two lines ("Interme|diate",
 * "30,02|1"): a word may move to the next line whole, never split.
 */
function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll(sel))) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of (node.textContent ?? '').matchAll(/[A-Za-z0-9][A-Za-z0-9,.:+-]*/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  }, selector);
}

/** Row actions whose button runs past the edge of its cell or of the table. */
function clippedActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const table = document.querySelector('.arco-table-content-inner, .arco-table-container');
    const edge = table?.getBoundingClientRect().right ?? Infinity;
    for (const cell of Array.from(document.querySelectorAll('td.arco-table-col-fixed-right'))) {
      const box = cell.getBoundingClientRect();
      for (const button of Array.from(cell.querySelectorAll('button'))) {
        const r = button.getBoundingClientRect();
        if (r.right > Math.min(box.right, edge) + 0.5 || button.scrollWidth > button.clientWidth)
          out.push(button.textContent ?? '');
      }
    }
    return out;
  });
}

/** Tags (licence expiry, a log row's result) that reach under the fixed actions column. */
function coveredTags(page: Page, testId = 'licence-tag'): Promise<string[]> {
  return page.evaluate((testId) => {
    const out: string[] = [];
    for (const row of Array.from(document.querySelectorAll('tbody tr'))) {
      const fixed = row.querySelector('td.arco-table-col-fixed-right');
      if (!fixed) continue;
      const left = fixed.getBoundingClientRect().left;
      for (const tag of Array.from(row.querySelectorAll(`[data-testid=${testId}]`))) {
        const r = tag.getBoundingClientRect();
        // Before any sideways scrolling every tag is whole, left of the fixed column.
        if (r.right > left + 0.5) out.push(tag.textContent ?? '');
      }
    }
    return out;
  }, testId);
}

describe.each([
  [1366, 'zh-CN'],
  [1366, 'en-US'],
  [1440, 'zh-CN'],
  [1440, 'en-US'],
] as const)('the lists at %i px in %s', (width, locale) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width, height: 900 });
    await browser.page.goto(`${baseUrl}/login`);
    await browser.page.evaluate(({ key, locale }) => localStorage.setItem(key, locale), {
      key: LOCALE_STORAGE_KEY,
      locale,
    });
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('the guide list: labels, actions, codes and licence tags stay whole', async () => {
    const { page } = browser;
    await open(page, '/guide/list', 'guide-table');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    expect(await tallLabels(page)).toEqual([]);
    expect(await clippedActions(page)).toEqual([]);
    expect(await coveredTags(page)).toEqual([]);
    expect(await brokenTokens(page, 'tbody td:first-child .arco-table-cell')).toEqual([]);
    expect(await brokenWords(page, 'tbody .arco-table-cell')).toEqual([]);
    expect(await page.locator('[data-testid=licence-tag]').count()).toBeGreaterThan(0);
  });

  it('the scenic list: labels on at most two lines, codes on one', async () => {
    const { page } = browser;
    await open(page, '/scenic/list', 'scenic-list');
    expect(await tallLabels(page)).toEqual([]);
    // The row actions stay in view, fixed at the right edge while the table scrolls.
    expect(await page.locator('td.arco-table-col-fixed-right button').count()).toBeGreaterThan(0);
    expect(await clippedActions(page)).toEqual([]);
    expect(await brokenTokens(page, 'tbody td:first-child .arco-table-cell')).toEqual([]);
    expect(await brokenWords(page, 'tbody .arco-table-cell')).toEqual([]);
  });

  it('the allocation page: the waiting list stays in its half, its headers on one line', async () => {
    const { page } = browser;
    await open(page, '/guide/allocation', 'waiting-teams');
    // How far the waiting teams' table reaches past its column (it scrolls inside instead).
    const overrun = () =>
      page.evaluate(() => {
        const list = document.querySelector('[data-testid=waiting-teams]')!;
        const col = list.closest('.arco-col')!;
        const right =
          col.getBoundingClientRect().right - parseFloat(getComputedStyle(col).paddingRight);
        return list.querySelector('.arco-table')!.getBoundingClientRect().right - right;
      });
    expect(await overrun()).toBeLessThanOrEqual(0.5);
    // However wide a row's content (a long itinerary in a wider font), the table scrolls in
    // its half: a 1 500 px cell is written into the first row.
    await page.evaluate(() => {
      const cell = document.querySelector('[data-testid=waiting-teams] tbody td:last-child');
      const wide = document.createElement('div');
      wide.style.width = '1500px';
      wide.style.height = '1px';
      cell!.appendChild(wide);
    });
    expect(await overrun()).toBeLessThanOrEqual(0.5);
    expect(await page.locator('[data-testid=waiting-teams] tbody tr').count()).toBeGreaterThan(0);
    expect(
      await brokenTokens(page, '[data-testid=waiting-teams] thead .arco-table-th-item-title'),
    ).toEqual([]);
  });

  it('the operation log: every row’s result in view beside the fixed actions column', async () => {
    const { page } = browser;
    await open(page, '/system/operation-log', 'operation-log');
    await page.locator('[data-testid=log-result]').first().waitFor();
    expect(await coveredTags(page, 'log-result')).toEqual([]);
    expect(await clippedActions(page)).toEqual([]);
  });

  it('the section versions: a version, time or commit never runs into the next column', async () => {
    const { page } = browser;
    await open(page, '/section-versions', 'versions-table');
    await page.locator('[data-testid=versions-table] tbody .console-token').first().waitFor();
    const overruns = await page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLElement>('[data-testid=versions-table] tbody td'),
      ).flatMap((td) =>
        Array.from(td.querySelectorAll<HTMLElement>('.console-token'))
          .filter((el) => el.getBoundingClientRect().right > td.getBoundingClientRect().right + 0.5)
          .map((el) => el.textContent ?? ''),
      ),
    );
    expect(overruns).toEqual([]);
  });

  it('the scenic detail: the code on one line', async () => {
    const { page } = browser;
    await open(page, '/scenic/detail/3', 'detail-load');
    const codes = await brokenTokens(page, '[data-testid=spot-code]');
    expect(await page.getByTestId('spot-code').count()).toBe(1);
    expect(codes).toEqual([]);
    // Two columns of descriptions beside the live load card, none of them squeezed into
    // words broken in two (Arco fell back to three columns at 1366 and 1440 px).
    expect(await brokenWords(page, '.arco-descriptions-item-value')).toEqual([]);
  });
});
