// Route and menu metadata of section pages (issue 17). Each section declares its own pages in
// `remotes/<name>/src/pages.json`; its `./routes` module attaches components to them, its build
// copies them beside its manifest, publishing checks and stores them, and the pins the host
// reads at boot carry them. Here: the shapes, the seed's fixed facts every version must keep,
// and the rules that build menus from whatever the pinned versions declare.
// Framework-free: the host, the sections and the server import it.
import type { Localized } from './locale';
import { hasPermission, type Permission } from './permissions';
// Types only: this file stays zod-free at run time (the shell's boot chunk imports it).
import type { z } from 'zod';
import type { ServerMenuItem } from './auth';
import type { pageDeclaration, sectionPages } from './sections';
export type { ServerMenuItem };

import type { SectionName } from './section-names';
export { SECTION_NAMES, type SectionName } from './section-names';

/** The file a section's build writes beside its `mf-manifest.json`. */
export const SECTION_PAGES_FILE = 'section-pages.json';
/** Where a section declares its pages, relative to `remotes/<name>/` (its `./routes` imports it). */
export const SECTION_PAGES_SOURCE = 'src/pages.json';

/** One page as a section declares it (`remotes/<name>/src/pages.json`). */
export type PageDeclaration = z.infer<typeof pageDeclaration>;

/** A section's declaration of itself and its pages: the content of `section-pages.json`. */
export type SectionPages = z.infer<typeof sectionPages>;

export interface RouteMeta {
  key: string;
  path: string;
  /** Translation key of the page title and menu label. */
  locale: string;
  title: Localized;
  requiresAuth: boolean;
  hideInMenu: boolean;
  permission: Permission;
  order: number;
}

export interface SectionMeta {
  key: SectionName;
  path: `/${SectionName}`;
  locale: string;
  title: Localized;
  icon: string;
  order: number;
  routes: readonly RouteMeta[];
}

/** The runtime form of a declaration: locale keys, pages in menu order. */
export function sectionMeta(declared: SectionPages): SectionMeta {
  return {
    key: declared.section,
    path: `/${declared.section}`,
    locale: `menu.${declared.section}`,
    title: declared.title,
    icon: declared.icon,
    order: declared.order,
    routes: declared.pages
      .map((page, index) => ({ page, index }))
      .sort((a, b) => a.page.order - b.page.order || a.index - b.index)
      .map(({ page }) => ({
        key: page.key,
        path: page.path,
        locale: `menu.${page.key.replace(/\//g, '.')}`,
        title: page.title,
        requiresAuth: true,
        hideInMenu: page.hideInMenu ?? false,
        permission: page.permission,
        order: page.order,
      })),
  };
}

/**
 * The seed's fixed facts (seed §2 and §6, by permission code), written once: every published
 * version of a section keeps these pages at these paths, opened by these codes, and the
 * section keeps its menu order value.
 */
export const SEED_SECTION_ORDER: Record<SectionName, number> = {
  dashboard: 0,
  guide: 1,
  scenic: 0,
  team: 0,
  system: 9,
};

export const SEED_PAGES: readonly { key: string; path: string; permission: Permission }[] = [
  { key: 'dashboard/workplace', path: '/dashboard/workplace', permission: 'dashboard:read' },
  { key: 'dashboard/monitor', path: '/dashboard/monitor', permission: 'monitor:view' },
  { key: 'guide/list', path: '/guide/list', permission: 'guide:read' },
  { key: 'guide/profile', path: '/guide/profile/:id', permission: 'guide:read' },
  { key: 'scenic/list', path: '/scenic/list', permission: 'scenic:read' },
  { key: 'scenic/maintenance', path: '/scenic/maintenance', permission: 'scenic:maintain' },
  { key: 'scenic/detail', path: '/scenic/detail/:id', permission: 'scenic:read' },
  { key: 'team/waiting', path: '/team/waiting', permission: 'team:read' },
  { key: 'team/ongoing', path: '/team/ongoing', permission: 'team:read' },
  { key: 'team/history', path: '/team/history', permission: 'team:read' },
  { key: 'team/detail', path: '/team/detail/:id', permission: 'team:read' },
  ...(
    [
      'property-management',
      'user-management',
      'role-management',
      'system-config',
      'operation-log',
      'backup-restore',
    ] as const
  ).map((page) => ({
    key: `system/${page}`,
    path: `/system/${page}`,
    permission: 'system:read' as const,
  })),
];

/** The section a page key or path belongs to (its first segment). */
export const sectionOfKey = (key: string): string => key.replace(/^\//, '').split('/')[0];

/** The default landing route (seed §2). */
export const DEFAULT_ROUTE = '/dashboard/workplace';

/** Route names reachable whatever the server menu says (seed §6). */
export const MENU_WHITELIST = ['login', 'not-found'] as const;

/**
 * The page-access rule, written once (seed §6 by permission code): a route is open when it
 * needs no authentication, names no permission (a shell page any signed-in user may see), or
 * names a permission the active role holds. The built-in roles' default permissions
 * (contracts/permissions.ts) reproduce the seed's role lists exactly.
 */
export function routeAdmits(
  route: { requiresAuth: boolean; permission?: Permission },
  permissions: readonly string[],
): boolean {
  if (!route.requiresAuth || route.permission === undefined) return true;
  return hasPermission(permissions, route.permission);
}

/** Sections by their menu order value (declaration order when equal). */
export function inMenuOrder(sections: readonly SectionMeta[]): SectionMeta[] {
  return sections
    .map((section, index) => ({ section, index }))
    .sort((a, b) => a.section.order - b.section.order || a.index - b.index)
    .map(({ section }) => section);
}

/**
 * The server menu for a role holding `permissions`, from the pinned sections' pages: sections
 * in menu order, each with the pages whose permission the role holds (hidden pages included,
 * so the server-menu guard admits them).
 */
export function menuForPermissions(
  sections: readonly SectionMeta[],
  permissions: readonly string[],
): ServerMenuItem[] {
  return inMenuOrder(sections)
    .map((s) => ({
      key: s.key as string,
      path: s.path as string,
      children: s.routes
        .filter((r) => routeAdmits(r, permissions))
        .map((r) => ({ key: r.key, path: r.path })),
    }))
    .filter((s) => s.children.length > 0);
}
