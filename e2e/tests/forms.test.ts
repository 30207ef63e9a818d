// Issue #18 items 5, 6, 7, 12: required marks from the contract, every error at once with the
// "fix the errors" toast, no stale cross-field error, no page error on a failed validation, and
// a worded unread tag in the bell popover.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { requiredFields } from '@console/shared/contracts/required';
import { scenicSpotCreateBody } from '@console/shared/contracts/scenic';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

async function pickDate(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId).locator('input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const fill = (page: Page, field: string, value: string) =>
  page.getByTestId(`field-${field}`).locator('input, textarea').first().fill(value);

describe('forms as an admin', () => {
  let browser: Browser;
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('pageerror', (e) => errors.push(e.message));
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('user settings: a failed validation shows on the field and throws nothing', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/user/setting`);
    const form = page.getByTestId('basic-info-form');
    await form.waitFor();
    // The seed's four required fields carry the asterisk, read from the contract.
    expect(await form.locator('.arco-form-item-symbol').count()).toBe(4);
    // The profile has loaded (it fills the form once; an edit made before would be replaced).
    await expect.poll(() => form.locator('input').first().inputValue()).toBe('admin@example.com');
    // 所在区域 is required: emptied, the save fails validation.
    await form
      .locator('.arco-form-item', { hasText: '所在区域' })
      .locator('input')
      .first()
      .fill('');
    await page.getByTestId('basic-info-save').click();
    await form.locator('.arco-form-message').first().waitFor();
    await page.locator('.arco-message', { hasText: '请修正表单中的错误' }).waitFor();
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
  });

  it('guide drawer: correcting a dependent date clears the stale cross-field errors', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').waitFor();
    await page.getByTestId('search-table-create').click();
    const form = page.getByTestId('guide-form');
    await form.waitFor();
    await page.getByTestId('field-name').fill('日期校验');
    await page.getByTestId('field-phone').fill('13812340001');
    await page.getByTestId('field-licenceNo').fill(`E2E-D-${Date.now()}`);
    await pickDate(page, 'field-birthDate', '2030-01-01');
    await pickDate(page, 'field-levelObtainedOn', '2020-01-01');
    await pickDate(page, 'field-licenceExpiry', '2019-01-01');
    const save = page.locator('.arco-drawer-footer').getByRole('button', { name: '保存' });
    await save.click();
    await form.getByText('取得日期应晚于出生日期').waitFor();
    await form.getByText('有效期应晚于等级取得日期').waitFor();

    await pickDate(page, 'field-birthDate', '1990-05-05');
    await pickDate(page, 'field-licenceExpiry', '2030-12-31');
    // Gone as soon as the other side is corrected, before saving again.
    await form.getByText('取得日期应晚于出生日期').waitFor({ state: 'detached' });
    await form.getByText('有效期应晚于等级取得日期').waitFor({ state: 'detached' });
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/guides') && r.request().method() === 'POST',
    );
    await save.click();
    expect((await created).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('guide status: the reason is required only where the contract says, its error clears with the status', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').waitFor();
    await page.getByRole('button', { name: '变更状态' }).first().click();
    const form = page.getByTestId('status-form');
    await form.waitFor();
    const choose = async (label: string) => {
      await page.getByTestId('status-field').locator('.arco-select-view').click();
      await page.locator('.arco-select-option', { hasText: label }).click();
    };
    const reasonItem = form.locator('.arco-form-item', { has: page.getByTestId('status-reason') });
    await choose('停用');
    await reasonItem.locator('.arco-form-item-symbol').waitFor();
    await page.locator('.arco-modal-footer').getByRole('button', { name: '保存' }).click();
    await form.getByText('停用或离职需要填写原因').waitFor();
    await page.locator('.arco-message', { hasText: '请修正表单中的错误' }).waitFor();
    // Back to a status that needs no reason: the error and the asterisk go at once.
    await choose('在岗');
    await form.getByText('停用或离职需要填写原因').waitFor({ state: 'detached' });
    expect(await reasonItem.locator('.arco-form-item-symbol').count()).toBe(0);
    await page.locator('.arco-modal-footer').getByRole('button', { name: '取消' }).click();
    expect(errors).toEqual([]);
  });

  it('spot form: the contract marks the required fields; every error shows at once', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/scenic/maintenance?new=1`);
    const form = page.getByTestId('spot-form');
    await form.waitFor();
    const marked = await form
      .locator('[data-testid^=field-]')
      .evaluateAll((items) =>
        items
          .filter((i) => i.querySelector('.arco-form-item-symbol'))
          .map((i) => i.getAttribute('data-testid')!.slice('field-'.length)),
      );
    const shown = await form
      .locator('[data-testid^=field-]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')!.slice(6)));
    expect(marked.sort()).toEqual(
      shown.filter((f) => requiredFields(scenicSpotCreateBody).has(f)).sort(),
    );
    expect(marked).toContain('code');

    await fill(page, 'code', 'bad code!');
    await fill(page, 'dailyCapacity', '100');
    await fill(page, 'instantCapacity', '500');
    const time = async (field: string, value: string) => {
      const input = page.getByTestId(`field-${field}`).locator('input');
      await input.click();
      await input.fill(value);
      await input.press('Enter');
    };
    await time('openTime', '18:00');
    await time('closeTime', '08:00');
    await page.getByTestId('spot-save').click();
    await page.locator('.arco-message', { hasText: '请修正表单中的错误' }).waitFor();
    for (const field of ['code', 'instantCapacity', 'closeTime', 'name'])
      await page.getByTestId(`field-${field}`).locator('.arco-form-message').waitFor();
    expect(page.url()).toContain('new=1');
    expect(errors).toEqual([]);
  });

  it('the bell popover: an unread to-do has a worded tag, not an empty red one', async () => {
    const { page } = browser;
    await page.getByTestId('message-bell').click();
    await page.getByTestId('message-tab-todo').click();
    const tag = page.locator(
      '[data-testid=message-box] [data-testid=message-item][data-status="0"] .arco-tag',
    );
    await tag.first().waitFor();
    for (const text of await tag.allTextContents()) expect(text.trim()).toBe('未读');
  });
});
