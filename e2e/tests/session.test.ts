// Sign-in, deep links, switching roles and signing out (seed §4, §6).
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { login, menuKeys, openBrowser, submitLogin, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

describe('the session', () => {
  let browser: Browser;
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(() => browser.close());

  it('returns a logged-out deep link there after login, with its query intact', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/history?page=3&keyword=west%20lake`);
    await page.waitForURL(/\/login\?/);
    const loginUrl = new URL(page.url());
    expect(loginUrl.searchParams.get('redirect')).toBe('/team/history');
    expect(loginUrl.searchParams.get('page')).toBe('3');
    await submitLogin(page, 'operator');
    await page.waitForURL(`${baseUrl}/team/history?page=3&keyword=west%20lake`);
    await page.locator('[data-section-page="team/history"]').waitFor();
  });

  it('requires both fields and masks the password', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    expect(await page.locator('input[name=password]').getAttribute('type')).toBe('password');
    await page.getByTestId('login-submit').click();
    await page.getByText('用户名不能为空').waitFor();
    await page.getByText('密码不能为空').waitFor();
    // The first empty field takes the focus; a field's message goes once it has a value.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'username',
    );
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true');
    await page.locator('input[name=username]').fill('admin');
    await page.getByText('用户名不能为空').waitFor({ state: 'detached' });
    expect(await page.getByText('密码不能为空').count()).toBe(1);
    expect(page.url()).toContain('/login');
  });

  it("the login page's language buttons switch its strings, and the choice stays", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.getByText('登录旅游运营控制台').waitFor();
    await page.getByTestId('login-locale').getByText('English').click();
    await page.getByText('Sign in to the Tour Operations Console').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('arco-lang'))).toBe('en-US');
    await page.reload();
    await page.getByText('Sign in to the Tour Operations Console').waitFor();
    await page.getByTestId('login-locale').getByText('中文').click();
    await page.getByText('登录旅游运营控制台').waitFor();
  });

  it('says so when the credentials are wrong', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name=username]').fill('user');
    await page.locator('input[name=password]').fill('Wrong-password1');
    await page.locator('input[name=password]').press('Enter');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('a disabled account says so as the headline, not "refresh and try again"', async () => {
    const { page } = browser;
    await login(page, baseUrl, 'admin');
    const username = `off${Date.now() % 1_000_000}`;
    const created = await api<{ user: { id: number; version: number } }>(
      page,
      'POST',
      '/system/users',
      { username, name: '停用测试', roles: ['user'], password: 'Off12345' },
    );
    await api(page, 'POST', `/system/users/${created.user.id}/enabled`, {
      enabled: false,
      version: created.user.version,
    });
    const other = await openBrowser();
    try {
      await other.page.goto(`${baseUrl}/login`);
      await other.page.locator('input[name=username]').fill(username);
      await other.page.locator('input[name=password]').fill('Off12345');
      await other.page.locator('input[name=password]').press('Enter');
      const alert = other.page.getByTestId('login-error');
      await expect
        .poll(() => alert.locator('.arco-alert-title').textContent())
        .toBe('账号已被停用，请联系管理员');
      expect(await alert.textContent()).not.toContain('刷新重试');
    } finally {
      await other.close();
    }
  });

  it('switching roles changes the menu and the element permissions at once, without a reload', async () => {
    const { page } = browser;
    await login(page, baseUrl, 'admin');
    await page.goto(`${baseUrl}/dashboard/monitor`);
    await page.locator('[data-section-page="dashboard/monitor"]').waitFor();
    expect(await menuKeys(page)).toContain('dashboard/monitor');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));

    await page.getByTestId('user-avatar').click();
    await page.getByText(/切换角色/).hover();
    await page.locator('[data-role=admin]').waitFor();
    const roles = await page
      .locator('[data-role]')
      .evaluateAll((items) => items.map((i) => i.getAttribute('data-role')));
    expect(roles.sort()).toEqual(['admin', 'operator', 'user']);
    await page.locator('[data-role=user]').click();

    // The monitor is admin only: the page moves to the first allowed route, the menu shrinks.
    await page.waitForURL(`${baseUrl}/dashboard/workplace`);
    await expect.poll(() => menuKeys(page)).not.toContain('dashboard/monitor');
    expect(await menuKeys(page)).not.toContain('scenic/maintenance');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );

    // And back: the active role is kept by the server, other tests sign in as admin.
    await page.getByTestId('user-avatar').click();
    await page.getByText(/切换角色/).hover();
    await page.locator('[data-role=admin]').click();
    await expect.poll(() => menuKeys(page)).toContain('dashboard/monitor');
  });

  it('logging out works while the API is unreachable', async () => {
    const { page } = browser;
    await login(page, baseUrl, 'user');
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId('user-avatar').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.locator('input[name=username]').waitFor();
    await page.unroute('**/api/**');
    // Nothing of the old session is left on the client: signing in as someone else shows theirs.
    await submitLogin(page, 'admin');
    await page.waitForURL(`${baseUrl}/dashboard/workplace`);
    await expect.poll(() => menuKeys(page)).toContain('dashboard/monitor');
  });
});
