// What the system section's component tests render inside: the shared store (signed in with
// `permissions`), Chinese messages, a router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { PERMISSIONS, type UserInfo } from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import zhCN from '../locale/zh-CN';

export function renderSystem(
  ui: ReactElement,
  {
    store = createStore(),
    permissions = PERMISSIONS,
  }: { store?: ReturnType<typeof createStore>; permissions?: readonly string[] } = {},
) {
  store.dispatch(
    fetchUserInfo.fulfilled(
      { id: 1, role: 'admin', name: 'admin', permissions: [...permissions] } as unknown as UserInfo,
      'test',
      undefined,
    ),
  );
  const view = render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <MemoryRouter>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return { ...view, store };
}
