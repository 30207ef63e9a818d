// Issue #18 items 4, 8, 12c and 13, in the browser: system messages in the reader's language,
// the user centre's activity and a guide's history as sentences and labels (never codes or
// JSON), and out-of-range input refused on the field instead of silently changed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared/contracts/envelope';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');
/** An audit action code as the server stores it ("user.login", "guide.update" …). */
const ACTION_CODE = /\b[a-z]+\.[a-z][A-Za-z]*(\.[a-zA-Z]+)*\b/;

async function useLocale(page: Page, locale: 'zh-CN' | 'en-US', path: string) {
  await page.evaluate((l) => localStorage.setItem('arco-lang', l), locale);
  await page.goto(`${baseUrl}${path}`);
}

async function todoTexts(page: Page): Promise<string[]> {
  await page.getByTestId('message-bell').click();
  await page.getByTestId('message-tab-todo').click();
  const items = page.locator('[data-testid=message-box] [data-testid=message-item]');
  await items.first().waitFor();
  const texts = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

describe('texts in the reader’s language', () => {
  let browser: Browser;
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('pageerror', (e) => errors.push(e.message));
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('bell to-dos are written in the reader’s language, not both', async () => {
    const { page } = browser;
    await useLocale(page, 'en-US', '/guide/list');
    const english = await todoTexts(page);
    expect(english.length).toBeGreaterThan(0);
    // Guide names stay as written; the template's words follow the locale.
    for (const text of english) expect(text).not.toMatch(/到期|导游|证件|待办/);
    await useLocale(page, 'zh-CN', '/guide/list');
    const chinese = await todoTexts(page);
    for (const text of chinese) expect(text).not.toMatch(/expir|Licence|licence|guide/);
    expect(errors).toEqual([]);
  });

  it('the user centre lists recent activity as sentences, never action codes', async () => {
    const { page } = browser;
    for (const [locale, signedIn] of [
      ['zh-CN', '登录'],
      ['en-US', 'Signed in'],
    ] as const) {
      await useLocale(page, locale, '/user/info');
      const items = page.getByTestId('activity-item');
      await items.first().waitFor();
      const texts = await items.allInnerTexts();
      expect(texts.join('\n')).toContain(signedIn);
      for (const text of texts) expect(text).not.toMatch(ACTION_CODE);
    }
    expect(errors).toEqual([]);
  });

  it('a guide’s history shows labels and dates, not codes or JSON', async () => {
    const { page } = browser;
    await useLocale(page, 'zh-CN', '/guide/list');
    // A status change and a leave period, made through the API as the operator.
    const guideId = await page.evaluate(
      async ([header, value]) => {
        const headers = { 'content-type': 'application/json', [header]: value };
        const list = await (await fetch('/api/guides?pageSize=50&status=active')).json();
        const guide = list.data.list.at(-1);
        const detail = await (await fetch(`/api/guides/${guide.id}`)).json();
        const moved = await fetch(`/api/guides/${guide.id}/status`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            status: 'on_leave',
            reason: '年假',
            version: detail.data.version,
          }),
        });
        if (!moved.ok) throw new Error(`status ${moved.status}: ${await moved.text()}`);
        return guide.id as number;
      },
      [CSRF_HEADER, CSRF_HEADER_VALUE],
    );
    await page.goto(`${baseUrl}/guide/profile/${guideId}`);
    const history = page.locator('.arco-timeline');
    await history.locator('.arco-timeline-item').first().waitFor();
    const text = await history.innerText();
    expect(text).toContain('休假');
    expect(text).not.toContain('on_leave');
    expect(text).not.toContain('{"');
    expect(text).not.toMatch(ACTION_CODE);
    await useLocale(page, 'en-US', `/guide/profile/${guideId}`);
    await history.locator('.arco-timeline-item').first().waitFor();
    expect(await history.innerText()).toContain('On leave');
    expect(errors).toEqual([]);
  });

  it('out-of-range input is refused on its field, never clamped', async () => {
    const { page } = browser;
    await useLocale(page, 'zh-CN', '/scenic/maintenance?new=1');
    const form = page.getByTestId('spot-form');
    await form.waitFor();
    const latitude = page.getByTestId('field-latitude').locator('input').first();
    await latitude.fill('200');
    await latitude.press('Tab');
    await page.getByTestId('spot-save').click();
    await page.getByTestId('field-latitude').locator('.arco-form-message').waitFor();
    // What the user typed is still there: nothing was changed to 90 behind their back.
    expect(Number(await latitude.inputValue())).toBe(200);
    expect(page.url()).toContain('new=1');
    expect(errors).toEqual([]);
  });
});
