// Seed §2 route table, for each demo role: where every route lands.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, login, menuKeys, type Browser, type DemoRole } from '../support/browser';

const baseUrl = inject('baseUrl');

/** Section pages: path visited → route key shown, per role (`null`: sent to the workplace). */
const SECTION_PAGES: { path: string; key: string; roles: DemoRole[] }[] = [
  {
    path: '/dashboard/workplace',
    key: 'dashboard/workplace',
    roles: ['admin', 'operator', 'user'],
  },
  { path: '/dashboard/monitor', key: 'dashboard/monitor', roles: ['admin'] },
  // The seed's "Data Analysis and Multi-D Analysis" (declared in remotes/dashboard/src/pages.json).
  {
    path: '/dashboard/analysis',
    key: 'dashboard/analysis',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/dashboard/multi-analysis',
    key: 'dashboard/multi-analysis',
    roles: ['admin', 'operator'],
  },
  { path: '/guide/list', key: 'guide/list', roles: ['admin', 'operator', 'user'] },
  { path: '/guide/allocation', key: 'guide/allocation', roles: ['admin', 'operator', 'user'] },
  { path: '/guide/profile/7', key: 'guide/profile', roles: ['admin', 'operator', 'user'] },
  { path: '/scenic/list', key: 'scenic/list', roles: ['admin', 'operator', 'user'] },
  { path: '/scenic/maintenance', key: 'scenic/maintenance', roles: ['admin', 'operator'] },
  { path: '/scenic/detail/3', key: 'scenic/detail', roles: ['admin', 'operator', 'user'] },
  { path: '/team/waiting', key: 'team/waiting', roles: ['admin', 'operator', 'user'] },
  { path: '/team/ongoing', key: 'team/ongoing', roles: ['admin', 'operator', 'user'] },
  { path: '/team/history', key: 'team/history', roles: ['admin', 'operator', 'user'] },
  { path: '/team/detail/12', key: 'team/detail', roles: ['admin', 'operator', 'user'] },
  { path: '/team/templates', key: 'team/templates', roles: ['admin', 'operator', 'user'] },
  {
    path: '/team/detail/12/work-order',
    key: 'team/work-order',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/property-management',
    key: 'system/property-management',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/user-management',
    key: 'system/user-management',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/role-management',
    key: 'system/role-management',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/system-config',
    key: 'system/system-config',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/operation-log',
    key: 'system/operation-log',
    roles: ['admin', 'operator', 'user'],
  },
  {
    path: '/system/backup-restore',
    key: 'system/backup-restore',
    roles: ['admin', 'operator', 'user'],
  },
];

const MENU_ORDER = [
  'dashboard/workplace',
  'dashboard/monitor',
  'dashboard/analysis',
  'dashboard/multi-analysis',
  'scenic/list',
  'scenic/maintenance',
  'team/waiting',
  'team/ongoing',
  'team/history',
  'team/templates',
  'guide/list',
  'guide/allocation',
  'system/property-management',
  'system/user-management',
  'system/role-management',
  'system/system-config',
  'system/operation-log',
  'system/backup-restore',
];

describe.each(['admin', 'operator', 'user'] as const)('the route table for %s', (role) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, role);
  });
  afterAll(() => browser.close());

  it.each(SECTION_PAGES)('$path', async ({ path, key, roles }) => {
    const { page } = browser;
    await page.goto(`${baseUrl}${path}`);
    if (roles.includes(role)) {
      await page.locator(`[data-section-page="${key}"]`).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    } else {
      // Denied: the first route the role may see.
      await page.waitForURL(`${baseUrl}/dashboard/workplace`);
      await page.locator('[data-section-page="dashboard/workplace"]').waitFor();
    }
  });

  it('/ goes to the login page', async () => {
    await browser.page.goto(`${baseUrl}/`);
    await browser.page.waitForURL(`${baseUrl}/login`);
  });

  it('/redirect/:path lands on the path', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/redirect/${encodeURIComponent('/team/history?page=2')}`);
    await page.waitForURL(`${baseUrl}/team/history?page=2`);
    await page.locator('[data-section-page="team/history"]').waitFor();
  });

  it('an unknown path shows not-found', async () => {
    const { page } = browser;
    for (const path of ['/no/such/page', '/guide/unknown', '/guide/profile']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('not-found').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  it('the menu lists what the role may open, in menu order, without hidden pages', async () => {
    await browser.page.goto(`${baseUrl}/dashboard/workplace`);
    const expected = MENU_ORDER.filter((key) =>
      SECTION_PAGES.find((p) => p.key === key)?.roles.includes(role),
    );
    expect(await menuKeys(browser.page)).toEqual(expected);
  });
});
