// The site settings in the browser (issue 25 defects 8 and 9, families "every setting has an
// effect" and "form round trip"): a signed-in user at `/` or `/login` lands on the workplace;
// `site.name` is the title, the login page's and the navbar's name, at once after a save;
// `site.defaultLocale` is the language of a browser that has not chosen one, login page too;
// the configuration page saved untouched changes nothing, one change changes one key.
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SYSTEM_CONFIG_KEYS, type SystemConfigEntry } from '@console/shared';
import { otherConfigValue } from '@console/shared/contracts/system-config.testing';
import { ACCOUNTS, login, openBrowser, type Browser, type DemoRole } from '../support/browser';
import { api } from '../support/api';

const baseUrl = inject('baseUrl');

/** Every key back at its default (the server is shared by every test file). */
async function resetAll(page: Page) {
  const entries = await api<SystemConfigEntry[]>(page, 'GET', '/system-config');
  const changes = entries
    .filter((e) => e.overridden)
    .map((e) => ({ key: e.key, value: null, version: e.version }));
  if (changes.length > 0) await api(page, 'PUT', '/system-config', { changes });
}

async function saveSetting(page: Page, key: string, value: unknown) {
  const entries = await api<SystemConfigEntry[]>(page, 'GET', '/system-config');
  const { version } = entries.find((e) => e.key === key)!;
  await api(page, 'PUT', '/system-config', { changes: [{ key, value, version }] });
}

describe('a signed-in user at / or /login', () => {
  let browser: Browser;
  beforeEach(async () => {
    browser = await openBrowser();
  });
  afterEach(() => browser.close());

  for (const role of ['admin', 'operator', 'user'] as DemoRole[]) {
    it(`goes on to the workplace (${role})`, async () => {
      const { page } = browser;
      await login(page, baseUrl, role);
      for (const path of ['/', '/login']) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForURL(`${baseUrl}/dashboard/workplace`);
        await page.locator('[data-section-page="dashboard/workplace"]').waitFor();
      }
      // A redirect the login page was given is honoured too.
      await page.goto(`${baseUrl}/login?redirect=%2Fteam%2Fhistory`);
      await page.waitForURL(`${baseUrl}/team/history`);
      // Signed out, `/` shows the form again.
      await api(page, 'POST', '/user/logout');
      await page.goto(`${baseUrl}/`);
      await page.waitForURL(`${baseUrl}/login`);
      await page.locator('input[name=username]').waitFor();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  }
});

describe('site settings', () => {
  let admin: Browser;
  const others: Browser[] = [];
  beforeEach(async () => {
    admin = await openBrowser();
    await login(admin.page, baseUrl, 'admin');
    await resetAll(admin.page);
  });
  afterEach(async () => {
    await resetAll(admin.page);
    await admin.close();
    for (const b of others.splice(0)) await b.close();
  });

  const fresh = async () => {
    const b = await openBrowser();
    others.push(b);
    return b.page;
  };

  it('site.name is the title, the login page and the navbar name, at once after a save', async () => {
    const { page } = admin;
    // The default: the console's own name in the reader's language.
    expect(await page.title()).toBe('旅游运营控制台');
    expect(await page.getByTestId('navbar-title').innerText()).toBe('旅游运营控制台');

    await page.goto(`${baseUrl}/system/system-config`);
    await page.getByTestId('system-config').waitFor();
    await page.locator('[data-config-key="site.name"] input').fill('西湖景区调度台');
    await page.getByRole('button', { name: /保存 1 项修改/ }).click();
    await page.getByTestId('config-diff').waitFor();
    await page.locator('.arco-modal:visible').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已保存，立即生效' }).waitFor();
    // In effect at once in this browser, without a reload.
    await expect.poll(() => page.title()).toBe('西湖景区调度台');
    expect(await page.getByTestId('navbar-title').innerText()).toBe('西湖景区调度台');

    // A new browser: the login page and the title carry it, in either language.
    const other = await fresh();
    await other.goto(`${baseUrl}/login`);
    await other.getByText('登录西湖景区调度台').waitFor();
    expect(await other.title()).toBe('西湖景区调度台');
    await other.getByTestId('login-locale').getByText('English').click();
    await other.getByText('Sign in to 西湖景区调度台').waitFor();
    expect(await other.title()).toBe('西湖景区调度台');
  });

  it('site.defaultLocale is the language of a browser that has not chosen one', async () => {
    const before = await fresh();
    await before.goto(`${baseUrl}/login`);
    await before.getByText('登录旅游运营控制台').waitFor();

    await saveSetting(admin.page, 'site.defaultLocale', 'en-US');
    const page = await fresh();
    await page.goto(`${baseUrl}/login`);
    await page.getByText('Sign in to the Tour Operations Console').waitFor();
    expect(await page.title()).toBe('Tour Operations Console');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    // Nothing is stored: the browser still follows the site's default.
    expect(await page.evaluate(() => localStorage.getItem('arco-lang'))).toBeNull();
    // Signed in, the console is in English too, and the server answers in English.
    await page.locator('input[name=username]').fill(ACCOUNTS.user.username);
    await page.locator('input[name=password]').fill('Wrong-password1');
    await page.locator('input[name=password]').press('Enter');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('Incorrect username or password');

    // A browser that chose Chinese keeps it.
    const chose = await fresh();
    await chose.goto(`${baseUrl}/login`);
    await chose.evaluate(() => localStorage.setItem('arco-lang', 'zh-CN'));
    await chose.reload();
    await chose.getByText('登录旅游运营控制台').waitFor();
  });

  it('the configuration page saved untouched changes nothing; one change changes one key', async () => {
    const { page } = admin;
    // Every key set (the default language too: this browser chose Chinese).
    await page.evaluate(() => localStorage.setItem('arco-lang', 'zh-CN'));
    const entries = await api<SystemConfigEntry[]>(page, 'GET', '/system-config');
    await api(page, 'PUT', '/system-config', {
      changes: entries.map((e) => ({ key: e.key, value: otherConfigValue(e.key), version: 0 })),
    });
    const before = await api<SystemConfigEntry[]>(page, 'GET', '/system-config');
    expect(before.every((e) => e.overridden)).toBe(true);

    await page.goto(`${baseUrl}/system/system-config`);
    await page.getByTestId('system-config').waitFor();
    // Untouched: nothing to save.
    expect(await page.getByRole('button', { name: '没有修改' }).isDisabled()).toBe(true);

    // One field: that key only.
    const key = 'capacity.warningPercent';
    const value = (before.find((e) => e.key === key)!.value as number) + 1;
    await page.locator(`[data-config-key="${key}"] input`).fill(String(value));
    await page.getByRole('button', { name: /保存 1 项修改/ }).click();
    await page.getByTestId('config-diff').waitFor();
    await page.locator('.arco-modal:visible').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '已保存，立即生效' }).waitFor();
    const after = await api<SystemConfigEntry[]>(page, 'GET', '/system-config');
    const changed = SYSTEM_CONFIG_KEYS.filter(
      (k) =>
        JSON.stringify(after.find((e) => e.key === k)) !==
        JSON.stringify(before.find((e) => e.key === k)),
    );
    expect(changed).toEqual([key]);
    expect(after.find((e) => e.key === key)).toMatchObject({ value, version: 2 });
  });
});
