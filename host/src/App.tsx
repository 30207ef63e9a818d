import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { BrowserRouter } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { DEFAULT_LOCALE } from '@console/shared/contracts/locale';
import {
  selectLocale,
  selectSettings,
  SETTINGS_STORAGE_KEY,
  store,
  useAppSelector,
} from '@console/shared/store';
import { usePinnedSections } from '@console/shared/section';
import { shellMessages } from './locale';
import { AppRoutes } from './routes/AppRoutes';
import { useDocumentTitle } from './siteName';

function LocaleProviders({ children }: { children: ReactNode }) {
  const locale = useAppSelector(selectLocale);
  const sections = usePinnedSections();
  const messages = useMemo(() => shellMessages(locale, sections), [locale, sections]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS}>
        <DocumentTitle />
        {children}
      </ConfigProvider>
    </IntlProvider>
  );
}

function DocumentTitle() {
  useDocumentTitle();
  return null;
}

/** Applies the theme and colour-weak settings to the page and keeps them on this browser. */
function SettingsEffects() {
  const { serverMenu: _serverMenu, ...settings } = useAppSelector(selectSettings);
  useEffect(() => {
    if (settings.theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
    else document.body.removeAttribute('arco-theme');
  }, [settings.theme]);
  useEffect(() => {
    document.body.classList.toggle('color-weak', settings.colorWeak);
  }, [settings.colorWeak]);
  const serialized = JSON.stringify(settings);
  useEffect(() => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, serialized);
  }, [serialized]);
  return null;
}

export function App() {
  return (
    <Provider store={store}>
      <LocaleProviders>
        <SettingsEffects />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </LocaleProviders>
    </Provider>
  );
}
