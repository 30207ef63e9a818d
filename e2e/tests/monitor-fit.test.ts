// The monitor at 1366×800 (issue 26 item 13), as admin: a spot under maintenance shows its
// maintenance state (the capacity during the window, 0 = closed), not a crowding band and a
// load percent; every in-park / capacity figure stays on one line; the dispatch chat's input
// and send button are on the screen without scrolling. The board's in-park / capacity header
// reads on one line at 1366 and 1440 px in both languages and themes (it took three in English).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, settle, type Browser } from '../support/browser';
import { resetSettings, useThemeAndLocale } from '../support/settings';

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

/** The header's full name: its accessible name and tooltip, whatever the column shows. */
const IN_PARK_FULL = {
  'en-US': 'In park / instantaneous capacity',
  'zh-CN': '在园人数 / 瞬时承载量',
} as const;

/**
 * The board's in-park header as laid out: its visible label's lines, and how wide the label is
 * against the room in its cell, counting each CJK character one em (this machine has no CJK
 * font: its fallback boxes are narrower than real glyphs, so the layout alone would not tell).
 */
function inParkHeader(page: Page) {
  const th = page.locator('[data-testid=load-board] thead th').nth(1);
  return th.locator('.arco-table-th-item-title').evaluate((title) => {
    const label = title.querySelector<HTMLElement>('[aria-hidden=true]') ?? title;
    const range = document.createRange();
    range.selectNodeContents(label);
    const lines = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    ).size;
    const style = getComputedStyle(label);
    const text = label.textContent ?? '';
    const cjk = text.match(/[\u2e80-\u9fff\uff00-\uffef]/g)?.length ?? 0;
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = style.font;
    const width =
      ctx.measureText(text.replace(/[\u2e80-\u9fff\uff00-\uffef]/g, '')).width +
      cjk * parseFloat(style.fontSize);
    const cell = title.closest('.arco-table-th-item')!;
    const box = getComputedStyle(cell);
    const room =
      cell.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight) - 0.5;
    return { text, lines, width: Math.ceil(width), room: Math.floor(room) };
  });
}

describe.each([
  [1366, 'en-US', 'light'],
  [1366, 'zh-CN', 'dark'],
  [1440, 'en-US', 'dark'],
  [1440, 'zh-CN', 'light'],
] as const)('the load board header at %i px in %s, %s theme', (width, locale, theme) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width, height: 768 });
    await login(browser.page, baseUrl, 'admin');
    await useThemeAndLocale(browser.page, theme, locale);
  });
  afterAll(async () => {
    await resetSettings(browser.page);
    await browser.close();
  });

  it('the in-park / capacity label on one line, its full name kept, each figure on one line', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/dashboard/monitor`);
    await page.getByTestId('load-board').locator('tbody .arco-table-tr').first().waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe(
      theme === 'dark' ? 'dark' : null,
    );

    const header = await inParkHeader(page);
    expect(header.lines, `"${header.text}" laid out on one line`).toBe(1);
    expect(header.width, `"${header.text}" fits its cell`).toBeLessThanOrEqual(header.room);
    // Nothing is lost: the column header's accessible name is the full text.
    await expect
      .poll(() => page.getByRole('columnheader', { name: IN_PARK_FULL[locale] }).count())
      .toBe(1);

    const figures = await page.locator('[data-testid^="board-count-"]').evaluateAll((els) =>
      els.map((el) => {
        const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 22;
        return el.getBoundingClientRect().height / lineHeight;
      }),
    );
    expect(figures.length).toBeGreaterThan(0);
    expect(Math.max(...figures)).toBeLessThan(1.5);
  });
});
