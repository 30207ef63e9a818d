// User and role management (issue #15 points 1, 2): an administrator creates a role that may
// only read scenic spots and a user holding it; the user, in a second browser, must first
// change the generated password, then sees exactly the scenic list and detail; when the
// administrator disables the user, the open session stops working at its next request.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, menuKeys, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');
const stamp = Date.now().toString(36);
const roleCode = `scenic_ro_${stamp}`;
const roleName = `景点只读${stamp}`;
const username = `e2e_${stamp}`;

async function confirmPop(page: Page) {
  await page.locator('.arco-popconfirm:visible .arco-btn-primary').click();
}

describe('user and role management', () => {
  let admin: Browser;
  let member: Browser;
  let password = '';
  beforeAll(async () => {
    [admin, member] = await Promise.all([openBrowser(), openBrowser()]);
    await login(admin.page, baseUrl, 'admin');
  });
  afterAll(async () => {
    await Promise.all([admin.close(), member.close()]);
  });

  it('an admin creates a scenic-only role and a user holding it, with a password shown once', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/system/role-management`);
    await page.getByTestId('search-table-system-roles').waitFor();
    await page.getByTestId('search-table-create').click();
    await page.getByTestId('role-field-code').fill(roleCode);
    await page.getByTestId('role-field-name').fill(roleName);
    await page.getByTestId('role-field-nameEn').fill(`Scenic reader ${stamp}`);
    await page.getByTestId('perm-scenic:read').click();
    // The matrix says which pages the permission opens.
    await expect
      .poll(() => page.getByTestId('permission-matrix').textContent())
      .toContain('景点列表');
    await page.getByTestId('role-save').click();
    await page.locator('.arco-message', { hasText: '已保存' }).waitFor();
    await page.locator('tr', { hasText: roleCode }).waitFor();

    await page.goto(`${baseUrl}/system/user-management`);
    await page.getByTestId('search-table-system-users').waitFor();
    await page.getByTestId('search-table-create').click();
    await page.getByTestId('field-username').fill(username);
    await page.getByTestId('field-name').fill('端到端用户');
    await page.getByTestId('user-field-roles').click();
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: roleName })
      .click();
    await page.keyboard.press('Escape');
    await page.locator('.arco-modal:visible .arco-btn-primary').first().click();
    const shown = page.getByTestId('generated-password');
    await shown.waitFor();
    password = ((await shown.textContent()) ?? '').trim();
    expect(password).toMatch(/^\S{14}$/);
    await page.locator('.arco-modal:visible .arco-btn-primary', { hasText: '我已记下' }).click();
    await page.locator('tr', { hasText: username }).waitFor();
  });

  it('the new user must change the password, then sees only the scenic list and detail', async () => {
    const { page } = member;
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name=username]').fill(username);
    await page.locator('input[name=password]').fill(password);
    await page.locator('input[name=password]').press('Enter');
    // The shell forces the change-password page.
    await page.waitForURL(/\/user\/setting/);
    await page.getByTestId('must-change-password').waitFor();
    await page.goto(`${baseUrl}/scenic/list`);
    await page.waitForURL(/\/user\/setting/);
    const inputs = page.getByTestId('password-form').locator('input');
    await inputs.nth(0).fill(password);
    await inputs.nth(1).fill('Changed123');
    await inputs.nth(2).fill('Changed123');
    await page.getByTestId('password-submit').click();
    await page.getByTestId('must-change-password').waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('scenic-list').waitFor();
    expect(await menuKeys(page)).toEqual(['scenic/list']);
    // No maintenance for this role: no create button.
    await page.getByTestId('search-table-scenic-spots').waitFor();
    expect(await page.getByTestId('search-table-create').count()).toBe(0);
    // Other sections are refused in the guard and by the API alike.
    await page.goto(`${baseUrl}/guide/list`);
    await page.waitForURL(/\/scenic\/list/);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/guides', { credentials: 'include' });
      return res.status;
    });
    expect(status).toBe(403);
    // The detail page opens.
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/scenic/spots?pageSize=1', { credentials: 'include' });
      return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0].id;
    });
    await page.goto(`${baseUrl}/scenic/detail/${id}`);
    await page.locator('[data-section-page="scenic/detail"]').waitFor();
  });

  it('disabling the user ends the open session at its next request', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/system/user-management?keyword=${username}`);
    await page.getByTestId(`user-toggle-${username}`).click();
    await confirmPop(page);
    await expect
      .poll(() => page.getByTestId(`user-enabled-${username}`).textContent())
      .toBe('已停用');

    const status = await member.page.evaluate(async () => {
      const res = await fetch('/api/user/info', { credentials: 'include' });
      return res.status;
    });
    expect(status).toBe(401);
    await member.page.goto(`${baseUrl}/scenic/list`);
    await member.page.waitForURL(/\/login/);
  });
});
