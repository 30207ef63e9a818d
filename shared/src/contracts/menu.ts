// Route and menu metadata of every section page (seed §2 route table, plus /guide/allocation).
// Framework-free: the host builds menu, breadcrumb and guards from it, each remote attaches its
// page components to it, and the server answers `POST /api/user/menu` from it.
import type { Localized } from './locale';
import { hasPermission, type Permission } from './permissions';

export const SECTION_NAMES = ['dashboard', 'guide', 'scenic', 'team', 'system'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];

export interface RouteMeta {
  /** Route name, unique; also the server-menu key, e.g. `guide/list`. */
  key: string;
  /** Absolute path pattern (react-router syntax), e.g. `/guide/profile/:id`. */
  path: string;
  /** Translation key of the page title and menu label. */
  locale: string;
  title: Localized;
  requiresAuth: boolean;
  hideInMenu: boolean;
  /**
   * The permission code that opens the page: the route guard, the menu, the server menu, the
   * breadcrumb and the tab bar admit the page exactly when the active role holds it, and the
   * server guards the page's data by the same code. It belongs to the route itself (no table
   * keyed by route name), so a route keeps its access rule wherever it is declared.
   */
  permission: Permission;
  /** Order among the section's pages (declaration order when equal). */
  order: number;
}

export interface SectionMeta {
  key: SectionName;
  path: `/${SectionName}`;
  locale: string;
  title: Localized;
  /** Arco icon component name, e.g. `IconDashboard`. */
  icon: string;
  /** Menu order values: seed §2 (dashboard 0, guide 1, scenic 0, team 0, system 9). */
  order: number;
  routes: readonly RouteMeta[];
}

interface PageSpec {
  key: string;
  path?: string;
  title: [zh: string, en: string];
  hideInMenu?: boolean;
  permission: Permission;
}

function section(
  key: SectionName,
  icon: string,
  order: number,
  title: [zh: string, en: string],
  pages: PageSpec[],
): SectionMeta {
  return {
    key,
    path: `/${key}`,
    locale: `menu.${key}`,
    title: { 'zh-CN': title[0], 'en-US': title[1] },
    icon,
    order,
    routes: pages.map((page, index) => ({
      key: page.key,
      path: page.path ?? `/${page.key}`,
      locale: `menu.${page.key.replace(/\//g, '.')}`,
      title: { 'zh-CN': page.title[0], 'en-US': page.title[1] },
      requiresAuth: true,
      hideInMenu: page.hideInMenu ?? false,
      permission: page.permission,
      order: index,
    })),
  };
}

export const SECTIONS: readonly SectionMeta[] = [
  section(
    'dashboard',
    'IconDashboard',
    0,
    ['仪表盘', 'Dashboard'],
    [
      { key: 'dashboard/workplace', title: ['工作台', 'Workplace'], permission: 'dashboard:read' },
      {
        key: 'dashboard/monitor',
        title: ['实时监控', 'Monitor'],
        permission: 'monitor:view',
      },
      {
        key: 'dashboard/analysis',
        title: ['数据分析', 'Data analysis'],
        permission: 'dashboard:read',
      },
      {
        key: 'dashboard/multi-analysis',
        title: ['多维数据分析', 'Multi-D analysis'],
        permission: 'analysis:multi',
      },
    ],
  ),
  section(
    'guide',
    'IconUserGroup',
    1,
    ['导游管理', 'Guide management'],
    [
      { key: 'guide/list', title: ['导游列表', 'Guide list'], permission: 'guide:read' },
      {
        key: 'guide/allocation',
        title: ['导游分配', 'Guide allocation'],
        permission: 'guide:read',
      },
      {
        key: 'guide/profile',
        path: '/guide/profile/:id',
        title: ['导游档案', 'Guide profile'],
        hideInMenu: true,
        permission: 'guide:read',
      },
    ],
  ),
  section(
    'scenic',
    'IconLocation',
    0,
    ['景点管理', 'Scenic management'],
    [
      { key: 'scenic/list', title: ['景点列表', 'Scenic list'], permission: 'scenic:read' },
      {
        key: 'scenic/maintenance',
        title: ['景点维护', 'Scenic maintenance'],
        permission: 'scenic:maintain',
      },
      {
        key: 'scenic/detail',
        path: '/scenic/detail/:id',
        title: ['景点详情', 'Scenic detail'],
        hideInMenu: true,
        permission: 'scenic:read',
      },
    ],
  ),
  section(
    'team',
    'IconSchedule',
    0,
    ['旅游团管理', 'Team management'],
    [
      { key: 'team/waiting', title: ['待分配', 'Waiting for allocation'], permission: 'team:read' },
      { key: 'team/ongoing', title: ['进行中', 'Ongoing'], permission: 'team:read' },
      { key: 'team/history', title: ['历史团', 'History'], permission: 'team:read' },
      // Reached from the "New team" button on Waiting (holders of team:write only).
      {
        key: 'team/new',
        title: ['新建旅游团', 'New team'],
        hideInMenu: true,
        permission: 'team:write',
      },
      {
        key: 'team/detail',
        path: '/team/detail/:id',
        title: ['旅游团详情', 'Team detail'],
        hideInMenu: true,
        permission: 'team:read',
      },
    ],
  ),
  // The seed lists every system page for all roles; writes are guarded by finer permissions.
  section(
    'system',
    'IconSettings',
    9,
    ['系统管理', 'System'],
    [
      {
        key: 'system/property-management',
        title: ['属性管理', 'Property management'],
        permission: 'system:read',
      },
      {
        key: 'system/user-management',
        title: ['用户管理', 'User management'],
        permission: 'system:read',
      },
      {
        key: 'system/role-management',
        title: ['角色管理', 'Role management'],
        permission: 'system:read',
      },
      {
        key: 'system/system-config',
        title: ['系统配置', 'System config'],
        permission: 'system:read',
      },
      {
        key: 'system/operation-log',
        title: ['操作日志', 'Operation log'],
        permission: 'system:read',
      },
      {
        key: 'system/backup-restore',
        title: ['备份与恢复', 'Backup and restore'],
        permission: 'system:read',
      },
    ],
  ),
];

/** Every section route, flattened. */
export const SECTION_ROUTES: readonly RouteMeta[] = SECTIONS.flatMap((s) => s.routes);

/** The default landing route (seed §2). */
export const DEFAULT_ROUTE = '/dashboard/workplace';

/** Route names reachable whatever the server menu says (seed §6). */
export const MENU_WHITELIST = ['login', 'not-found'] as const;

/** One entry of the `POST /api/user/menu` answer. */
export interface ServerMenuItem {
  key: string;
  path: string;
  children?: ServerMenuItem[];
}

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

/**
 * The server menu for a role holding `permissions`: sections in menu order, each with the
 * pages whose permission the role holds (hidden pages included, so the server-menu guard
 * admits them).
 */
export function menuForPermissions(permissions: readonly string[]): ServerMenuItem[] {
  return [...SECTIONS]
    .sort((a, b) => a.order - b.order)
    .map((s) => ({
      key: s.key as string,
      path: s.path as string,
      children: s.routes
        .filter((r) => routeAdmits(r, permissions))
        .map((r) => ({ key: r.key, path: r.path })),
    }))
    .filter((s) => s.children.length > 0);
}
