// How a section attaches its page components to the shared route metadata (contracts/menu.ts).
// The host renders whatever a section's `./routes` module exports through this shape.
import type { ComponentType } from 'react';
import { SECTIONS, type RouteMeta, type SectionName } from '../contracts/menu';

export interface SectionRoute extends RouteMeta {
  Component: ComponentType;
}

export interface SectionModule {
  section: SectionName;
  version: string;
  routes: SectionRoute[];
}

/**
 * Pairs every page of `section` with its component. A page without a component, or a
 * component for an unknown page, fails at load, so a section cannot silently drop a route.
 */
export function defineSection(
  section: SectionName,
  version: string,
  components: Record<string, ComponentType>,
): SectionModule {
  const meta = SECTIONS.find((s) => s.key === section);
  if (!meta) throw new Error(`Unknown section ${section}`);
  const unknown = Object.keys(components).filter((key) => !meta.routes.some((r) => r.key === key));
  if (unknown.length > 0)
    throw new Error(`Section ${section} has components for unknown pages: ${unknown.join(', ')}`);
  const routes = meta.routes.map((route) => {
    const Component = components[route.key];
    if (!Component) throw new Error(`Section ${section} has no component for ${route.key}`);
    return { ...route, Component };
  });
  return { section, version, routes };
}
