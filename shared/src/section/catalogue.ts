// The pages of the pinned sections, as the pins the host reads at boot declare them (issue 17):
// the menu, breadcrumb, tab titles, route guard and first-allowed-route are built from here,
// never from a build. Set once per page load (pins are read once per load; a new pin shows
// after a reload); a section that fails to load keeps its entries, since they come from the
// registry and not from its bundle.
import { useSyncExternalStore } from 'react';
import {
  SECTION_NAMES,
  inMenuOrder,
  sectionMeta,
  type RouteMeta,
  type SectionMeta,
  type SectionName,
  type SectionPages,
} from '../contracts/menu';

let sections: readonly SectionMeta[] = [];
let routes: readonly RouteMeta[] = [];
const listeners = new Set<() => void>();

/** Replaces the catalogue with what the pins (or a preview) declare, in section-name order. */
export function setPinnedPages(pages: Partial<Record<SectionName, SectionPages | null>>): void {
  sections = SECTION_NAMES.flatMap((name) => {
    const declared = pages[name];
    return declared ? [sectionMeta(declared)] : [];
  });
  routes = inMenuOrder(sections).flatMap((s) => s.routes);
  for (const listener of listeners) listener();
}

/** The pinned sections (in section-name order; `inMenuOrder` sorts them for a menu). */
export const pinnedSections = (): readonly SectionMeta[] => sections;

/** Every pinned page, sections in menu order, pages in their order. */
export const pinnedRoutes = (): readonly RouteMeta[] => routes;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pinned sections, re-rendering when the catalogue is set. */
export function usePinnedSections(): readonly SectionMeta[] {
  return useSyncExternalStore(subscribe, pinnedSections);
}

/** Every pinned page, re-rendering when the catalogue is set. */
export function usePinnedRoutes(): readonly RouteMeta[] {
  return useSyncExternalStore(subscribe, pinnedRoutes);
}
