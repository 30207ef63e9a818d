// The monitor at 1366×800 (issue 26 item 13), as admin: a spot under maintenance shows its
// maintenance state (the capacity during the window, 0 = closed), not a crowding band and a
// load percent; every in-park / capacity figure stays on one line; the dispatch chat's input
// and send button are on the screen without scrolling.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

describe('the monitor on a 1366×800 screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width: 1366, height: 800 });
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('shows maintenance instead of a band, figures on one line, the chat input in view', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/dashboard/monitor`);
    await page.getByTestId('load-board').locator('tbody .arco-table-tr').first().waitFor();
    const board = await page.evaluate(
      async () => (await (await fetch('/api/monitor/board')).json()).data,
    );
    const spots = board.spots as {
      id: number;
      status: string;
      maintenance: { capacity: number } | null;
    }[];
    const under = spots.find((s) => s.maintenance !== null);
    expect(under, 'the demo data has a spot under maintenance').toBeTruthy();
    const band = page.getByTestId(`board-band-${under!.id}`);
    await band.scrollIntoViewIfNeeded();
    const text = await band.innerText();
    expect(text).toBe(
      under!.maintenance!.capacity === 0
        ? '关闭'
        : `限 ${under!.maintenance!.capacity.toLocaleString('zh-CN')} 人`,
    );
    const row = page.locator('.arco-table-tr', { has: band });
    expect(await row.locator('.arco-progress').count()).toBe(0);
    expect(await row.innerText()).toContain('维护至');

    // One line each: a figure's box is no taller than one line of its text.
    const heights = await page.locator('[data-testid^="board-count-"]').evaluateAll((els) =>
      els.map((el) => {
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 22;
        return el.getBoundingClientRect().height / lineHeight;
      }),
    );
    expect(heights.length).toBe(spots.length);
    expect(Math.max(...heights)).toBeLessThan(1.5);

    await page.evaluate(() => window.scrollTo(0, 0));
    const input = page.getByRole('textbox', { name: /发消息/ });
    const send = page.getByRole('button', { name: /发\s*送/ });
    for (const el of [input, send]) {
      const box = await el.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
    }
  });
});
