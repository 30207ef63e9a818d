// How the shell mounts the Section versions page (route.ts), inside the main layout.
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Spin } from '@arco-design/web-react';
import { SECTION_VERSIONS_ROUTE } from './route';

const SectionVersionsPage = lazy(() => import('./index'));

export const sectionVersionsRouteElement = () => (
  <Route
    key={SECTION_VERSIONS_ROUTE.key}
    path={SECTION_VERSIONS_ROUTE.path}
    element={
      <Suspense fallback={<Spin style={{ display: 'block', marginTop: 80 }} />}>
        <SectionVersionsPage />
      </Suspense>
    }
  />
);
