// Runs one section on its own dev server (no shell): its pages under a bare router, signed in
// through the same API. Used by each section's own entry, never by the host.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { localized, messagesFor, type MessageBundle } from '../i18n/messages';
import { store } from '../store';
import type { SectionModule } from './defineSection';

export function mountStandalone(
  module: SectionModule,
  messages: MessageBundle,
  element: HTMLElement,
): void {
  const locale = store.getState().locale.locale;
  const pageTitles = Object.fromEntries(
    module.routes.map((route) => [route.locale, localized(route.title, locale)]),
  );
  const allMessages = { ...pageTitles, ...messagesFor(messages, locale) };
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <IntlProvider locale={locale} messages={allMessages}>
          <BrowserRouter>
            <Routes>
              {module.routes.map(({ key, path, Component }) => (
                <Route key={key} path={path} element={<Component />} />
              ))}
              <Route path="*" element={<Navigate to={module.routes[0].path} replace />} />
            </Routes>
          </BrowserRouter>
        </IntlProvider>
      </Provider>
    </StrictMode>,
  );
}
