import { describe, expect, it } from 'vitest';
import { menuForPermissions, sectionMeta, type SectionPages } from '@console/shared/contracts/menu';
import { DEFAULT_ROLE_PERMISSIONS } from '@console/shared/contracts/permissions';
import { DECLARED_SECTIONS } from '@console/shared/testing/declared-sections';
import { visibleMenu } from './visibleMenu';

const keys = (
  permissions: readonly string[],
  serverMenu: Parameters<typeof visibleMenu>[2] = null,
  sections = DECLARED_SECTIONS,
) =>
  visibleMenu(sections, permissions, serverMenu).flatMap((entry) => entry.routes.map((r) => r.key));

describe('the side menu, by permission code', () => {
  it('shows a custom role holding only scenic:read the scenic list alone (detail is hidden)', () => {
    expect(keys(['scenic:read'])).toEqual(['scenic/list']);
    expect(keys(['scenic:read'], menuForPermissions(DECLARED_SECTIONS, ['scenic:read']))).toEqual([
      'scenic/list',
    ]);
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

describe('the menu comes from the pinned versions (issue 17)', () => {
  const scenic = DECLARED_SECTIONS.find((s) => s.key === 'scenic')!;
  const declared: SectionPages = {
    section: 'scenic',
    title: scenic.title,
    icon: scenic.icon,
    order: scenic.order,
    pages: [
      ...scenic.routes,
      {
        key: 'scenic/report',
        path: '/scenic/report',
        title: { 'zh-CN': '景点报表', 'en-US': 'Scenic report' },
        order: 0,
        permission: 'scenic:maintain',
      },
    ],
  };
  const withReport = [sectionMeta(declared)];

  it('lists a page a newly pinned version declares, in its order (ties: declaration order), to those who hold its code', () => {
    expect(keys(DEFAULT_ROLE_PERMISSIONS.operator, null, withReport)).toEqual([
      'scenic/list',
      'scenic/report',
      'scenic/maintenance',
    ]);
    expect(keys(DEFAULT_ROLE_PERMISSIONS.user, null, withReport)).toEqual(['scenic/list']);
  });

  it('lists nothing of a section no pin declares', () => {
    expect(keys(DEFAULT_ROLE_PERMISSIONS.admin, null, [])).toEqual([]);
  });
});
