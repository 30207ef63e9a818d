// Issue 28 item 4: every chart has a text alternative. A drawn chart (ECharts: the workplace's
// market share, the analyses, the multi-analysis, a spot's load today and over 30 days) is an
// image named by its title, followed by a visually hidden table of the same figures captioned
// with the same name; the monitor's load bars are a table of named progress bars with their
// percentage in words. Both languages: the names and column titles come from the locale files.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, visitRoute, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

interface Alternative {
  testId: string;
  role: string | null;
  name: string;
  caption: string;
  hidden: boolean;
  columns: string[];
  rows: string[][];
}

/** Every drawn chart on the page with its hidden table, read as a screen reader would. */
async function chartsOf(page: Page, ids: string[]): Promise<Alternative[]> {
  for (const id of ids) await page.getByTestId(id).waitFor({ state: 'attached' });
  return page.evaluate((testIds) => {
    return testIds.map((testId) => {
      const chart = document.querySelector(`[data-testid="${testId}"]`)!;
      const table = document.querySelector<HTMLTableElement>(`[data-testid="${testId}-table"]`);
      const labelledBy = table?.getAttribute('aria-labelledby');
      const wrapper = table?.parentElement;
      const box = wrapper?.getBoundingClientRect();
      const text = (el: Element) => el.textContent?.trim() ?? '';
      return {
        testId,
        role: chart.getAttribute('role'),
        name: chart.getAttribute('aria-label') ?? '',
        caption: labelledBy ? text(document.getElementById(labelledBy)!) : '',
        // Visually hidden: inside a 1 px box that clips it, not display:none (which would hide
        // it from screen readers too).
        hidden:
          box !== undefined &&
          box.width <= 1 &&
          box.height <= 1 &&
          getComputedStyle(wrapper!).overflow === 'hidden' &&
          getComputedStyle(table!).display !== 'none',
        columns: Array.from(table?.querySelectorAll('thead th') ?? []).map(text),
        rows: Array.from(table?.querySelectorAll('tbody tr') ?? []).map((tr) =>
          Array.from(tr.children).map(text),
        ),
      };
    });
  }, ids);
}

function expectAlternatives(charts: Alternative[]) {
  for (const c of charts) {
    expect(c.role, c.testId).toBe('img');
    expect(c.name.length, `${c.testId} has a name`).toBeGreaterThan(0);
    expect(c.caption, `${c.testId}: its table is captioned with the chart's name`).toBe(c.name);
    expect(c.hidden, `${c.testId}: its table is visually hidden`).toBe(true);
    expect(c.columns.length, c.testId).toBeGreaterThanOrEqual(2);
    expect(
      c.columns.every((t) => t.length > 0),
      `${c.testId}: ${c.columns.join('|')}`,
    ).toBe(true);
    expect(c.rows.length, `${c.testId} has rows`).toBeGreaterThan(0);
    for (const row of c.rows) {
      expect(row.length, c.testId).toBe(c.columns.length);
      expect(row[0].length, `${c.testId}: each row says what it is`).toBeGreaterThan(0);
    }
  }
}

const PAGES: { path: string; charts: string[] }[] = [
  { path: '/dashboard/workplace', charts: ['chart-market-share'] },
  {
    path: '/dashboard/analysis',
    charts: ['chart-visitors', 'chart-peakHours', 'chart-agencies', 'chart-markets'],
  },
  { path: '/dashboard/multi-analysis', charts: ['chart-guides', 'chart-matrix'] },
  { path: '/scenic/detail/3', charts: ['chart-today', 'chart-month'] },
];

describe.each(['zh-CN', 'en-US'] as const)('chart text alternatives, %s', (locale) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.goto(`${baseUrl}/login`);
    await browser.page.evaluate(
      ([k, l]) => localStorage.setItem(k, l),
      [LOCALE_STORAGE_KEY, locale],
    );
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it.each(PAGES.map((p) => [p.path, p]))(
    '%s: each chart is a named image with a hidden table of its figures',
    async (_path, { path, charts }) => {
      const { page } = browser;
      await visitRoute(page, baseUrl, path);
      const found = await chartsOf(page, charts);
      expectAlternatives(found);
      // The names are the locale's: Chinese text in zh-CN, none in en-US.
      const han = /\p{Script=Han}/u;
      for (const c of found)
        expect(han.test(c.name + c.columns.join('')), `${c.testId}: ${c.name}`).toBe(
          locale === 'zh-CN',
        );
    },
  );

  it('the workplace market share: one row a market, its teams and share', async () => {
    const { page } = browser;
    await visitRoute(page, baseUrl, '/dashboard/workplace');
    const [share] = await chartsOf(page, ['chart-market-share']);
    expect(share.rows.length).toBe(3);
    for (const row of share.rows) {
      expect(row[1]).toMatch(/^\d+$/);
      expect(row[2]).toMatch(/^\d+%$/);
    }
  });

  it('/dashboard/monitor: the load bars are a table of named progress bars with their %', async () => {
    const { page } = browser;
    await visitRoute(page, baseUrl, '/dashboard/monitor');
    const board = page.getByTestId('load-board');
    await board.locator('tbody [role=progressbar]').first().waitFor();
    const bars = await board.locator('tbody tr').evaluateAll((rows) =>
      rows.map((tr) => {
        const bar = tr.querySelector('[role=progressbar]');
        return {
          spot: tr.querySelector('td')?.textContent?.trim() ?? '',
          name: bar?.getAttribute('aria-label') ?? null,
          value: bar?.getAttribute('aria-valuenow') ?? null,
          text: tr.textContent ?? '',
        };
      }),
    );
    expect(bars.length).toBeGreaterThan(0);
    for (const b of bars.filter((b) => b.name !== null)) {
      expect(b.name).toContain(b.spot);
      expect(b.value).not.toBeNull();
      expect(b.text).toMatch(/\d+(\.\d+)?%/);
    }
  });
});
