// Issue 26 items 1 and 2 on /team/new: an empty required field says 必填项 / Required (not
// "应为字符串"), a period already past is warned about but saved, and two visits at the same
// time on one day are warned about — each warning says why, since history may be meant.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { day } from '../support/allocation';
import { choose, formItem, pickDate } from '../support/arcoForm';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

const REQUIRED = ['name', 'agency', 'market', 'language', 'leadContactName', 'leadContactPhone'];

describe('the new-team form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  for (const [locale, required] of [
    ['zh-CN', '必填项'],
    ['en-US', 'Required'],
  ] as const) {
    it(`says "${required}" on every empty required field (${locale})`, async () => {
      const { page } = browser;
      await page.evaluate(
        ([key, l]) => localStorage.setItem(key!, l!),
        [LOCALE_STORAGE_KEY, locale],
      );
      await page.goto(`${baseUrl}/team/new`);
      const form = page.getByTestId('team-form');
      await form.waitFor();
      await page.getByTestId('step-next').click();
      for (const field of REQUIRED) {
        const message = formItem(form, field).locator('.arco-form-message');
        await message.waitFor();
        expect(await message.innerText(), field).toBe(required);
      }
    });
  }

  it('warns about a past period and visits at the same time, and lets the user go on', async () => {
    const { page } = browser;
    await page.evaluate((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_STORAGE_KEY);
    await page.goto(`${baseUrl}/team/new`);
    const form = page.getByTestId('team-form');
    await form.waitFor();
    await page.getByTestId('field-name').fill(`补录团${Date.now()}`);
    await choose(page, formItem(form, 'agency'), '中国旅行社');
    await choose(page, formItem(form, 'market'), '国内游');
    await choose(page, formItem(form, 'language'), '普通话');
    await pickDate(formItem(form, 'startDate'), day(-10));
    await pickDate(formItem(form, 'endDate'), day(-9));
    await page.getByTestId('field-leadContactName').fill('王领队');
    await page.getByTestId('field-leadContactPhone').fill('13812345678');

    const past = page.getByTestId('past-period-warning');
    await past.waitFor();
    expect(await past.innerText()).toContain('补录');
    expect(await past.innerText()).toContain(day(-10));

    // A warning, not a refusal: the draft is saved and the itinerary follows.
    await page.getByTestId('step-next').click();
    await page.getByTestId('itinerary-editor').waitFor();
    expect(await page.getByTestId('visit-clash-warning').count()).toBe(0);
    await page.getByTestId(`add-item-${day(-10)}`).click();
    await page.getByTestId(`add-item-${day(-10)}`).click();
    const clash = page.getByTestId('visit-clash-warning');
    await clash.waitFor();
    expect(await clash.innerText()).toContain(`${day(-10)} 的 09:00–12:00 与 09:00–12:00`);
  });
});
