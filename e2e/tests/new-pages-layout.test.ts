// The pages and dialogs added for dispatch and sections (issue 29 §2–3, issue 30): the team
// templates, a team's copy dialog, a guide's work order and the section versions page, at
// 1366 and 1440 px, in both themes and both languages — nothing reaches past the window, no
// button or tag cuts its text, every control the keyboard reaches is on screen and named.
// A screenshot of each is kept (E2E_SCREENSHOT_DIR, else the temp directory).
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, visitRoute, type Browser } from '../support/browser';
import { resetSettings, useThemeAndLocale } from '../support/settings';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? os.tmpdir();

/** What stands out of its place on the page: overflow past the window, clipped text. */
function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const scope = document.querySelector('.arco-modal-wrapper .arco-modal') ?? document.body;
    for (const el of Array.from(scope.querySelectorAll<HTMLElement>('button, .arco-tag'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`clipped: "${el.textContent?.trim()}"`);
      if (r.right > window.innerWidth + 0.5) out.push(`past the edge: "${el.textContent?.trim()}"`);
    }
    return out;
  });
}

/**
 * Tabs through the page (or the open dialog) up to `max` times: every focused control must be
 * inside the window once focused and have a name a screen reader can read.
 */
async function tabFaults(page: Page, max = 25): Promise<string[]> {
  const out: string[] = [];
  await page.locator('body').focus();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const fault = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const named =
        (el.getAttribute('aria-label') ?? '').trim() ||
        (el.getAttribute('aria-labelledby') ?? '').trim() ||
        (el.getAttribute('title') ?? '').trim() ||
        (el.textContent ?? '').trim() ||
        (el as HTMLInputElement).labels?.length ||
        (el.getAttribute('placeholder') ?? '').trim() ||
        el.querySelector('img[alt], svg[aria-label]');
      const where = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`;
      if (
        r.width > 0 &&
        (r.bottom < 0 || r.top > window.innerHeight || r.right > window.innerWidth)
      )
        return `off screen when focused: ${where}`;
      if (!named && el.tagName !== 'DIV') return `no name: ${where}`;
      return null;
    });
    if (fault) out.push(fault);
  }
  return out;
}

const PAGES: { name: string; path: string; ready: string; open?: (page: Page) => Promise<void> }[] =
  [
    { name: 'templates', path: '/team/templates', ready: '[data-section-page]' },
    {
      name: 'copy-dialog',
      path: '/team/detail/12',
      ready: '[data-testid=team-detail]',
      open: async (page) => {
        await page.getByTestId('team-copy').click();
        await page.getByTestId('copy-confirm').waitFor();
        await page.waitForTimeout(400);
      },
    },
    { name: 'work-order', path: '/team/detail/12/work-order', ready: '[data-section-page]' },
    { name: 'section-versions', path: '/section-versions', ready: '.arco-card' },
  ];

describe.each([
  [1366, 'light', 'zh-CN'],
  [1366, 'dark', 'en-US'],
  [1440, 'dark', 'zh-CN'],
  [1440, 'light', 'en-US'],
] as const)('the new pages at %i px, %s, %s', (width, theme, locale) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize({ width, height: 900 });
    await login(browser.page, baseUrl, 'admin');
    await useThemeAndLocale(browser.page, theme, locale);
  });
  afterAll(async () => {
    await resetSettings(browser.page);
    await browser.close();
  });

  it.each(PAGES)(
    '$name: whole, named, reachable by keyboard',
    async ({ name, path: route, ready, open }) => {
      const { page } = browser;
      await visitRoute(page, baseUrl, route);
      await page.locator(ready).first().waitFor();
      await open?.(page);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${theme}-${locale}.png`) });
      expect(await layoutFaults(page)).toEqual([]);
      expect(await tabFaults(page)).toEqual([]);
    },
  );
});
