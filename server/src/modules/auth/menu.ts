// POST /api/user/menu: the server menu for the active role (seed §6, server-menu mode), built
// from the pages the versions pinned in this environment declare (issue 17) — the same
// metadata the host's menu and guard read from the pins.
import {
  menuForPermissions,
  sectionMeta,
  type SectionPinsResponse,
  type ServerMenuItem,
} from '@console/shared';

/**
 * Sections in menu order, each with the pages whose permission code the active role holds
 * (the same rule as the host's guard and menu). Pages hidden from the menu (detail pages) stay
 * in the answer: in server-menu mode the host's guard shows not-found for any route missing
 * from it, and the host's menu leaves hidden pages out by their `hideInMenu` meta.
 */
export function serverMenu(
  pins: SectionPinsResponse,
  permissions: readonly string[],
): ServerMenuItem[] {
  const sections = Object.values(pins.sections).flatMap((pin) =>
    pin?.pages ? [sectionMeta(pin.pages)] : [],
  );
  return menuForPermissions(sections, permissions);
}
