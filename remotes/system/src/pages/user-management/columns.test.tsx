// The admin's own row (issue 26 item 11): the server refuses to disable or delete one's own
// account, so the row does not offer it (it offered both, and the confirm failed with a toast);
// every other row keeps both (jsdom).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider, createIntl } from 'react-intl';
import { Table } from '@arco-design/web-react';
import type { SystemUser } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import { userColumns } from './columns';
import { isOwnAccount } from './grantableRoles';

afterEach(cleanup);

const user = (id: number, username: string): SystemUser => ({
  id,
  username,
  name: username,
  email: '',
  phone: '',
  enabled: true,
  locked: false,
  lockedUntil: null,
  mustChangePassword: false,
  roles: [{ code: 'admin', name: '管理员', nameEn: 'Administrator' }],
  lastLoginAt: null,
  lastLoginIp: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

function renderRows(me: { id: number }, rows: SystemUser[]) {
  const intl = createIntl({ locale: 'zh-CN', messages: zhCN });
  const none = () => {};
  const columns = userColumns({
    intl,
    canWrite: true,
    canReset: () => true,
    isOwn: (u) => isOwnAccount(u, me),
    onEdit: none,
    onReset: none,
    onSessions: none,
    onToggle: none,
    onUnlock: none,
    onDelete: none,
  });
  render(
    <IntlProvider locale="zh-CN" messages={zhCN}>
      <Table rowKey="id" columns={columns} data={rows} pagination={false} />
    </IntlProvider>,
  );
}

describe('the user table', () => {
  it('offers no disable or delete on one’s own row, and both on another’s', () => {
    renderRows({ id: 1 }, [user(1, 'admin'), user(2, 'wang')]);
    expect(screen.queryByTestId('user-toggle-admin')).toBeNull();
    expect(screen.queryByTestId('user-delete-admin')).toBeNull();
    expect(screen.getByTestId('user-edit-admin')).toBeTruthy();
    expect(screen.getByTestId('user-toggle-wang')).toBeTruthy();
    expect(screen.getByTestId('user-delete-wang')).toBeTruthy();
  });
});
