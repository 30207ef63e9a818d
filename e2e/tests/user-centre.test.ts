// Message box, messages page, user centre, user settings (profile validation, change
// password), results and exception pages (issue #4).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNTS, login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

async function badgeCount(page: Page): Promise<number> {
  const text = await page
    .locator('[data-testid=message-badge] .arco-badge-number')
    .textContent({ timeout: 2000 })
    .catch(() => '0');
  return Number(text ?? 0);
}

describe('the message box', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('shows the unread count; marks one read, then all of a tab', async () => {
    const { page } = browser;
    await page.locator('[data-testid=message-badge] .arco-badge-number').waitFor();
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(0);
    await page.getByTestId('message-bell').click();
    await page.getByTestId('message-box').waitFor();
    for (const type of ['message', 'notice', 'todo'])
      expect(await page.getByTestId(`message-tab-${type}`).count()).toBe(1);

    const unread = page.locator('[data-testid=message-item][data-status="0"]');
    await unread.first().waitFor();
    const unreadBefore = await unread.count();
    await page.getByTestId('message-read').first().click();
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid=message-item][data-status="0"]').length === n - 1,
      unreadBefore,
    );
    await page.waitForFunction(
      (n) =>
        Number(
          document.querySelector('[data-testid=message-badge] .arco-badge-number')?.textContent ??
            0,
        ) ===
        n - 1,
      before,
    );

    await page.getByTestId('message-tab-todo').click();
    await page.locator('[data-testid=message-item][data-status="0"]').first().waitFor();
    await page.getByTestId('message-all-read').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=message-item][data-status="0"]').length === 0,
    );
    await page.waitForFunction(
      () =>
        !/\(\d+\)/.test(
          document.querySelector('[data-testid=message-tab-todo]')?.textContent ?? '(',
        ),
    );
  });

  it('"view more" opens the messages page, filtered and paginated', async () => {
    const { page } = browser;
    await page.getByTestId('message-view-more').click();
    await page.waitForURL((url) => url.pathname === '/messages');
    const table = page.getByTestId('messages-page');
    await table.locator('.arco-pagination').waitFor();
    await table.locator('.arco-table-td').first().waitFor();
    // Filter by read state: only read rows remain.
    await page.getByTestId('messages-filter-status').click();
    await page.locator('.arco-select-option', { hasText: '已读' }).click();
    await page.waitForFunction(() => {
      const tags = [
        ...document.querySelectorAll('[data-testid=messages-page] .arco-table-td .arco-tag'),
      ].map((t) => t.textContent);
      return tags.length > 0 && !tags.includes('未读');
    });
  });
});

