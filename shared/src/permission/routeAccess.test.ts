import { describe, expect, it } from 'vitest';
import { menuForPermissions as menuFor } from '../contracts/menu';
import { DECLARED_ROUTES as SECTION_ROUTES, DECLARED_SECTIONS } from './declaredSections.testing';

const menuForPermissions = (permissions: readonly string[]) =>
  menuFor(DECLARED_SECTIONS, permissions);
import {
  BUILTIN_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  type BuiltinRole,
} from '../contracts/permissions';
import {
  canOpenRoute,
  firstAllowedRoute,
  isInServerMenu,
  isRouteAccessible,
  routesInMenuOrder,
} from './routeAccess';

const route = (key: string) => {
  const found = SECTION_ROUTES.find((r) => r.key === key);
  if (!found) throw new Error(key);
  return found;
};

const ALL: BuiltinRole[] = ['admin', 'operator', 'user'];

/**
 * Seed §2's route table, as the seed writes it (monitor admin only; scenic maintenance admin
 * and operator; every other page all roles), plus /guide/allocation (product.md: all roles).
 */
const SEED_ROUTE_TABLE: Record<string, BuiltinRole[]> = {
  'dashboard/workplace': ALL,
  'dashboard/monitor': ['admin'],
  // The seed's "Data Analysis and Multi-D Analysis" screens (issue 17 declares them).
  'dashboard/analysis': ALL,
  'dashboard/multi-analysis': ['admin', 'operator'],
  'guide/list': ALL,
  'guide/allocation': ALL,
  'guide/profile': ALL,
  'scenic/list': ALL,
  'scenic/maintenance': ['admin', 'operator'],
  'scenic/detail': ALL,
  'team/waiting': ALL,
  'team/ongoing': ALL,
  'team/history': ALL,
  // product.md "Screens": the new-team step form (issue #13), for those who may create teams.
  'team/new': ['admin', 'operator'],
  'team/detail': ALL,
  // Issue 29: itinerary templates (read by all; writes are team:write) and guides' work orders.
  'team/templates': ALL,
  'team/work-order': ALL,
  'system/property-management': ALL,
  'system/user-management': ALL,
  'system/role-management': ALL,
  'system/system-config': ALL,
  'system/operation-log': ALL,
  'system/backup-restore': ALL,
};

/** The page keys a server menu lists, in its order. */
const menuPageKeys = (permissions: readonly string[]) =>
  menuForPermissions(permissions).flatMap((s) => s.children?.map((c) => c.key) ?? []);

describe("the built-in roles' default permissions reproduce seed §2's route table", () => {
  it('covers every section page and nothing else', () => {
    expect(SECTION_ROUTES.map((r) => r.key).sort()).toEqual(Object.keys(SEED_ROUTE_TABLE).sort());
  });

  for (const role of BUILTIN_ROLES) {
    it(`the ${role} opens exactly the pages the seed lists for it`, () => {
      const permissions = DEFAULT_ROLE_PERMISSIONS[role];
      const opened = SECTION_ROUTES.filter((r) => isRouteAccessible(r, permissions)).map(
        (r) => r.key,
      );
      const listed = SECTION_ROUTES.filter((r) => SEED_ROUTE_TABLE[r.key].includes(role)).map(
        (r) => r.key,
      );
      expect(opened).toEqual(listed);
    });

    it(`the ${role}'s server menu lists the same pages, in menu order`, () => {
      const expected = routesInMenuOrder(DECLARED_SECTIONS)
        .filter((r) => SEED_ROUTE_TABLE[r.key].includes(role))
        .map((r) => r.key);
      expect(menuPageKeys(DEFAULT_ROLE_PERMISSIONS[role])).toEqual(expected);
    });

    it(`the ${role} lands on the workplace first`, () => {
      expect(
        firstAllowedRoute(DEFAULT_ROLE_PERMISSIONS[role], { routes: SECTION_ROUTES })?.path,
      ).toBe('/dashboard/workplace');
    });
  }
});

