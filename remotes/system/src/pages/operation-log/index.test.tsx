// Issue 25 point 14: the operation log by permission code. A role without `system:audit:read`
// (user, operator by default) sees who may read the log: no 校验哈希链, no 导出 CSV, no error,
// and no call the server would refuse; a role with it gets both actions.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { DEFAULT_ROLE_PERMISSIONS, type UserInfo } from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import { http } from '@console/shared/api';
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

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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

describe('a row names its record (issue 26 item 9)', () => {
  const row = (id: number, entityType: string, entityId: string) => ({
    id,
    at: '2027-03-01T02:00:00.000Z',
    userId: 1,
    username: 'admin',
    role: 'admin',
    action: 'scenic.update',
    entityType,
    entityId,
    result: 200,
    durationMs: 12,
    ip: '127.0.0.1',
  });

  it('shows the name (and code) as the link to the record; without one, type and id', async () => {
    vi.spyOn(http, 'request').mockResolvedValue({
      data: {
        list: [
          { ...row(2, 'scenic_spot', '24'), subject: { name: '峨眉山' } },
          { ...row(1, 'guide', '120'), subject: { name: '卢晓东', code: 'G000120' } },
          { ...row(0, 'scenic_spot', '99'), subject: null },
        ],
        next: null,
        prev: null,
      },
    });
    renderAs('admin');
    const links = await screen.findAllByTestId('log-entity-link');
    expect(links.map((a) => a.textContent)).toEqual([
      '峨眉山',
      '卢晓东（G000120）',
      'scenic_spot #99',
    ]);
    expect(links[0].getAttribute('href')).toContain('24');
  });
});

describe('the detail drawer names its record too', () => {
  it('shows the record’s name (and code) as the link the row has', async () => {
    const listed = {
      id: 7,
      at: '2027-03-01T02:00:00.000Z',
      userId: 1,
      username: 'admin',
      role: 'admin',
      action: 'guide.update',
      entityType: 'guide',
      entityId: '120',
      result: 200,
      durationMs: 12,
      ip: '127.0.0.1',
      subject: { name: '卢晓东', code: 'G000120' },
    };
    vi.spyOn(http, 'request').mockImplementation((config: { url?: string }) =>
      Promise.resolve({
        data: config.url?.endsWith('/audit/7')
          ? {
              ...listed,
              diff: { phone: { before: '1', after: '2' } },
              requestId: 'r1',
              userAgent: 'test',
              prevHash: 'a',
              hash: 'b',
            }
          : { list: [listed], next: null, prev: null },
      }),
    );
    renderAs('admin');
    await screen.findByTestId('log-entity-link');
    fireEvent.click(screen.getByText(zhCN['log.detail']));
    const drawer = await screen.findByTestId('log-detail');
    const link = within(drawer).getByTestId('log-entity-link');
    expect(link.textContent).toBe('卢晓东（G000120）');
    expect(link.getAttribute('href')).toBe('/guide/profile/120');
    expect(drawer.textContent).not.toContain('guide #120');
  });
});
