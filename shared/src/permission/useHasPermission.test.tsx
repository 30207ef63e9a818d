import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import type { UserInfo } from '../contracts/auth';
import { DEFAULT_ROLE_PERMISSIONS } from '../contracts/permissions';
import { createStore } from '../store';
import { fetchUserInfo, switchRole } from '../store/userThunks';
import { useHasPermission } from './useHasPermission';

const info = (role: string, permissions: string[]) =>
  ({ role, name: 'Ann', permissions }) as unknown as UserInfo;

function setup(role: string, permissions: string[]) {
  const store = createStore();
  store.dispatch(fetchUserInfo.fulfilled(info(role, permissions), 'test'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return { store, wrapper };
}

describe('useHasPermission (buttons by permission code)', () => {
  it('answers by the permission code, not the role name', () => {
    const { wrapper } = setup('custom-editor', ['scenic:read', 'scenic:maintain']);
    expect(renderHook(() => useHasPermission('scenic:maintain'), { wrapper }).result.current).toBe(
      true,
    );
    expect(renderHook(() => useHasPermission('guide:write'), { wrapper }).result.current).toBe(
      false,
    );
  });

  it('is false before the user info is known', () => {
    const { wrapper } = setup('', []);
    expect(renderHook(() => useHasPermission('guide:read'), { wrapper }).result.current).toBe(
      false,
    );
  });

  it('follows a role switch at once', () => {
    const { store, wrapper } = setup('user', DEFAULT_ROLE_PERMISSIONS.user);
    const { result, rerender } = renderHook(() => useHasPermission('scenic:maintain'), {
      wrapper,
    });
    expect(result.current).toBe(false);
    store.dispatch(
      switchRole.fulfilled(info('operator', DEFAULT_ROLE_PERMISSIONS.operator), 'test', 'operator'),
    );
    rerender();
    expect(result.current).toBe(true);
  });
});
