// The strings of the pages inside the main layout (issue #4: settings drawer, message box, user
// centre, user settings, results and exceptions). The layout loads them, not the login page.
import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Locale } from '@console/shared/contracts/locale';
import { messagesFor, type MessageBundle, type Messages } from '@console/shared/i18n';
import { selectLocale, useAppSelector } from '@console/shared/store';
import enUS from './en-US';
import zhCN from './zh-CN';

const consoleBundle: MessageBundle = { 'zh-CN': zhCN, 'en-US': enUS };

export function consoleMessages(locale: Locale): Messages {
  return messagesFor(consoleBundle, locale);
}

/** The shell's messages around `children`, with the console pages' strings added. */
export function ConsoleMessages({ children }: { children: ReactNode }) {
  const parent = useIntl();
  const locale = useAppSelector(selectLocale);
  const messages = useMemo(
    () => ({ ...(parent.messages as Messages), ...consoleMessages(locale) }),
    [parent.messages, locale],
  );
  return (
    <IntlProvider locale={parent.locale} defaultLocale={parent.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
