// A session ended by an administrator ends in the user's open page at once, with why (issue 26
// item 15): the live channel tells the page, which signs out and shows the reason on /login,
// without the user clicking anything.
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from '../support/api';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

interface SystemUser {
  id: number;
  version: number;
}

/** A new user account, signed in (past the first sign-in's password change) in `page`. */
async function signedInNewUser(admin: Page, page: Page, language: 'zh-CN' | 'en-US') {
  const username = `live${Date.now() % 1_000_000}`;
  const { user } = await api<{ user: SystemUser }>(admin, 'POST', '/system/users', {
    username,
    name: '会话结束',
    roles: ['user'],
    password: 'Start1234',
  });
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const signIn = await page.request.post(`${baseUrl}/api/user/login`, {
    data: { username, password: 'Start1234' },
    headers,
  });
  expect(signIn.status()).toBe(200);
  await api(page, 'POST', '/user/password', { oldPassword: 'Start1234', newPassword: 'Live12345' });
  await page.addInitScript((lang) => localStorage.setItem('arco-lang', lang), language);
  // The live channel is open once the stream's headers arrive.
  const stream = page.waitForResponse((r) => r.url().includes('/api/events'));
  await page.goto(`${baseUrl}/dashboard/workplace`);
  await page.locator('[data-section-page="dashboard/workplace"]').waitFor();
  expect((await stream).status()).toBe(200);
  return api<SystemUser>(admin, 'GET', `/system/users/${user.id}`);
}

async function headline(page: Page) {
  // The page learns it by push (session.ended) and goes to the sign-in page: waited for with
  // room for a loaded CI box (5 s was short); nothing else on the page would take it there
  // this soon (the bell polls every 5 min while the stream is open).
  await page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fworkplace/, { timeout: 20_000 });
  const alert = page.getByTestId('login-error').locator('.arco-alert-title');
  await alert.waitFor({ timeout: 20_000 });
  return alert.textContent();
}

describe('a session ended by an administrator', () => {
  let admin: Browser;
  let member: Browser;
  beforeEach(async () => {
    [admin, member] = await Promise.all([openBrowser(), openBrowser()]);
    await login(admin.page, baseUrl, 'admin');
  });
  afterEach(async () => {
    await Promise.all([admin.close(), member.close()]);
  });

  it("a disabled user's open page goes to the login page at once, saying the account is disabled", async () => {
    const user = await signedInNewUser(admin.page, member.page, 'zh-CN');
    await api(admin.page, 'POST', `/system/users/${user.id}/enabled`, {
      enabled: false,
      version: user.version,
    });
    // No click, no reload: the page leaves by itself, with the sign-in refusal's words.
    expect(await headline(member.page)).toBe('账号已被停用，请联系管理员');
    // Signed out for real: the cached user is gone and a deep link asks to sign in again.
    await member.page.goto(`${baseUrl}/dashboard/workplace`);
    await member.page.waitForURL(/\/login\?/);
  });

  it('a reset password sends the open page to sign in again, in the page’s language', async () => {
    const user = await signedInNewUser(admin.page, member.page, 'en-US');
    await api(admin.page, 'POST', `/system/users/${user.id}/password`, { password: 'Reset1234' });
    expect(await headline(member.page)).toBe(
      'An administrator reset your password; sign in with the new one',
    );
  });
});
