// Which menu entries a role sees: menu order from the route metadata, hidden pages left out,
// the permission rule applied, and in server-menu mode only what the server menu lists.
import {
  inMenuOrder,
  type RouteMeta,
  type SectionMeta,
  type ServerMenuItem,
} from '@console/shared/contracts/menu';
import { canOpenRoute } from '@console/shared/permission';

export interface MenuSection {
  section: SectionMeta;
  routes: RouteMeta[];
}

export function visibleMenu(
  sections: readonly SectionMeta[],
  permissions: readonly string[],
  serverMenu: readonly ServerMenuItem[] | null,
): MenuSection[] {
  return inMenuOrder(sections)
    .map((section) => ({
      section,
      routes: section.routes.filter(
        (route) => !route.hideInMenu && canOpenRoute(route, permissions, serverMenu),
      ),
    }))
    .filter((entry) => entry.routes.length > 0);
}
