import { describe, expect, it } from 'vitest';
import { menuForPermissions } from '@console/shared/contracts/menu';
import { DEFAULT_ROLE_PERMISSIONS } from '@console/shared/contracts/permissions';
import { visibleMenu } from './visibleMenu';

const keys = (
  permissions: readonly string[],
  serverMenu: Parameters<typeof visibleMenu>[1] = null,
) => visibleMenu(permissions, serverMenu).flatMap((entry) => entry.routes.map((r) => r.key));

describe('the side menu, by permission code', () => {
  it('shows a custom role holding only scenic:read the scenic list alone (detail is hidden)', () => {
    expect(keys(['scenic:read'])).toEqual(['scenic/list']);
    expect(keys(['scenic:read'], menuForPermissions(['scenic:read']))).toEqual(['scenic/list']);
  });

  it('follows the built-in defaults: monitor for the admin only, maintenance not for the user', () => {
    expect(keys(DEFAULT_ROLE_PERMISSIONS.admin)).toContain('dashboard/monitor');
    expect(keys(DEFAULT_ROLE_PERMISSIONS.operator)).not.toContain('dashboard/monitor');
    expect(keys(DEFAULT_ROLE_PERMISSIONS.operator)).toContain('scenic/maintenance');
    expect(keys(DEFAULT_ROLE_PERMISSIONS.user)).not.toContain('scenic/maintenance');
  });

  it('in server-menu mode leaves out what the server menu lacks', () => {
    const serverMenu = [
      { key: 'team', path: '/team', children: [{ key: 'team/history', path: '/team/history' }] },
    ];
    expect(keys(DEFAULT_ROLE_PERMISSIONS.admin, serverMenu)).toEqual(['team/history']);
  });
});
