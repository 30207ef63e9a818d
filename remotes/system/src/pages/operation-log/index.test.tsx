// Issue 25 point 14: the operation log by permission code. A role without `system:audit:read`
// (user, operator by default) sees who may read the log: no 校验哈希链, no 导出 CSV, no error,
// and no call the server would refuse; a role with it gets both actions.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_ROLE_PERMISSIONS, type UserInfo } from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import OperationLogPage from '.';

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
        <MemoryRouter>
          <OperationLogPage />
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return store;
}

const calls = (store: ReturnType<typeof createStore>) =>
  Object.keys((store.getState() as { api: { queries: object } }).api.queries);

afterEach(cleanup);

describe('the operation log by permission', () => {
  it.each(['user', 'operator'] as const)(
    '%s sees who may read the log: no verify or export, no error, no call',
    (role) => {
      const store = renderAs(role);
      expect(screen.getByTestId('operation-log-read-only').textContent).toBe(zhCN['log.forbidden']);
      expect(screen.queryByText(zhCN['log.verify'])).toBeNull();
      expect(screen.queryByText(zhCN['log.export'])).toBeNull();
      expect(screen.queryByText(zhCN['log.loadFailed'])).toBeNull();
      expect(calls(store)).toEqual([]);
    },
  );

  it('admin sees 校验哈希链 and 导出 CSV', () => {
    const store = renderAs('admin');
    expect(screen.getByText(zhCN['log.verify'])).toBeTruthy();
    expect(screen.getByText(zhCN['log.export'])).toBeTruthy();
    expect(screen.queryByTestId('operation-log-read-only')).toBeNull();
    expect(calls(store).length).toBeGreaterThan(0);
  });
});
