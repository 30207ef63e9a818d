// Issue 28 item 5: with `prefers-reduced-motion: reduce`, nothing on the console moves — the
// page's own transitions (the content sliding with the side menu, drawers and dialogs sliding
// and fading in, buttons' colour fades) and NProgress's bar (it neither trickles nor slides).
// Measured as computed animation and transition durations in the browser; the same pages
// without the preference are the control (they do animate, so the check can fail).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, visitRoute, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

/** What is left of a motion once reduced (seconds): a11y.less sets 0.01 ms, NProgress 0 ms. */
const STILL_S = 0.001;

/** The longest animation and transition (seconds) of every element matching `selector`. */
function longestMotion(page: Page, selector = '*') {
  return page.evaluate((s) => {
    const seconds = (list: string) =>
      Math.max(
        ...list
          .split(',')
          .map((d) => (d.trim().endsWith('ms') ? parseFloat(d) / 1000 : parseFloat(d))),
      );
    let animation = 0;
    let transition = 0;
    let where = '';
    const els = Array.from(document.querySelectorAll(s));
    for (const el of els)
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const a = style.animationName === 'none' ? 0 : seconds(style.animationDuration);
        const t = style.transitionProperty === 'none' ? 0 : seconds(style.transitionDuration);
        if (a > animation || t > transition)
          where = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}${pseudo ?? ''}`;
        animation = Math.max(animation, a);
        transition = Math.max(transition, t);
      }
    return { animation, transition, where, count: els.length };
  }, selector);
}

/** Opens a page whose section code is held back, so NProgress's bar shows; returns its motion. */
async function progressBarMotion(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/sections\/system\//, async (route) => {
    await held;
    await route.continue();
  });
  const opened = page.goto(`${baseUrl}/system/role-management`);
  const bar = page.locator('#nprogress .bar');
  await bar.waitFor({ state: 'attached' });
  // Two readings 900 ms apart: the bar trickles forward only when motion is allowed.
  const width = () => bar.evaluate((el) => el.getBoundingClientRect().right);
  const first = await width();
  await page.waitForTimeout(1800);
  const later = await width();
  const motion = await longestMotion(page, '#nprogress, #nprogress *');
  const inline = await bar.evaluate((el) => (el as HTMLElement).style.transition);
  release();
  await opened;
  await page.unroute(/\/sections\/system\//);
  await page.locator('[data-section-page]').first().waitFor();
  return { ...motion, trickled: later > first, inline };
}

describe.each([
  ['reduce', true],
  ['no-preference', false],
] as const)('prefers-reduced-motion: %s', (reducedMotion, reduce) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.emulateMedia({ reducedMotion });
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it(
    reduce ? 'the page and its controls do not move' : 'the page moves (the control)',
    async () => {
      const { page } = browser;
      await visitRoute(page, baseUrl, '/dashboard/workplace');
      const motion = await longestMotion(page);
      expect(motion.count).toBeGreaterThan(100);
      if (reduce) {
        expect(motion.animation, motion.where).toBeLessThanOrEqual(STILL_S);
        expect(motion.transition, motion.where).toBeLessThanOrEqual(STILL_S);
      } else {
        expect(motion.transition).toBeGreaterThan(0.05);
      }
      // The content's slide when the side menu folds.
      const main = await longestMotion(page, '.console-layout-main');
      expect(main.transition <= STILL_S).toBe(reduce);
    },
  );

  it(reduce ? 'a drawer appears without sliding' : 'a drawer slides in (the control)', async () => {
    const { page } = browser;
    await visitRoute(page, baseUrl, '/dashboard/workplace');
    await page.getByTestId('settings-open').click();
    // Read while it opens: Arco's enter animation is on the drawer then.
    await page.locator('.console-settings-drawer').waitFor({ state: 'attached' });
    const opening = await longestMotion(page, '.arco-drawer-wrapper, .arco-drawer-wrapper *');
    if (reduce) {
      expect(opening.animation, opening.where).toBeLessThanOrEqual(STILL_S);
      expect(opening.transition, opening.where).toBeLessThanOrEqual(STILL_S);
    } else {
      expect(Math.max(opening.animation, opening.transition)).toBeGreaterThan(0.05);
    }
    // Escape closes it once the focus is inside (Arco moves it there when the drawer is in).
    await page.waitForFunction(() => document.activeElement?.closest('.arco-drawer') != null);
    await page.keyboard.press('Escape');
    await page.locator('.console-settings-drawer').waitFor({ state: 'hidden' });
  });

  it(
    reduce
      ? "NProgress's bar shows a page is loading, still"
      : "NProgress's bar trickles and slides (the control)",
    async () => {
      const bar = await progressBarMotion(browser.page);
      if (reduce) {
        expect(bar.trickled).toBe(false);
        expect(bar.animation, bar.where).toBeLessThanOrEqual(STILL_S);
        expect(bar.transition, bar.where).toBeLessThanOrEqual(STILL_S);
      } else {
        expect(bar.trickled).toBe(true);
        expect(bar.transition).toBeGreaterThan(0.05);
      }
    },
  );
});
