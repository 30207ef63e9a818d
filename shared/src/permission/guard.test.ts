import { describe, expect, it } from 'vitest';
import { menuForPermissions as menuFor } from '../contracts/menu';
import { DECLARED_ROUTES as SECTION_ROUTES, DECLARED_SECTIONS } from './declaredSections.testing';

const menuForPermissions = (permissions: readonly string[]) =>
  menuFor(DECLARED_SECTIONS, permissions);
import { DEFAULT_ROLE_PERMISSIONS, type BuiltinRole } from '../contracts/permissions';
import { afterLoginLocation, decideNavigation, loginLocation, type GuardInput } from './guard';
import { routesInMenuOrder } from './routeAccess';

const signedIn = (role: BuiltinRole) => ({
  status: 'ready' as const,
  role,
  name: 'Someone',
  permissions: DEFAULT_ROLE_PERMISSIONS[role],
});
const unknownUser = (status: 'unknown' | 'loading' | 'failed' | 'ready', role = '') => ({
  status,
  role,
  name: '',
  permissions: [],
});

function decide(pathname: string, overrides: Partial<GuardInput> = {}) {
  return decideNavigation({
    pathname,
    search: '',
    routes: SECTION_ROUTES,
    user: signedIn('admin'),
    menuFromServer: false,
    serverMenu: null,
    ...overrides,
  });
}

describe('the route guard (seed §6)', () => {
  it('lets the login page through without asking who the user is', () => {
    expect(decide('/login', { user: unknownUser('unknown') }).kind).toBe('allow');
  });

  it('fetches the user info when role and name are unknown', () => {
    expect(decide('/guide/list', { user: unknownUser('unknown') })).toEqual({
      kind: 'fetchUserInfo',
    });
    expect(decide('/guide/list', { user: unknownUser('ready', 'admin') })).toEqual({
      kind: 'fetchUserInfo',
    });
    expect(decide('/guide/list', { user: unknownUser('loading') })).toEqual({
      kind: 'wait',
    });
  });

  it('sends a failed user-info fetch to login with the target and its query', () => {
    const decision = decide('/team/history', {
      search: '?page=2&q=west',
      user: unknownUser('failed'),
    });
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fteam%2Fhistory&page=2&q=west',
    });
  });

  it('allows a permitted route', () => {
    const decision = decide('/guide/profile/42', { user: signedIn('user') });
    expect(decision.kind).toBe('allow');
    expect(decision.kind === 'allow' && decision.route.key).toBe('guide/profile');
  });

  it('sends a denied route to the first route the role may see', () => {
    expect(decide('/dashboard/monitor', { user: signedIn('operator') })).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
    });
    expect(decide('/scenic/maintenance', { user: signedIn('user') })).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
    });
  });

  it('shows not-found when a denied role may see nothing', () => {
    const routes = SECTION_ROUTES.filter((r) => r.key === 'dashboard/monitor');
    expect(decide('/dashboard/monitor', { routes, user: signedIn('user') })).toEqual({
      kind: 'notFound',
    });
  });

  it('shows not-found for an unmatched path', () => {
    expect(decide('/no/such/page')).toEqual({ kind: 'notFound' });
    expect(decide('/guide/profile')).toEqual({ kind: 'notFound' });
  });

  describe('server-menu mode', () => {
    const serverMenu = [
      { key: 'guide', path: '/guide', children: [{ key: 'guide/list', path: '/guide/list' }] },
    ];

    it('fetches the menu first', () => {
      expect(decide('/guide/list', { menuFromServer: true })).toEqual({ kind: 'fetchServerMenu' });
    });

    it('allows a route in the server menu', () => {
      expect(decide('/guide/list', { menuFromServer: true, serverMenu }).kind).toBe('allow');
    });

    it('shows not-found for a route missing from the server menu, even if the role allows it', () => {
      expect(decide('/team/waiting', { menuFromServer: true, serverMenu })).toEqual({
        kind: 'notFound',
      });
    });

    it('does not apply to shell pages such as the redirect helper', () => {
      const routes = [
        { key: 'redirect', path: '/redirect/:path', requiresAuth: true, shell: true },
      ];
      expect(decide('/redirect/x', { routes, menuFromServer: true, serverMenu }).kind).toBe(
        'allow',
      );
    });
  });
});

