// Issue 26 item 12: the config page's help gives each default in the page's language; in English
// no help line shows the Chinese default site name (jsdom, the entries as the server answers).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { DEFAULT_ROLE_PERMISSIONS, SYSTEM_CONFIG_KEYS, type UserInfo } from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import enUS from '../../locale/en-US';
import { systemQueries } from '../../api';
import { CONFIG } from '../../test/fixtures';
import SystemConfigPage from '.';

function renderIn(locale: 'zh-CN' | 'en-US') {
  const store = createStore();
  store.dispatch(
    fetchUserInfo.fulfilled(
      {
        role: 'admin',
        name: 'admin',
        permissions: DEFAULT_ROLE_PERMISSIONS.admin,
      } as unknown as UserInfo,
      'test',
    ),
  );
  void store.dispatch(systemQueries.util.upsertQueryData('systemConfig', undefined, CONFIG));
  render(
    <Provider store={store}>
      <IntlProvider locale={locale} messages={locale === 'zh-CN' ? zhCN : enUS}>
        <SystemConfigPage />
      </IntlProvider>
    </Provider>,
  );
}

const helpOf = (key: string) =>
  document.querySelector(`[data-config-key="${key}"]`)!.closest('.arco-form-item')!.textContent;

afterEach(cleanup);

describe('the config help gives defaults in the page’s language', () => {
  it('English: the default site name in English, no Chinese in any help line', async () => {
    renderIn('en-US');
    await screen.findByTestId('system-config');
    expect(helpOf('site.name')).toContain('Default: Tour Operations Console');
    // A language is named in itself (简体中文 / English), as in the language menus.
    for (const key of SYSTEM_CONFIG_KEYS.filter((k) => k !== 'site.defaultLocale')) {
      const help = helpOf(key) ?? '';
      expect(help.slice(help.indexOf('Default:')), key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('Chinese: 默认值：旅游运营控制台', async () => {
    renderIn('zh-CN');
    await screen.findByTestId('system-config');
    expect(helpOf('site.name')).toContain('默认值：旅游运营控制台');
  });
});
