// Runs the seed §6 guard on every navigation inside the main layout.
import { lazy, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideNavigation } from '@console/shared/permission';
import {
  fetchServerMenu,
  fetchUserInfo,
  selectSettings,
  selectUser,
  selectUserStatus,
  useAppDispatch,
  useAppSelector,
} from '@console/shared/store';
import { usePinnedSections } from '@console/shared/section';
import { guardedRoutes } from './shellRoutes';
import { CONSOLE_PAGES } from './consoleRouteMeta';
import { PageLoading } from './PageLoading';

const MainLayout = lazy(() => import('../layout'));

export function RouteGuard() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectUserStatus);
  const { menuFromServer, serverMenu } = useAppSelector(selectSettings);
  const sections = usePinnedSections();
  const routes = useMemo(() => guardedRoutes(sections), [sections]);

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    routes,
    user: {
      status,
      role: user?.role ?? '',
      name: user?.name ?? '',
      permissions: user?.permissions ?? [],
    },
    menuFromServer,
    serverMenu,
  });

  useEffect(() => {
    if (decision.kind === 'fetchUserInfo') void dispatch(fetchUserInfo());
    if (decision.kind === 'fetchServerMenu') void dispatch(fetchServerMenu());
  }, [decision.kind, dispatch]);

  // A password set by an administrator must be changed before anything else (issue #15).
  if (
    decision.kind === 'allow' &&
    user?.mustChangePassword &&
    location.pathname !== CONSOLE_PAGES.userSetting
  ) {
    return <Navigate to={`${CONSOLE_PAGES.userSetting}?tab=security`} replace />;
  }

  switch (decision.kind) {
    case 'allow':
      return <MainLayout route={decision.route} />;
    case 'notFound':
      return <MainLayout route={null} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return <PageLoading />;
  }
}