describe('the route guard by permission code', () => {
  const custom = (permissions: string[]) => ({
    status: 'ready' as const,
    role: 'custom',
    name: 'Someone',
    permissions,
  });
  const routes = routesInMenuOrder(DECLARED_SECTIONS);

  it('lets a custom role with only scenic:read reach exactly the scenic list and detail', () => {
    const user = custom(['scenic:read']);
    expect(decide('/scenic/list', { routes, user }).kind).toBe('allow');
    expect(decide('/scenic/detail/3', { routes, user }).kind).toBe('allow');
    for (const path of SECTION_ROUTES.map((r) => r.path.replace(':id', '3')))
      if (path !== '/scenic/list' && path !== '/scenic/detail/3')
        expect(decide(path, { routes, user })).toEqual({ kind: 'redirect', to: '/scenic/list' });
  });

  it('does the same in server-menu mode with the menu the server builds for it', () => {
    const user = custom(['scenic:read']);
    const serverMenu = menuForPermissions(['scenic:read']);
    const mode = { routes, user, menuFromServer: true, serverMenu };
    expect(decide('/scenic/detail/3', mode).kind).toBe('allow');
    expect(decide('/guide/list', mode)).toEqual({ kind: 'notFound' });
  });

  it('lets a custom role with scenic:maintain open the maintenance page', () => {
    const user = custom(['scenic:read', 'scenic:maintain']);
    expect(decide('/scenic/maintenance', { user }).kind).toBe('allow');
  });

  it('guards a shell page by the permission its route names', () => {
    const shellRoutes = [
      {
        key: 'section-versions',
        path: '/section-versions',
        requiresAuth: true,
        permission: 'system:sections' as const,
        hideInMenu: true,
        shell: true,
      },
      ...routes,
    ];
    expect(decide('/section-versions', { routes: shellRoutes }).kind).toBe('allow');
    expect(
      decide('/section-versions', { routes: shellRoutes, user: signedIn('operator') }),
    ).toEqual({ kind: 'redirect', to: '/dashboard/workplace' });
    // Server-menu mode does not hide a shell page; its permission still decides.
    const serverMenu = menuForPermissions(DEFAULT_ROLE_PERMISSIONS.admin);
    expect(
      decide('/section-versions', { routes: shellRoutes, menuFromServer: true, serverMenu }).kind,
    ).toBe('allow');
  });
});

describe('login redirect round trip', () => {
  it('returns to the target with its original query after signing in', () => {
    const login = loginLocation('/team/history', '?page=2&q=west');
    expect(afterLoginLocation(login.slice(login.indexOf('?')))).toBe('/team/history?page=2&q=west');
  });

  it('keeps the query exactly as it was written', () => {
    const login = loginLocation('/guide/list', '?keyword=west%20lake&tag=a&tag=b');
    expect(login).toBe('/login?redirect=%2Fguide%2Flist&keyword=west%20lake&tag=a&tag=b');
    expect(afterLoginLocation(login.slice(login.indexOf('?')))).toBe(
      '/guide/list?keyword=west%20lake&tag=a&tag=b',
    );
  });

  it('goes to the default landing route without a redirect', () => {
    expect(afterLoginLocation('')).toBe('/dashboard/workplace');
  });

  it('never leaves the console through the redirect query', () => {
    expect(afterLoginLocation('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard/workplace');
    expect(afterLoginLocation('?redirect=%2F%2Fevil.example')).toBe('/dashboard/workplace');
  });
});
