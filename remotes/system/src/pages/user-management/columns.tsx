// Columns of the user table: the fields' and the state's columns from the contract's field specs
// (USER_FIELD_SPECS, USER_STATE_SPECS); the actions column only for holders of
// `system:user:write`.
import { Button, Dropdown, Menu, Popconfirm, Space, Tag } from '@arco-design/web-react';
import { IconMore } from '@arco-design/web-react/icon';
import type { IntlShape } from 'react-intl';
import {
  USER_FIELD_SPECS,
  USER_STATE_SPECS,
  resolveLocale,
  roleLabel,
  type SystemUser,
} from '@console/shared';
import { columnsOf } from '@console/shared/components/field-specs';
import type { SearchTableColumn } from '@console/shared/components/search-table';
import { operationDateTime } from '@console/shared/i18n';

export const formatTime = (at: string | null) => (at ? operationDateTime(at) : '—');

export function userColumns(o: {
  intl: IntlShape;
  canWrite: boolean;
  /** Not one's own password, nor that of a user holding more (the grant ceiling). */
  canReset(u: SystemUser): boolean;
  /** One's own account: never disabled or deleted from here (the server refuses it). */
  isOwn(u: SystemUser): boolean;
  onEdit(u: SystemUser): void;
  onReset(u: SystemUser): void;
  onSessions(u: SystemUser): void;
  onToggle(u: SystemUser): void;
  onUnlock(u: SystemUser): void;
  onDelete(u: SystemUser): void;
}): SearchTableColumn<SystemUser>[] {
  const t = (id: string, values?: Record<string, string>) => o.intl.formatMessage({ id }, values);
  const locale = resolveLocale(o.intl.locale);
  // The fields' columns from the contract's field specs, composite cells through their slot.
  const columns: SearchTableColumn<SystemUser>[] = [
    ...columnsOf<SystemUser>(USER_FIELD_SPECS, locale, {
      render: {
        roles: (_: never, u) => (
          <Space wrap size={4}>
            {u.roles.map((r) => (
              <Tag key={r.code} color={r.code === 'admin' ? 'arcoblue' : undefined}>
                {roleLabel(r, o.intl.locale)}
              </Tag>
            ))}
          </Space>
        ),
      },
    }),
    ...columnsOf<SystemUser>(USER_STATE_SPECS, locale, {
      render: {
        enabled: (_: never, u) => (
          <Tag color={u.enabled ? 'green' : 'gray'} data-testid={`user-enabled-${u.username}`}>
            {t(u.enabled ? 'users.state.enabled' : 'users.state.disabled')}
          </Tag>
        ),
        locked: (_: never, u) =>
          u.locked ? (
            <Tag color="red">{t('users.state.locked')}</Tag>
          ) : (
            <Tag>{t('users.state.unlocked')}</Tag>
          ),
        lastLoginAt: (_: never, u) => formatTime(u.lastLoginAt),
        createdAt: (_: never, u) => formatTime(u.createdAt),
      },
    }),
  ];
  if (!o.canWrite) return columns;
  columns.push({
    key: 'actions',
    title: t('users.actions'),
    fixed: 'right',
    fixedVisible: true,
    width: 230,
    render: (_: unknown, u) => (
      <Space size={4}>
        <Button
          type="text"
          size="mini"
          onClick={() => o.onEdit(u)}
          data-testid={`user-edit-${u.username}`}
        >
          {t('users.action.edit')}
        </Button>
        {!o.isOwn(u) && (
          <Popconfirm
            title={t(u.enabled ? 'users.confirm.disable' : 'users.confirm.enable', {
              name: u.username,
            })}
            onOk={() => o.onToggle(u)}
          >
            <Button
              type="text"
              size="mini"
              status={u.enabled ? 'warning' : undefined}
              data-testid={`user-toggle-${u.username}`}
            >
              {t(u.enabled ? 'users.action.disable' : 'users.action.enable')}
            </Button>
          </Popconfirm>
        )}
        <Dropdown
          droplist={
            <Menu
              onClickMenuItem={(key) => {
                if (key === 'reset') o.onReset(u);
                if (key === 'sessions') o.onSessions(u);
                if (key === 'unlock') o.onUnlock(u);
              }}
            >
              <Menu.Item key="reset" disabled={!o.canReset(u)}>
                {t('users.action.resetPassword')}
              </Menu.Item>
              <Menu.Item key="sessions">{t('users.action.sessions')}</Menu.Item>
              <Menu.Item key="unlock" disabled={!u.locked}>
                {t('users.action.unlock')}
              </Menu.Item>
            </Menu>
          }
          position="br"
        >
          <Button type="text" size="mini" icon={<IconMore />} aria-label={t('users.action.more')} />
        </Dropdown>
        {!o.isOwn(u) && (
          <Popconfirm
            title={t('users.confirm.delete', { name: u.username })}
            onOk={() => o.onDelete(u)}
          >
            <Button
              type="text"
              size="mini"
              status="danger"
              data-testid={`user-delete-${u.username}`}
            >
              {t('users.action.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  });
  return columns;
}
