// How the shell mounts the Section versions page: a shell route opened by `system:sections`
// (issue 5) — the one place the client names that code; the user menu asks this route.
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Spin } from '@arco-design/web-react';
import type { GuardedRoute } from '@console/shared/permission';
import { SECTION_VERSIONS_PATH } from './MenuLabel';

const SectionVersionsPage = lazy(() => import('./index'));

export const SECTION_VERSIONS_ROUTE: GuardedRoute = {
  key: 'section-versions',
  path: SECTION_VERSIONS_PATH,
  requiresAuth: true,
  permission: 'system:sections',
  hideInMenu: true,
  shell: true,
};

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
