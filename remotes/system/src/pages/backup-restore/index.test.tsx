// Issue 25 point 14: the backups page by permission code. A role without `system:backup`
// (user, operator by default) gets a read-only explanation: no button to back up or restore,
// no error, and no call the server would refuse; a role with it gets the page's actions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { DEFAULT_ROLE_PERMISSIONS, type UserInfo } from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { fakeServer, ok, restoreServer } from '../../test/server';
import BackupRestorePage from '.';

function renderAs(role: 'admin' | 'operator' | 'user') {
  const store = createStore();
  store.dispatch(
    fetchUserInfo.fulfilled(
      { role, name: role, permissions: DEFAULT_ROLE_PERMISSIONS[role] } as unknown as UserInfo,
      'test',
    ),
  );
  render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <BackupRestorePage />
      </IntlProvider>
    </Provider>,
  );
  return store;
}

/** Calls the page started (RTK Query keeps one entry per call). */
const calls = (store: ReturnType<typeof createStore>) =>
  Object.keys((store.getState() as { api: { queries: object } }).api.queries);

// The server as the section's tests answer it: no request leaves the test.
beforeEach(() => void fakeServer(() => ok(null)));
afterEach(() => {
  cleanup();
  restoreServer();
});

describe('the backups page by permission', () => {
  it.each(['user', 'operator'] as const)(
    '%s sees a read-only explanation: no backup or restore button, no error, no call',
    (role) => {
      const store = renderAs(role);
      expect(screen.getByTestId('backup-read-only').textContent).toContain(
        zhCN['backup.readOnly.title'],
      );
      expect(screen.queryByText(zhCN['backup.create'])).toBeNull();
      expect(screen.queryByText(zhCN['backup.restoreFromFile'])).toBeNull();
      expect(screen.queryByTestId('backup-create')).toBeNull();
      expect(screen.queryByTestId('backup-upload')).toBeNull();
      expect(screen.queryByText(zhCN['backup.loadFailed'])).toBeNull();
      expect(calls(store)).toEqual([]);
    },
  );

  it('admin sees 立即备份 and 从文件恢复…', () => {
    const store = renderAs('admin');
    expect(screen.getByTestId('backup-create').textContent).toContain(zhCN['backup.create']);
    expect(screen.getByTestId('backup-upload').textContent).toContain(
      zhCN['backup.restoreFromFile'],
    );
    expect(screen.queryByTestId('backup-read-only')).toBeNull();
    expect(calls(store).length).toBeGreaterThan(0);
  });
});
