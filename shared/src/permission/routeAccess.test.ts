import { describe, expect, it } from 'vitest';
import { SECTION_ROUTES, menuForRole } from '../contracts/menu';
import { DEFAULT_ROLE_PERMISSIONS } from '../contracts/permissions';
import {
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

describe('the route rule (seed §6)', () => {
  it('admits any role when the route needs no authentication', () => {
    expect(
      isRouteAccessible(
        { key: 'login', path: '/login', requiresAuth: false, roles: ['admin'] },
        '',
      ),
    ).toBe(true);
  });

  it('admits any role when the route has no role list or an empty one', () => {
    expect(isRouteAccessible({ key: 'x', path: '/x', requiresAuth: true }, 'user')).toBe(true);
    expect(isRouteAccessible({ key: 'x', path: '/x', requiresAuth: true, roles: [] }, 'user')).toBe(
      true,
    );
  });

  it('admits any role when the list holds *', () => {
    expect(isRouteAccessible(route('guide/list'), 'someone-new')).toBe(true);
  });

  it('keeps the monitor for admin only', () => {
    expect(isRouteAccessible(route('dashboard/monitor'), 'admin')).toBe(true);
    expect(isRouteAccessible(route('dashboard/monitor'), 'operator')).toBe(false);
    expect(isRouteAccessible(route('dashboard/monitor'), 'user')).toBe(false);
  });

  it('keeps scenic maintenance for admin and operator', () => {
    expect(isRouteAccessible(route('scenic/maintenance'), 'admin')).toBe(true);
    expect(isRouteAccessible(route('scenic/maintenance'), 'operator')).toBe(true);
    expect(isRouteAccessible(route('scenic/maintenance'), 'user')).toBe(false);
  });
});

describe('menu order (seed §2: dashboard 0, guide 1, scenic 0, team 0, system 9)', () => {
  it('puts equal orders in declaration order, then guide, then system', () => {
    const sections = [...new Set(routesInMenuOrder().map((r) => r.key.split('/')[0]))];
    expect(sections).toEqual(['dashboard', 'scenic', 'team', 'guide', 'system']);
  });
});

describe('first allowed route', () => {
  it('is the workplace for every built-in role', () => {
    for (const role of ['admin', 'operator', 'user'])
      expect(firstAllowedRoute(role)?.path).toBe('/dashboard/workplace');
  });

  it('skips routes the role may not open and hidden ones', () => {
    const routes = [
      route('dashboard/monitor'),
      route('guide/profile'),
      route('scenic/maintenance'),
      route('team/waiting'),
    ];
    expect(firstAllowedRoute('user', { routes })?.key).toBe('team/waiting');
    expect(firstAllowedRoute('operator', { routes })?.key).toBe('scenic/maintenance');
  });

  it('is undefined when the role may see nothing', () => {
    expect(firstAllowedRoute('user', { routes: [route('dashboard/monitor')] })).toBeUndefined();
  });

  it('in server-menu mode, only counts what the server menu lists', () => {
    const serverMenu = [
      { key: 'team', path: '/team', children: [{ key: 'team/history', path: '/team/history' }] },
    ];
    expect(firstAllowedRoute('user', { serverMenu })?.key).toBe('team/history');
  });
});

describe('server menu', () => {
  it('admits the whitelist whatever the menu says', () => {
    expect(isInServerMenu('login', [])).toBe(true);
    expect(isInServerMenu('not-found', [])).toBe(true);
    expect(isInServerMenu('guide/list', [])).toBe(false);
  });

  it('is built from the same metadata: the user gets no monitor and no maintenance', () => {
    const keys = menuForRole('user', DEFAULT_ROLE_PERMISSIONS.user).flatMap(
      (s) => s.children?.map((c) => c.key) ?? [],
    );
    expect(keys).not.toContain('dashboard/monitor');
    expect(keys).not.toContain('scenic/maintenance');
    expect(keys).toContain('guide/allocation');
    expect(keys).toContain('system/backup-restore');
    const adminKeys = menuForRole('admin', DEFAULT_ROLE_PERMISSIONS.admin).flatMap(
      (s) => s.children?.map((c) => c.key) ?? [],
    );
    expect(adminKeys).toHaveLength(SECTION_ROUTES.length);
  });
});
