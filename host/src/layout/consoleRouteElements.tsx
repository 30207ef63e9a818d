// The `<Route>` elements of the shell's own pages (paths in routes/consoleRouteMeta.ts).
import { lazy, Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Spin } from '@arco-design/web-react';
import { CONSOLE_PAGES } from '../routes/consoleRouteMeta';
import {
  ErrorResult,
  Exception403,
  Exception500,
  NotFound,
  SuccessResult,
} from '../pages/lazyResults';

const UserInfoPage = lazy(() => import('../pages/user-info'));
const UserSettingPage = lazy(() => import('../pages/user-setting'));
const MessagesPage = lazy(() => import('../pages/messages'));

/** A page's code arriving keeps the layout in place (the nearest Suspense is here). */
const page = (node: ReactNode) => (
  <Suspense fallback={<Spin style={{ display: 'block', marginTop: 80 }} />}>{node}</Suspense>
);

const ELEMENTS: Record<keyof typeof CONSOLE_PAGES, ReactNode> = {
  userInfo: page(<UserInfoPage />),
  userSetting: page(<UserSettingPage />),
  messages: page(<MessagesPage />),
  resultSuccess: <SuccessResult />,
  resultError: <ErrorResult />,
  exception403: <Exception403 />,
  exception404: <NotFound />,
  exception500: <Exception500 />,
};

export function consoleRouteElements() {
  return (Object.keys(CONSOLE_PAGES) as (keyof typeof CONSOLE_PAGES)[]).map((name) => (
    <Route key={name} path={CONSOLE_PAGES[name]} element={ELEMENTS[name]} />
  ));
}
