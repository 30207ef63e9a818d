// The settings drawer (seed §2, §4; issue #4): every setting applies at once, is saved to the
// user's account and is still applied after a reload, before the first paint.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { resetSettings, setSetting, settingsSaved } from '../support/settings';

const baseUrl = inject('baseUrl');

async function reload(page: Page) {
  await page.reload();
  await page.locator('[data-section-page]').first().waitFor();
}

async function openDrawer(page: Page) {
  if (await page.locator('.console-settings-drawer').isVisible()) return;
  await page.getByTestId('settings-open').click();
  await page.locator('.console-settings-drawer').waitFor({ state: 'visible' });
}

describe('the settings drawer', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    });
    // Remembers the page's theme when the first content appears (the no-flash check).
    await browser.context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (root && root.childElementCount > 0) {
          (window as unknown as { firstPaintTheme: string }).firstPaintTheme =
            document.body.getAttribute('arco-theme') ?? 'light';
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(async () => {
    await resetSettings(browser.page);
    await browser.close();
  });

  it('is rendered with width 300 and the theme, content and other sections', async () => {
    const { page } = browser;
    // Always rendered: present in the page before it is ever opened.
    expect(await page.locator('.console-settings-drawer').count()).toBe(1);
    await openDrawer(page);
    // Read once its opening animation has ended (mid-slide it measures 299.9999).
    await expect
      .poll(async () => (await page.locator('.console-settings-drawer').boundingBox())?.width)
      .toBe(300);
    expect(await page.locator('.console-settings-section-title').allTextContents()).toEqual([
      '主题色',
      '内容区域',
      '其他设置',
    ]);
    // Seed default #165DFF applied as Arco's 10 primary shades.
    const shades = await page
      .locator('[data-testid=theme-shades] span')
      .evaluateAll((s) => s.map((e) => e.getAttribute('data-shade')));
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('22,93,255');
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.body).getPropertyValue('--primary-6').trim(),
      ),
    ).toBe('22,93,255');
  });

  it('footer and tab bar: toggled, saved, still applied after a reload', async () => {
    const { page } = browser;
    await setSetting(page, 'footer', false);
    expect(await page.getByTestId('footer').count()).toBe(0);
    await setSetting(page, 'tabBar', true);
    expect(await page.locator('.console-tab').count()).toBeGreaterThan(0);
    await reload(page);
    expect(await page.getByTestId('footer').count()).toBe(0);
    expect(await page.locator('.console-tab').count()).toBeGreaterThan(0);
  });

  it('a change made just before a reload still reaches the account', async () => {
    const { page } = browser;
    await openDrawer(page);
    const toggle = page.getByTestId('setting-footer');
    const before = (await toggle.getAttribute('aria-checked')) === 'true';
    // Reloading at once, inside the save's debounce: the page sends it while it unloads.
    await toggle.click();
    await reload(page);
    const saved = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/user/info', {
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        });
        const body = (await res.json()) as { data: { settings: { footer?: boolean } | null } };
        return body.data.settings?.footer;
      });
    await expect.poll(saved, { timeout: 5_000 }).toBe(!before);
    expect((await page.getByTestId('footer').count()) > 0).toBe(!before);
    await setSetting(page, 'footer', before);
  });

  it('menu and menu width', async () => {
    const { page } = browser;
    await openDrawer(page);
    const width = page.getByTestId('setting-menuWidth');
    const saved = settingsSaved(page, { menuWidth: 260 });
    await width.fill('260');
    await width.press('Enter');
    await saved;
    expect((await page.locator('.console-layout-sider').boundingBox())?.width).toBe(260);
    await setSetting(page, 'menu', false);
    expect(await page.locator('.console-layout-sider').count()).toBe(0);
    await reload(page);
    expect(await page.locator('.console-layout-sider').count()).toBe(0);
    await setSetting(page, 'menu', true);
    expect((await page.locator('.console-layout-sider').boundingBox())?.width).toBe(260);
  });

  it('top menu turns menu collapse off', async () => {
    const { page } = browser;
    await page.keyboard.press('Escape');
    await page.locator('.console-settings-drawer').waitFor({ state: 'hidden' });
    const collapsed = settingsSaved(page, { menuCollapse: true });
    await page.getByTestId('menu-collapse').click();
    await collapsed;
    await setSetting(page, 'topMenu', true);
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem('console.settings') ?? '{}').menuCollapse,
      ),
    ).toBe(false);
    expect(await page.locator('.console-navbar-center [data-testid=section-menu]').count()).toBe(1);
    await reload(page);
    expect(await page.locator('.console-navbar-center [data-testid=section-menu]').count()).toBe(1);
    await setSetting(page, 'topMenu', false);
  });

  it('colour-weak inverts the page by 80 % and clears when off', async () => {
    const { page } = browser;
    const filter = () => page.evaluate(() => getComputedStyle(document.body).filter);
    await setSetting(page, 'colorWeak', true);
    expect(await filter()).toBe('invert(0.8)');
    await reload(page);
    expect(await filter()).toBe('invert(0.8)');
    await setSetting(page, 'colorWeak', false);
    expect(await filter()).toBe('none');
  });

  it('dark theme is applied before the first paint after a reload', async () => {
    const { page } = browser;
    await setSetting(page, 'theme', true);
    expect(await page.locator('body').getAttribute('arco-theme')).toBe('dark');
    await reload(page);
    expect(
      await page.evaluate(() => (window as unknown as { firstPaintTheme: string }).firstPaintTheme),
    ).toBe('dark');
    // The dark palette of the theme colour differs from the light one.
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.body).getPropertyValue('--primary-6').trim(),
      ),
    ).not.toBe('22,93,255');
    await setSetting(page, 'theme', false);
  });

  it('theme colour: a new colour generates and applies 10 shades at once', async () => {
    const { page } = browser;
    await openDrawer(page);
    await page.locator('[data-testid=setting-themeColor]').click();
    const hex = page.locator('.arco-color-picker-input-hex input');
    await hex.waitFor();
    const saved = settingsSaved(page, { themeColor: '#F53F3F' });
    await hex.fill('F53F3F');
    await hex.press('Enter');
    await saved;
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.body).getPropertyValue('--primary-6').trim(),
      ),
    ).toBe('245,63,63');
    const shades = await page
      .locator('[data-testid=theme-shades] span')
      .evaluateAll((s) => s.map((e) => e.getAttribute('data-shade')));
    expect(new Set(shades).size).toBe(10);
    await reload(page);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.body).getPropertyValue('--primary-6').trim(),
      ),
    ).toBe('245,63,63');
  });

  it('copy settings puts the JSON on the clipboard and says so', async () => {
    const { page } = browser;
    await openDrawer(page);
    await page.locator('.console-settings-drawer .arco-drawer-footer .arco-btn-primary').click();
    await page.locator('.arco-message', { hasText: '复制成功' }).waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<
      string,
      unknown
    >;
    expect(copied).toMatchObject({
      themeColor: '#F53F3F',
      footer: false,
      tabBar: true,
      menuWidth: 260,
      serverMenu: [],
    });
  });

  it('without the navbar a floating button opens the drawer, and cancel closes it', async () => {
    const { page } = browser;
    expect(await page.getByTestId('settings-float').count()).toBe(0);
    await setSetting(page, 'navbar', false);
    await page.keyboard.press('Escape');
    await page.locator('.console-settings-drawer').waitFor({ state: 'hidden' });
    await page.getByTestId('settings-float').click();
    await page.locator('.console-settings-drawer').waitFor({ state: 'visible' });
    await page.locator('.console-settings-drawer .arco-drawer-footer .arco-btn-secondary').click();
    await page.locator('.console-settings-drawer').waitFor({ state: 'hidden' });
    await reload(page);
    expect(await page.locator('.console-layout-navbar').count()).toBe(0);
    await page.getByTestId('settings-float').click();
    const saved = settingsSaved(page, { navbar: true });
    await page.getByTestId('setting-navbar').click();
    await saved;
    expect(await page.getByTestId('settings-float').count()).toBe(0);
  });

  it('menu from server fetches the menu; a failure shows an error notification', async () => {
    const { page } = browser;
    let calls = 0;
    await page.route('**/api/user/menu', (route) => {
      calls++;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":50000,"msg":"boom","data":null}',
      });
    });
    await openDrawer(page);
    const asked = page.waitForRequest(
      (r) => r.url().endsWith('/api/user/menu') && r.method() === 'POST',
    );
    await page.getByTestId('setting-menuFromServer').click();
    await asked;
    const failure = page.locator('.arco-notification', { hasText: '菜单加载失败' });
    await failure.first().waitFor();
    // The drawer and the route guard both ask; one request, one notification.
    await page.waitForTimeout(500);
    expect(calls).toBe(1);
    expect(await failure.count()).toBe(1);
    await page.unroute('**/api/user/menu');
    await setSetting(page, 'menuFromServer', false);
  });
});
