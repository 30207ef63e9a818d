// The layout's page area. With the tab bar on, every visited page stays mounted (hidden when
// not active) so switching tabs keeps its state; without it only the current page renders.
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { SECTION_NAMES, type SectionName } from '@console/shared/contracts/menu';
import { usePinnedSections } from '@console/shared/section';
import { firstAllowedRoute, type GuardedRoute } from '@console/shared/permission';
import { invalidateApiTags, userApi } from '@console/shared/api';
import {
  selectPermissions,
  selectSettings,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { NotFound } from '../pages/lazyResults';
import { RedirectPage } from '../pages/redirect';
import { SectionOutlet } from '../sections/SectionOutlet';
import { REDIRECT_ROUTE } from '../routes/shellRoutes';
import { sectionVersionsRouteElement } from '../pages/section-versions/routeElement';
import { selectTabs, tabVisited } from './tabs/tabsSlice';
import { consoleRouteElements } from './consoleRouteElements';

function SectionIndex({ section }: { section: SectionName }) {
  const permissions = useAppSelector(selectPermissions);
  const { menuFromServer, serverMenu } = useAppSelector(selectSettings);
  const routes = usePinnedSections().find((s) => s.key === section)?.routes ?? [];
  const first = firstAllowedRoute(permissions, {
    routes,
    serverMenu: menuFromServer ? serverMenu : null,
  });
  return first ? <Navigate to={first.path} replace /> : <NotFound />;
}

export function ContentRoutes({ location }: { location?: Partial<Location> }) {
  return (
    <Routes location={location}>
      <Route path={REDIRECT_ROUTE.path} element={<RedirectPage />} />
      {sectionVersionsRouteElement()}
      {consoleRouteElements()}
      {SECTION_NAMES.map((section) => [
        <Route key={section} path={`/${section}`} element={<SectionIndex section={section} />} />,
        <Route
          key={`${section}/*`}
          path={`/${section}/*`}
          // Keyed: React must not reuse one section's outlet (and its failure) for another.
          element={<SectionOutlet key={section} section={section} />}
        />,
      ])}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

const WORKPLACE_KEY = 'dashboard/workplace';
/** Paths the server accepts as a recent page (`recentVisitBody`). */
const RECORDABLE_PATH = /^\/[A-Za-z0-9/_.-]{0,199}$/;

/** Pages the tab bar keeps: section pages, never the redirect helper or a section index. */
function isTabbable(route: GuardedRoute | null): route is GuardedRoute {
  return route !== null && !route.shell;
}

export function PageContent({ route }: { route: GuardedRoute | null }) {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const { tabBar } = useAppSelector(selectSettings);
  const tabs = useAppSelector(selectTabs);
  const tabbable = isTabbable(route);

  useEffect(() => {
    if (tabbable)
      dispatch(
        tabVisited({ path: location.pathname, search: location.search, routeKey: route.key }),
      );
  }, [dispatch, tabbable, route?.key, location.pathname, location.search]);

  // The workplace's "recently visited" is kept on the server, per user (issue #16 §2).
  useEffect(() => {
    if (!tabbable || !RECORDABLE_PATH.test(location.pathname)) return;
    const key = route.key;
    userApi
      .recordVisit({ key, path: location.pathname })
      .then(() => {
        if (key !== WORKPLACE_KEY)
          invalidateApiTags(dispatch, [{ type: 'Dashboard', id: 'WORKPLACE' }]);
      })
      .catch(() => undefined);
  }, [dispatch, tabbable, route?.key, location.pathname]);

  if (route === null) return <NotFound />;
  if (!tabBar || !tabbable) return <ContentRoutes />;

  const active = tabs.some((t) => t.path === location.pathname)
    ? tabs
    : [
        ...tabs,
        { path: location.pathname, search: location.search, routeKey: route.key, version: 0 },
      ];
  return (
    <>
      {active.map((tab) => {
        const isActive = tab.path === location.pathname;
        return (
          <div
            key={`${tab.path}#${tab.version}`}
            style={isActive ? undefined : { display: 'none' }}
            data-tab-page={tab.path}
          >
            <ContentRoutes
              location={
                isActive
                  ? location
                  : { pathname: tab.path, search: tab.search, hash: '', state: null, key: tab.path }
              }
            />
          </div>
        );
      })}
    </>
  );
}
