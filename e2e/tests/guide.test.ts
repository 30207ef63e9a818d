// Guide section (issue #7): an operator creates a guide with two languages and a
// certification, edits it, adds leave and sees it on the calendar; a `user` reads the list
// and the profile but cannot create or edit.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { day } from '../support/allocation';

const baseUrl = inject('baseUrl');

/** Types a date into an Arco date picker and confirms it. */
async function pickDate(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Opens an Arco select inside `scope` and chooses the option with `text`. */
async function choose(page: Page, scope: ReturnType<Page['locator']>, text: string) {
  await scope.locator('.arco-select-view').click();
  await page
    .locator('.arco-select-popup:visible .arco-select-option', { hasText: text })
    .first()
    .click();
}

describe('guide section as an operator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('creates a guide with two languages and a certification, edits it, adds leave', async () => {
    const { page } = browser;
    const licenceNo = `E2E-${Date.now()}`;
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').waitFor();
    await page.getByTestId('search-table-create').click();
    const form = page.getByTestId('guide-form');
    await form.waitFor();

    await page.getByTestId('field-name').fill('端到端导游');
    await pickDate(page, 'field-birthDate', '1991-04-12');
    await page.getByTestId('field-phone').fill('13812340000');
    await page.getByTestId('field-licenceNo').fill(licenceNo);
    await pickDate(page, 'field-levelObtainedOn', '2016-05-01');
    await pickDate(page, 'field-licenceExpiry', day(500));

    // A second language besides Mandarin.
    await page.getByTestId('add-language').click();
    const second = page.getByTestId('language-row-1');
    await choose(page, second.locator('.arco-form-item').first(), '英语');

    // A certification for the first spot offered.
    await page.getByTestId('add-certification').click();
    const cert = page.getByTestId('certification-row-0');
    await cert.locator('.arco-select-view').click();
    await page.locator('.arco-select-popup:visible .arco-select-option').first().click();
    const validUntil = cert.locator('.arco-picker input');
    await validUntil.click();
    await validUntil.fill(day(200));
    await validUntil.press('Enter');

    await page.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '导游已创建' }).waitFor();

    // Find it with the keyword filter and edit it.
    await page.getByTestId('guide-filter-keyword').fill(licenceNo);
    await page.getByTestId('guide-filter-keyword').press('Enter');
    const row = page.locator('.arco-table-tr', { hasText: '端到端导游' });
    await row.waitFor();
    expect(await row.innerText()).toContain('英语');
    await row.getByRole('button', { name: '编辑' }).click();
    await page.getByTestId('field-homeCity').fill('苏州');
    await page.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已保存' }).waitFor();
    await page.locator('.arco-table-tr', { hasText: '苏州' }).waitFor();

    // The profile: certification listed, leave added shows on the calendar.
    await row.getByRole('button', { name: '详情' }).click();
    await page.getByTestId('guide-profile').waitFor();
    expect(await page.getByTestId('guide-profile').innerText()).toContain('苏州');
    await page.getByTestId('add-leave').click();
    const start = day(2);
    const end = day(3);
    const range = page.getByTestId('leave-range').locator('input');
    await range.first().click();
    await range.first().fill(start);
    await range.first().press('Enter');
    await range.nth(1).fill(end);
    await range.nth(1).press('Enter');
    await page.getByTestId('leave-reason').fill('年假');
    await page.locator('.arco-modal-footer').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已登记' }).waitFor();
    await page.getByTestId(`calendar-${start}`).getByTestId('calendar-period').waitFor();
    await page.getByTestId(`calendar-${end}`).getByTestId('calendar-period').waitFor();
  });
});

describe('guide section as a user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it('sees the list and a profile without create or edit', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').waitFor();
    await page
      .locator('.arco-table-tr', { hasText: /G\d{6}/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('search-table-create').count()).toBe(0);
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    await page
      .locator('.arco-table-tr', { hasText: /G\d{6}/ })
      .first()
      .getByRole('button', { name: '详情' })
      .click();
    await page.getByTestId('guide-profile').waitFor();
    expect(await page.getByTestId('profile-edit').count()).toBe(0);
    expect(await page.getByTestId('add-leave').count()).toBe(0);
  });
});
