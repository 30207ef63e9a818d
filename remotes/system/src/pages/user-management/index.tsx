// User management (/system/user-management, issue #15 point 1): the shared search table of
// users; writes (create, edit, enable, unlock, reset password, sessions, delete) only for
// holders of `system:user:write` — the server refuses them to anyone else regardless.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Input, Message, Select } from '@arco-design/web-react';
import {
  USER_STATE_SPECS,
  resolveLocale,
  roleLabel,
  type SystemUser,
  type SystemUserWithPassword,
} from '@console/shared';
import { filterOf } from '@console/shared/components/field-specs';
import { SearchTable } from '@console/shared/components/search-table';
import { useHasPermission } from '@console/shared/permission';
import { selectUser, useAppSelector } from '@console/shared/store';
import {
  useAllRoles,
  useDeleteUserMutation,
  usersApi,
  useSetUserEnabledMutation,
  useSystemUsersQuery,
  useUnlockUserMutation,
} from '../../usersApi';
import { userColumns } from './columns';
import { UserFormModal } from './UserFormModal';
import { PasswordResetModal, PasswordShownOnce } from './PasswordModals';
import { SessionsDrawer } from './SessionsDrawer';
import { isOwnAccount, mayResetPassword } from './grantableRoles';

export default function UserManagementPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const canWrite = useHasPermission('system:user:write');
  const roles = useAllRoles();
  const info = useAppSelector(selectUser);
  const me = useMemo(
    () => ({ id: info?.id ?? 0, permissions: info?.permissions ?? [] }),
    [info?.id, info?.permissions],
  );
  // Each write refetches the users, their roles' counts and the log (system.user.changed).
  const [setUserEnabled] = useSetUserEnabledMutation();
  const [unlockUser] = useUnlockUserMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [editing, setEditing] = useState<SystemUser | 'new' | null>(null);
  const [resetting, setResetting] = useState<SystemUser | null>(null);
  const [sessionsOf, setSessionsOf] = useState<SystemUser | null>(null);
  const [shown, setShown] = useState<SystemUserWithPassword | null>(null);

  const columns = useMemo(
    () =>
      userColumns({
        intl,
        canWrite,
        canReset: (u) => mayResetPassword(u, me, roles),
        isOwn: (u) => isOwnAccount(u, me),
        onEdit: setEditing,
        onReset: setResetting,
        onSessions: setSessionsOf,
        onToggle: async (u) => {
          await setUserEnabled({ id: u.id, version: u.version, enabled: !u.enabled }).unwrap();
          Message.success(
            intl.formatMessage({ id: u.enabled ? 'users.disabled' : 'users.enabled' }),
          );
        },
        onUnlock: async (u) => {
          await unlockUser({ id: u.id }).unwrap();
          Message.success(intl.formatMessage({ id: 'users.unlocked' }));
        },
        onDelete: async (u) => {
          await deleteUser({ id: u.id, version: u.version }).unwrap();
          Message.success(intl.formatMessage({ id: 'users.deleted' }));
        },
      }),
    [intl, canWrite, me, roles, setUserEnabled, unlockUser, deleteUser],
  );

  const filters = [
    {
      field: 'keyword',
      label: t('users.field.keyword'),
      element: <Input allowClear placeholder={t('users.field.keywordPlaceholder')} />,
    },
    {
      field: 'role',
      label: t('users.field.role'),
      element: (
        <Select
          allowClear
          options={roles.map((r) => ({ value: r.code, label: roleLabel(r, intl.locale) }))}
        />
      ),
    },
    // Yes / no from the state's field specs (the query's 'true' / 'false').
    filterOf(USER_STATE_SPECS, 'enabled', resolveLocale(intl.locale)),
    filterOf(USER_STATE_SPECS, 'locked', resolveLocale(intl.locale)),
  ];

  return (
    <Card data-testid="user-management">
      <SearchTable<SystemUser>
        tableId="system-users"
        rowKey="id"
        columns={columns}
        filters={filters}
        useList={useSystemUsersQuery}
        onCreate={canWrite ? () => setEditing('new') : undefined}
        exportFile={(query, format) => usersApi.exportFile(query, format)}
      />
      {editing && (
        <UserFormModal
          user={editing === 'new' ? null : editing}
          roles={roles}
          me={me}
          onClose={() => setEditing(null)}
          onSaved={(result) => {
            setEditing(null);
            if (result?.password) setShown(result);
          }}
        />
      )}
      {resetting && (
        <PasswordResetModal
          user={resetting}
          onClose={() => setResetting(null)}
          onDone={(result) => {
            setResetting(null);
            if (result.password) setShown(result);
          }}
        />
      )}
      {shown && <PasswordShownOnce result={shown} onClose={() => setShown(null)} />}
      {sessionsOf && <SessionsDrawer user={sessionsOf} onClose={() => setSessionsOf(null)} />}
    </Card>
  );
}
