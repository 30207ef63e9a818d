// The Section versions page's route: a shell route opened by `system:sections` (issue 5) — the
// one place the client names that code; the user menu asks this route. Its element is in
// routeElement.tsx, loaded with the layout (the guard reads this file before sign-in).
import type { GuardedRoute } from '@console/shared/permission';

export const SECTION_VERSIONS_PATH = '/section-versions';

export const SECTION_VERSIONS_ROUTE: GuardedRoute = {
  key: 'section-versions',
  path: SECTION_VERSIONS_PATH,
  requiresAuth: true,
  permission: 'system:sections',
  hideInMenu: true,
  shell: true,
};
