// Pages the shell itself owns inside the main layout. Issue-by-issue the shell adds its own
// pages here (user centre, results, section versions …); section pages come from the pins
// (the pages each pinned version declares, issue 17).
import { SECTION_NAMES, type SectionMeta } from '@console/shared/contracts/menu';
import { routesInMenuOrder, type GuardedRoute } from '@console/shared/permission';
import { SECTION_VERSIONS_ROUTE } from '../pages/section-versions/route';
import { CONSOLE_ROUTES } from './consoleRouteMeta';

export const REDIRECT_ROUTE: GuardedRoute = {
  key: 'redirect',
  path: '/redirect/:path',
  requiresAuth: true,
  hideInMenu: true,
  shell: true,
};

/** `/guide`, `/team` …: the breadcrumb links there; it opens the section's first allowed page. */
export const SECTION_INDEX_ROUTES: GuardedRoute[] = SECTION_NAMES.map((section) => ({
  key: section,
  path: `/${section}`,
  requiresAuth: true,
  hideInMenu: true,
  shell: true,
}));

export const SHELL_ROUTES: GuardedRoute[] = [
  REDIRECT_ROUTE,
  ...SECTION_INDEX_ROUTES,
  SECTION_VERSIONS_ROUTE,
  ...CONSOLE_ROUTES,
];

/** Every route the guard knows inside the main layout; the pinned sections' pages in menu order,
 * so a denied navigation goes to the first page the menu shows. */
export const guardedRoutes = (sections: readonly SectionMeta[]): GuardedRoute[] => [
  ...SHELL_ROUTES,
  ...routesInMenuOrder(sections),
];
