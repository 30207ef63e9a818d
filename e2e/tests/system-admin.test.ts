// System administration (issue #15 points 3–5), as admin: a dictionary label changed on the
// property management page shows in the guide form's choices at once; the operation log lists
// that write and its detail shows the field diff; verifying the chain answers intact. Also
// the system config form saves a change after confirming its diff, and puts it back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');
const LABEL = `英语（E2E ${Date.now().toString(36)}）`;

/** Edits the `en` item of the guide languages: its Chinese label becomes `label`. */
async function renameEnglish(page: Page, label: string) {
  await page.goto(`${baseUrl}/system/property-management`);
  await page.getByTestId('property-management').waitFor();
  await page.locator('.arco-tabs-header-title', { hasText: '导游语种' }).click();
  const row = page.locator('.arco-table-tr', { hasText: 'English' }).first();
  await row.waitFor();
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = page.locator('.arco-modal:visible');
  await modal.waitFor();
  await modal.getByTestId('item-labelZh').fill(label);
  await modal.getByRole('button', { name: '保存' }).click();
  await page.locator('.arco-message', { hasText: '已保存' }).waitFor();
  await page.locator('.arco-table-tr', { hasText: label }).waitFor();
}

describe('system administration as admin', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('changes a dictionary label and the guide form offers the new label', async () => {
    const { page } = browser;
    await renameEnglish(page, LABEL);
    // The guide form's language choices, in the same session.
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').waitFor();
    await page.getByTestId('search-table-create').click();
    await page.getByTestId('guide-form').waitFor();
    await page.getByTestId('add-language').click();
    await page.getByTestId('language-row-1').locator('.arco-select-view').first().click();
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: LABEL })
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('lists the write just made in the operation log, with its diff, and verifies the chain', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/operation-log`);
    await page.getByTestId('operation-log').waitFor();
    const row = page.locator('.arco-table-tr', { hasText: 'property.update' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '详情' }).click();
    const diff = page.getByTestId('log-diff');
    await diff.waitFor();
    const text = await diff.innerText();
    expect(text).toContain('labelZh');
    expect(text).toContain('英语');
    expect(text).toContain(LABEL);
    await page
      .locator('.arco-drawer', { has: page.getByTestId('log-detail') })
      .locator('.arco-drawer-close-icon')
      .click();

    // A sentence with a subject reads whole: a refused deletion of a built-in role is logged
    // as "删除角色被拒绝", never with its template's "{subject}" left in.
    const refused = await page.evaluate(async () => {
      const roles = await (await fetch('/api/system/roles?pageSize=100')).json();
      const builtIn = roles.data.list.find((r: { code: string }) => r.code === 'admin');
      const res = await fetch(`/api/system/roles/${builtIn.id}`, {
        method: 'DELETE',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      return res.status;
    });
    expect(refused).toBeGreaterThanOrEqual(400);
    await page.reload();
    const deletion = page.locator('.arco-table-tr', { hasText: 'system.role.delete' }).first();
    await deletion.waitFor();
    expect(await deletion.innerText()).toContain('删除角色被拒绝');
    expect(await page.getByTestId('operation-log').locator('tbody').innerText()).not.toContain(
      '{subject}',
    );

    await page.getByRole('button', { name: '校验哈希链' }).click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.innerText()).toContain('哈希链完整');
  });

  it('saves a system config change after confirming its diff, then resets it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/system-config`);
    await page.getByTestId('system-config').waitFor();
    const field = page.locator('[data-config-key="capacity.warningPercent"]');
    await field.locator('input').fill('75');
    await page.getByRole('button', { name: /保存 1 项修改/ }).click();
    const confirm = page.getByTestId('config-diff');
    await confirm.waitFor();
    expect(await confirm.innerText()).toMatch(/80 %[\s\S]*75 %/);
    await page.locator('.arco-modal:visible').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已保存，立即生效' }).waitFor();
    await field.getByRole('button', { name: '恢复默认' }).click();
    await page.getByRole('button', { name: /保存 1 项修改/ }).click();
    await page.getByTestId('config-diff').waitFor();
    await page.locator('.arco-modal:visible').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已保存，立即生效' }).last().waitFor();
    await renameEnglish(page, '英语');
  });
});
