// The form round trip of the user's own forms in the browser (issue 25, test family): the
// basic-information form saved untouched leaves the profile as it was, version too, and one
// field changed changes that field only; the settings drawer applied at sign-in from a record
// with every setting set sends nothing, and one switch flipped changes that setting only.
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { ProfileInfo, UserSettings } from '@console/shared';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { resetSettings, setSetting } from '../support/settings';

const baseUrl = inject('baseUrl');

const changedKeys = (a: object, b: object) => {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
    (k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]),
  );
};

describe('form round trip in the browser', () => {
  let browser: Browser;
  beforeEach(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterEach(() => browser.close());

  it('the basic-information form saved untouched changes nothing; one field changes one field', async () => {
    const { page } = browser;
    const original = await api<ProfileInfo>(page, 'GET', '/user/profile');
    const { avatar: _a, version: _v, ...originalFields } = original;
    try {
      await api(page, 'PUT', '/user/profile', {
        email: 'dispatch@example.com',
        nickname: '李调度',
        countryRegion: 'china',
        area: '杭州',
        address: '西湖区文三路 90 号',
        profile: '负责华东线路的导游调度。',
        version: original.version,
      });
      const record = await api<ProfileInfo>(page, 'GET', '/user/profile');

      await page.goto(`${baseUrl}/user/setting`);
      const form = page.getByTestId('basic-info-form');
      const address = form.locator('.arco-form-item', { hasText: '具体地址' }).locator('input');
      await expect.poll(() => address.inputValue()).toBe(record.address);
      const save = async () => {
        const saved = page.waitForResponse(
          (r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT',
        );
        await page.getByTestId('basic-info-save').click();
        expect((await saved).status()).toBe(200);
      };
      await save();
      expect(await api<ProfileInfo>(page, 'GET', '/user/profile')).toEqual(record);

      await form.locator('.arco-form-item', { hasText: '所在区域' }).locator('input').fill('宁波');
      await save();
      const after = await api<ProfileInfo>(page, 'GET', '/user/profile');
      expect(changedKeys(record, after).sort()).toEqual(['area', 'version']);
      expect(after).toMatchObject({ area: '宁波', version: record.version + 1 });
    } finally {
      // Back to the demo profile as far as the contract takes it (a demo field may be empty
      // where the form requires one).
      const { avatar: _b, version, ...now } = await api<ProfileInfo>(page, 'GET', '/user/profile');
      const kept = Object.entries(originalFields).filter(([k, v]) => v !== '' || k === 'address');
      await api(page, 'PUT', '/user/profile', {
        ...now,
        ...Object.fromEntries(kept),
        profile: original.profile,
        version,
      });
    }
  });

  it('the settings drawer sends nothing for settings it applied, and one switch changes one setting', async () => {
    const { page } = browser;
    const record: UserSettings = {
      theme: 'dark',
      colorWeak: false,
      navbar: true,
      menu: true,
      // The top menu with the menu collapsed: applying it must not run the drawer's rule
      // (changing topMenu clears menuCollapse), which would save what the user never did.
      topMenu: true,
      hideMenu: false,
      menuCollapse: true,
      footer: false,
      themeColor: '#F53F3F',
      menuWidth: 300,
      globalSettings: true,
      device: 'desktop',
      tabBar: true,
      menuFromServer: false,
      serverMenu: [{ key: 'dashboard/workplace', path: '/dashboard/workplace' }],
    };
    try {
      await api(page, 'PUT', '/user/settings', record);
      // A new browser signs in: the account's settings apply, and nothing is saved back.
      const other = await openBrowser();
      try {
        const sent: string[] = [];
        other.page.on('request', (r) => {
          if (r.url().endsWith('/api/user/settings') && r.method() === 'PUT')
            sent.push(r.postData() ?? '');
        });
        await login(other.page, baseUrl, 'operator');
        await expect
          .poll(() => other.page.evaluate(() => document.body.getAttribute('arco-theme')))
          .toBe('dark');
        await other.page.waitForTimeout(1500);
        expect(sent).toEqual([]);
        const info = await api<{ settings: UserSettings }>(other.page, 'GET', '/user/info');
        expect(info.settings).toEqual(record);

        await setSetting(other.page, 'footer', true);
        const after = (await api<{ settings: UserSettings }>(other.page, 'GET', '/user/info'))
          .settings;
        expect(changedKeys(record, after)).toEqual(['footer']);
      } finally {
        await resetSettings(other.page);
        await other.close();
      }
    } finally {
      await resetSettings(page);
    }
  });
});
