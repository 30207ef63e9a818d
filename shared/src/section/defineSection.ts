// How a section attaches its page components to the pages it declares (its `src/pages.json`,
// contracts/menu.ts). The host renders whatever a section's `./routes` module exports through
// this shape.
import type { ComponentType } from 'react';
import {
  sectionMeta,
  type RouteMeta,
  type SectionName,
  type SectionPages,
} from '../contracts/menu';
import { PERMISSIONS, type Permission } from '../contracts/permissions';

export interface SectionRoute extends RouteMeta {
  Component: ComponentType;
}

export interface SectionModule {
  section: SectionName;
  version: string;
  routes: SectionRoute[];
}

/** `pages.json` as TypeScript reads it: permission codes are plain strings there. */
export type DeclaredPages = Omit<SectionPages, 'section' | 'pages'> & {
  section: string;
  pages: (Omit<SectionPages['pages'][number], 'permission'> & { permission: string })[];
};

/**
 * Pairs every declared page with its component. A page without a component, a component for
 * an undeclared page, or an unknown permission code fails at load, so a section cannot
 * silently drop a route.
 */
export function defineSection(
  declared: DeclaredPages,
  version: string,
  components: Record<string, ComponentType>,
): SectionModule {
  const section = declared.section as SectionName;
  for (const page of declared.pages) {
    if (!(PERMISSIONS as readonly string[]).includes(page.permission))
      throw new Error(
        `Section ${section}: ${page.key} names unknown permission ${page.permission}`,
      );
  }
  const meta = sectionMeta({
    ...declared,
    section,
    pages: declared.pages.map((p) => ({ ...p, permission: p.permission as Permission })),
  });
  const unknown = Object.keys(components).filter((key) => !meta.routes.some((r) => r.key === key));
  if (unknown.length > 0)
    throw new Error(
      `Section ${section} has components for undeclared pages: ${unknown.join(', ')}`,
    );
  const routes = meta.routes.map((route) => {
    const Component = components[route.key];
    if (!Component) throw new Error(`Section ${section} has no component for ${route.key}`);
    return { ...route, Component };
  });
  return { section, version, routes };
}
