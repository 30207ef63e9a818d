// Helpers for the settings-drawer tests (issue #4).
import type { Page } from 'playwright-core';
import { DEFAULT_USER_SETTINGS } from '@console/shared/contracts/settings-defaults';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';

/** Resolves when a settings save reaches the server (one carrying `expected`, when given). */
export function settingsSaved(page: Page, expected?: Record<string, unknown>) {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/user/settings') || r.request().method() !== 'PUT' || !r.ok())
      return false;
    if (!expected) return true;
    const body = JSON.parse(r.request().postData() ?? '{}') as Record<string, unknown>;
    return Object.entries(expected).every(([k, v]) => body[k] === v);
  });
}

/** Opens the drawer if needed, flips one switch to `on`, and waits for the save. */
export async function setSetting(page: Page, key: string, on: boolean): Promise<void> {
  const drawer = page.locator('.console-settings-drawer');
  if (!(await drawer.isVisible())) {
    // Either opener, once the page has rendered it (right after a load it may not have yet).
    await page
      .getByTestId('settings-open')
      .or(page.getByTestId('settings-float'))
      .first()
      .waitFor({ state: 'visible' });
    const open = (await page.getByTestId('settings-open').isVisible())
      ? page.getByTestId('settings-open')
      : page.getByTestId('settings-float');
    await open.click();
    await drawer.waitFor({ state: 'visible' });
  }
  const toggle = page.getByTestId(`setting-${key}`);
  const checked = (await toggle.getAttribute('aria-checked')) === 'true';
  if (checked === on) return;
  const saved = settingsSaved(
    page,
    key === 'theme' ? { theme: on ? 'dark' : 'light' } : { [key]: on },
  );
  await toggle.click();
  await saved;
}

/** Puts the signed-in user's settings back to the seed defaults (other tests expect them). */
export async function resetSettings(page: Page): Promise<void> {
  await page.evaluate(async (defaults) => {
    await fetch('/api/user/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(defaults),
    });
    localStorage.removeItem('console.settings');
    localStorage.removeItem('console.primaryShades');
  }, DEFAULT_USER_SETTINGS);
}

/** The seed's settings with `theme` for the signed-in user, and `locale` for this browser. */
export async function useThemeAndLocale(
  page: Page,
  theme: 'light' | 'dark',
  locale: string,
): Promise<void> {
  await page.evaluate(
    async ({ settings, key, locale }) => {
      const res = await fetch('/api/user/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify(settings),
      });
      if (!res.ok) throw new Error(`saving the settings answered ${res.status}`);
      localStorage.removeItem('console.settings');
      localStorage.setItem(key, locale);
    },
    { settings: { ...DEFAULT_USER_SETTINGS, theme }, key: LOCALE_STORAGE_KEY, locale },
  );
}
