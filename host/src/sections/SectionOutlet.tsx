// One section's pages inside the shell: loaded lazily through Module Federation, inside an
// error boundary whose retry re-creates the lazy component (React.lazy caches a failure).
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { Route, Routes } from 'react-router-dom';
import type { SectionName } from '@console/shared/contracts/menu';
import { messagesFor } from '@console/shared/i18n';
import { selectLocale, useAppSelector } from '@console/shared/store';
import { NotFound } from '../pages/lazyResults';
import { PageLoading } from '../routes/PageLoading';
import { loadSection, SectionLoadError, type LoadedSection } from './registry';
import { SectionErrorBoundary } from './SectionErrorBoundary';

function SectionRoutes({ loaded }: { loaded: LoadedSection }) {
  const parent = useIntl();
  const locale = useAppSelector(selectLocale);
  const sectionPath = `/${loaded.module.section}`;
  return (
    <IntlProvider
      locale={parent.locale}
      defaultLocale={parent.defaultLocale}
      messages={{
        ...(parent.messages as Record<string, string>),
        ...messagesFor(loaded.messages, locale),
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {loaded.module.routes.map(({ key, path, Component }) => (
            <Route
              key={key}
              path={path.slice(sectionPath.length + 1)}
              element={
                // Which section page is on screen, whatever the section renders (tests, support).
                <div data-section-page={key}>
                  <Component />
                </div>
              }
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </IntlProvider>
  );
}

interface LazySection {
  attempt: number;
  Component: ComponentType;
}

// One lazy component per section, shared by every kept-alive tab of that section.
const lazySections = new Map<SectionName, LazySection>();

function createLazySection(section: SectionName, attempt: number): LazySection {
  const Component = lazy(async () => {
    let loaded: LoadedSection;
    try {
      loaded = await loadSection(section, attempt > 0);
    } catch (error) {
      // The boundary tells a remote that failed to load from a page that failed to render.
      throw new SectionLoadError(section, error);
    }
    return { default: () => <SectionRoutes loaded={loaded} /> };
  });
  const entry = { attempt, Component };
  lazySections.set(section, entry);
  return entry;
}

export function SectionOutlet({ section }: { section: SectionName }) {
  const [entry, setEntry] = useState(
    () => lazySections.get(section) ?? createLazySection(section, 0),
  );
  const retry = () => {
    const latest = lazySections.get(section);
    // Another outlet may already have retried; otherwise start a new attempt.
    setEntry(
      latest && latest.attempt > entry.attempt
        ? latest
        : createLazySection(section, entry.attempt + 1),
    );
  };
  return (
    <SectionErrorBoundary key={entry.attempt} section={section} onRetry={retry}>
      <Suspense fallback={<PageLoading />}>
        <entry.Component />
      </Suspense>
    </SectionErrorBoundary>
  );
}