describe('user centre and settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('the user centre shows the profile, roles, recent activity, teams and sessions', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/user/info`);
    await page.getByTestId('user-overview').waitFor();
    expect(await page.getByTestId('user-overview-name').textContent()).toBe('王管理');
    expect(await page.getByTestId('user-overview').textContent()).toContain('管理员');
    await page.getByTestId('activity-item').first().waitFor();
    await page.getByRole('tab', { name: '我的团队' }).click();
    await page.getByTestId('my-teams-empty').waitFor();
    await page.getByRole('tab', { name: '我的会话' }).click();
    await page.getByTestId('session-list').locator('.arco-tag', { hasText: '当前会话' }).waitFor();
  });

  it('basic information is validated on the form with the contract rules', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/user/setting`);
    const form = page.getByTestId('basic-info-form');
    await form.locator('#email_input, input').first().waitFor();
    const email = form.locator('.arco-form-item', { hasText: '邮箱' }).locator('input');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=basic-info-form] input') as HTMLInputElement | null)
          ?.value !== '',
    );
    await email.fill('not-an-email');
    await form.locator('.arco-form-item', { hasText: '所在区域' }).locator('input').fill('');
    await form.locator('textarea').fill(Array.from({ length: 201 }, () => 'word').join(' '));
    await page.getByTestId('basic-info-save').click();
    await form.locator('.arco-form-message', { hasText: '请输入正确的邮箱地址' }).waitFor();
    await form.locator('.arco-form-message', { hasText: '此项为必填项' }).first().waitFor();
    await form.locator('.arco-form-message', { hasText: '最多 200 字' }).waitFor();

    await email.fill('admin@example.com');
    await form.locator('.arco-form-item', { hasText: '所在区域' }).locator('input').fill('Beijing');
    await form.locator('.arco-form-item', { hasText: '国家/地区' }).locator('.arco-select').click();
    await page.locator('.arco-select-option', { hasText: '中国' }).click();
    await form.locator('textarea').fill('十年调度经验');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT',
    );
    await page.getByTestId('basic-info-save').click();
    expect((await saved).status()).toBe(200);
    await page.locator('.arco-message', { hasText: '保存成功' }).waitFor();
  });

  it('shows the certification record with check and withdraw', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: '实名认证' }).click();
    const panel = page.getByTestId('certification-panel');
    await panel.locator('.arco-tag', { hasText: '已认证' }).first().waitFor();
    await panel.getByTestId('certification-withdraw').click();
    await page.locator('.arco-popconfirm .arco-btn-primary').click();
    await page.locator('.arco-message', { hasText: '认证申请已撤回' }).waitFor();
    await panel.locator('.arco-tag', { hasText: '已撤回' }).waitFor();
  });
});

describe('change password', () => {
  let browser: Browser;
  const NEW_PASSWORD = 'Changed123';
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(async () => {
    // Put the demo password back for the other browser tests.
    await browser.page.evaluate(
      async ([oldPassword, newPassword]) => {
        await fetch('/api/user/password', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          body: JSON.stringify({ oldPassword, newPassword }),
        });
      },
      [NEW_PASSWORD, ACCOUNTS.user.password],
    );
    await browser.close();
  });

  it('refuses a wrong current password and a password against the policy, then changes it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/user/setting`);
    await page.getByRole('tab', { name: '安全设置' }).click();
    const form = page.getByTestId('password-form');
    const field = (label: string) =>
      form.locator('.arco-form-item', { hasText: label }).locator('input');

    // Policy, checked on the form with the shared rules, with the strength hint.
    await field('新密码').first().fill('abc def');
    expect(
      Number(await page.getByTestId('password-strength').getAttribute('data-strength')),
    ).toBeLessThan(2);
    await page.getByTestId('password-submit').click();
    await form.locator('.arco-form-message', { hasText: '须包含大写字母' }).waitFor();
    await form.locator('.arco-form-message', { hasText: '不能包含空格' }).waitFor();

    // Wrong current password: the server says so on the field.
    await field('原密码').fill('Nope12345');
    await field('新密码').first().fill(NEW_PASSWORD);
    await field('确认新密码').fill(NEW_PASSWORD);
    await page.getByTestId('password-submit').click();
    await form.locator('.arco-form-message', { hasText: '原密码错误' }).waitFor();

    await field('原密码').fill(ACCOUNTS.user.password);
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
    await page.getByTestId('password-submit').click();
    expect((await changed).status()).toBe(200);
    await page.locator('.arco-message', { hasText: '密码已修改' }).waitFor();

    // Sign out, then in again with the new password.
    await page.getByTestId('user-avatar').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('input[name=username]').fill(ACCOUNTS.user.username);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
    await page.locator('input[name=password]').fill(ACCOUNTS.user.password);
    await page.locator('input[name=password]').press('Enter');
    expect((await refused).status()).toBe(401);
    expect(new URL(page.url()).pathname).toBe('/login');
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/user/login'));
    await page.locator('input[name=password]').fill(NEW_PASSWORD);
    await page.locator('input[name=password]').press('Enter');
    expect((await accepted).status()).toBe(200);
    await page.getByTestId('user-avatar').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });
});

describe('results and exceptions', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it.each([
    ['/exception/403', 'exception-403', '对不起，您没有访问该资源的权限'],
    ['/exception/404', 'not-found', '抱歉，页面不见了～'],
    ['/exception/500', 'exception-500', '抱歉，服务器出了点问题～'],
    ['/result/success', 'result-success', '提交成功'],
    ['/result/error', 'result-error', '表单提交失败，请重试'],
  ])('%s', async (path, testId, text) => {
    const { page } = browser;
    await page.goto(`${baseUrl}${path}`);
    await page.getByTestId(testId).waitFor();
    expect(await page.getByTestId(testId).textContent()).toContain(text);
  });

  it('the error result lists the details and returns for correction', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/list`);
    await page.goto(`${baseUrl}/result/error`);
    await page.getByTestId('result-error-details').waitFor();
    expect(await page.getByTestId('result-error-details').locator('li').count()).toBe(2);
    await page.getByRole('button', { name: '返回修改' }).click();
    await page.waitForURL(`${baseUrl}/guide/list`);
  });
});