describe('a custom role holding only scenic:read', () => {
  const permissions = ['scenic:read'];

  it('opens exactly the scenic list and detail', () => {
    expect(
      SECTION_ROUTES.filter((r) => isRouteAccessible(r, permissions)).map((r) => r.key),
    ).toEqual(['scenic/list', 'scenic/detail']);
  });

  it('gets a server menu with exactly those pages', () => {
    expect(menuForPermissions(permissions)).toEqual([
      {
        key: 'scenic',
        path: '/scenic',
        children: [
          { key: 'scenic/list', path: '/scenic/list' },
          { key: 'scenic/detail', path: '/scenic/detail/:id' },
        ],
      },
    ]);
  });

  it('is sent to the scenic list when denied', () => {
    expect(firstAllowedRoute(permissions, { routes: SECTION_ROUTES })?.key).toBe('scenic/list');
  });
});

describe('the route rule (seed §6 by permission code)', () => {
  it('admits anyone when the route needs no authentication', () => {
    expect(
      isRouteAccessible(
        { key: 'login', path: '/login', requiresAuth: false, permission: 'monitor:view' },
        [],
      ),
    ).toBe(true);
  });

  it('admits any signed-in role when the route names no permission (shell pages)', () => {
    expect(isRouteAccessible({ key: 'x', path: '/x', requiresAuth: true }, [])).toBe(true);
  });

  it('goes by the code, whatever the role is called: a custom role with scenic:maintain opens maintenance', () => {
    expect(isRouteAccessible(route('scenic/maintenance'), ['scenic:maintain'])).toBe(true);
    expect(isRouteAccessible(route('scenic/maintenance'), ['scenic:read'])).toBe(false);
    expect(isRouteAccessible(route('dashboard/monitor'), ['monitor:view'])).toBe(true);
  });

  it('in server-menu mode also needs the server menu, except for shell pages', () => {
    const serverMenu = [
      { key: 'team', path: '/team', children: [{ key: 'team/history', path: '/team/history' }] },
    ];
    const all = DEFAULT_ROLE_PERMISSIONS.admin;
    expect(canOpenRoute(route('team/history'), all, serverMenu)).toBe(true);
    expect(canOpenRoute(route('team/waiting'), all, serverMenu)).toBe(false);
    expect(canOpenRoute(route('team/history'), [], serverMenu)).toBe(false);
    expect(
      canOpenRoute(
        { key: 'user/info', path: '/user/info', requiresAuth: true, shell: true },
        [],
        serverMenu,
      ),
    ).toBe(true);
  });
});

describe('menu order (seed §2: dashboard 0, guide 1, scenic 0, team 0, system 9)', () => {
  it('puts equal orders in declaration order, then guide, then system', () => {
    const sections = [
      ...new Set(routesInMenuOrder(DECLARED_SECTIONS).map((r) => r.key.split('/')[0])),
    ];
    expect(sections).toEqual(['dashboard', 'scenic', 'team', 'guide', 'system']);
  });
});

describe('first allowed route', () => {
  it('skips routes the permissions do not open and hidden ones', () => {
    const routes = [
      route('dashboard/monitor'),
      route('guide/profile'),
      route('scenic/maintenance'),
      route('team/waiting'),
    ];
    expect(firstAllowedRoute(DEFAULT_ROLE_PERMISSIONS.user, { routes })?.key).toBe('team/waiting');
    expect(firstAllowedRoute(DEFAULT_ROLE_PERMISSIONS.operator, { routes })?.key).toBe(
      'scenic/maintenance',
    );
  });

  it('is undefined when the permissions open nothing', () => {
    expect(
      firstAllowedRoute(DEFAULT_ROLE_PERMISSIONS.user, { routes: [route('dashboard/monitor')] }),
    ).toBeUndefined();
    expect(firstAllowedRoute([], { routes: SECTION_ROUTES })).toBeUndefined();
  });

  it('in server-menu mode, only counts what the server menu lists', () => {
    const serverMenu = [
      { key: 'team', path: '/team', children: [{ key: 'team/history', path: '/team/history' }] },
    ];
    expect(
      firstAllowedRoute(DEFAULT_ROLE_PERMISSIONS.user, { routes: SECTION_ROUTES, serverMenu })?.key,
    ).toBe('team/history');
  });
});

describe('server menu whitelist', () => {
  it('admits the whitelist whatever the menu says', () => {
    expect(isInServerMenu('login', [])).toBe(true);
    expect(isInServerMenu('not-found', [])).toBe(true);
    expect(isInServerMenu('guide/list', [])).toBe(false);
  });
});
