import { describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import type { UserInfo } from '../contracts/auth';
import { createStore } from '../store';
import { fetchUserInfo } from '../store/userThunks';
import { hasElementPermission } from './elementPermission';
import { Permission, usePermission } from './Permission';

function storeWithRole(role: string) {
  const store = createStore();
  store.dispatch(fetchUserInfo.fulfilled({ role, name: 'Ann' } as UserInfo, 'test'));
  return store;
}

describe('element-level permission (seed §6)', () => {
  it('keeps the element for a listed role and for an empty list', () => {
    expect(hasElementPermission(['admin', 'operator'], 'operator')).toBe(true);
    expect(hasElementPermission([], 'user')).toBe(true);
  });

  it('removes the element when the list lacks the role', () => {
    expect(hasElementPermission(['admin'], 'user')).toBe(false);
  });

  it('throws when no list is given', () => {
    expect(() => hasElementPermission(undefined, 'admin')).toThrow(/role list/);
  });

  it('renders children only for listed roles', () => {
    const store = storeWithRole('user');
    render(
      <Provider store={store}>
        <Permission roles={['admin']}>
          <span>delete</span>
        </Permission>
        <Permission roles={['admin', 'user']}>
          <span>view</span>
        </Permission>
      </Provider>,
    );
    expect(screen.queryByText('delete')).toBeNull();
    expect(screen.getByText('view')).toBeTruthy();
  });

  it('follows a role switch at once', () => {
    const store = storeWithRole('user');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const { result, rerender } = renderHook(() => usePermission(['admin']), { wrapper });
    expect(result.current).toBe(false);
    store.dispatch(fetchUserInfo.fulfilled({ role: 'admin', name: 'Ann' } as UserInfo, 'test'));
    rerender();
    expect(result.current).toBe(true);
  });
});
