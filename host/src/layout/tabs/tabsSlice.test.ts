import { beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@console/shared/contracts/auth';
import { DEFAULT_ROLE_PERMISSIONS } from '@console/shared/contracts/permissions';
import { setPinnedPages } from '@console/shared/section';
import { createStore, fetchUserInfo, switchRole } from '@console/shared/store';
import { DECLARED_PAGES } from '@console/shared/testing/declared-sections';
import { HOME_TAB, selectTabs, tabVisited } from './tabsSlice';

const info = (role: string, permissions: string[]) =>
  ({ role, name: 'Ann', permissions }) as unknown as UserInfo;

// The pages the pins declare (issue 17): every section's current declaration.
beforeAll(() => setPinnedPages(DECLARED_PAGES));

describe('the tab bar, by permission code', () => {
  it('drops a visited page the new role cannot open after a role switch', () => {
    const store = createStore();
    store.dispatch(fetchUserInfo.fulfilled(info('admin', DEFAULT_ROLE_PERMISSIONS.admin), 'x'));
    store.dispatch(
      tabVisited({ path: '/dashboard/monitor', search: '', routeKey: 'dashboard/monitor' }),
    );
    store.dispatch(tabVisited({ path: '/guide/list', search: '', routeKey: 'guide/list' }));
    store.dispatch(switchRole.fulfilled(info('user', DEFAULT_ROLE_PERMISSIONS.user), 'x', 'user'));
    expect(selectTabs(store.getState()).map((t) => t.path)).toEqual([HOME_TAB.path, '/guide/list']);
  });

  it('keeps only the scenic pages for a custom role holding only scenic:read', () => {
    const store = createStore();
    store.dispatch(tabVisited({ path: '/scenic/detail/3', search: '', routeKey: 'scenic/detail' }));
    store.dispatch(fetchUserInfo.fulfilled(info('viewer', ['scenic:read']), 'x'));
    expect(selectTabs(store.getState()).map((t) => t.path)).toEqual(['/scenic/detail/3']);
  });
});
