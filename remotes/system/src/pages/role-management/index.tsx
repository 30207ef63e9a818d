// Role management (/system/role-management, issue #15 point 2): roles with their user counts,
// custom roles, and the permission matrix. Writes only for holders of `system:role:write`.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Card,
  Input,
  Message,
  Popconfirm,
  Space,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { roleDescription, roleLabel, type SystemRole } from '@console/shared';
import { SearchTable, type SearchTableColumn } from '@console/shared/components/search-table';
import { useHasPermission } from '@console/shared/permission';
import { useDeleteRoleMutation, useSystemRolesQuery } from '../../usersApi';
import { RoleEditor } from './RoleEditor';

export default function RoleManagementPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const canWrite = useHasPermission('system:role:write');
  // Refetches the roles, the users (their role names) and the log (system.role.changed).
  const [deleteRole] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<SystemRole | 'new' | null>(null);

  const columns = useMemo<SearchTableColumn<SystemRole>[]>(() => {
    const cols: SearchTableColumn<SystemRole>[] = [
      {
        key: 'code',
        dataIndex: 'code',
        title: t('roles.field.code'),
        fixedVisible: true,
        width: 140,
      },
      {
        key: 'name',
        title: t('roles.field.name'),
        width: 160,
        render: (_: unknown, r) => (
          <Space size={4}>
            {roleLabel(r, intl.locale)}
            {r.builtIn && <Tag size="small">{t('roles.builtIn')}</Tag>}
          </Space>
        ),
      },
      {
        key: 'description',
        title: t('roles.field.description'),
        ellipsis: true,
        width: 260,
        render: (_: unknown, r) => roleDescription(r, intl.locale),
      },
      {
        key: 'permissions',
        title: t('roles.field.permissions'),
        width: 120,
        render: (_: unknown, r) => t('roles.permissionCount', { count: r.permissions.length }),
      },
      {
        key: 'userCount',
        dataIndex: 'userCount',
        title: t('roles.field.userCount'),
        width: 100,
      },
    ];
    cols.push({
      key: 'actions',
      title: t('roles.actions'),
      fixed: 'right',
      fixedVisible: true,
      width: 170,
      render: (_: unknown, r) => {
        const blocked = r.builtIn
          ? t('roles.cannotDelete.builtIn')
          : r.userCount > 0
            ? t('roles.cannotDelete.inUse', { count: r.userCount })
            : null;
        return (
          <Space size={4}>
            <Button
              type="text"
              size="mini"
              onClick={() => setEditing(r)}
              data-testid={`role-edit-${r.code}`}
            >
              {t(canWrite ? 'roles.action.edit' : 'roles.action.view')}
            </Button>
            {canWrite &&
              (blocked ? (
                <Tooltip content={blocked}>
                  <Button type="text" size="mini" status="danger" disabled>
                    {t('roles.action.delete')}
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={t('roles.confirm.delete', { name: roleLabel(r, intl.locale) })}
                  onOk={async () => {
                    await deleteRole({ id: r.id, version: r.version }).unwrap();
                    Message.success(t('roles.deleted'));
                  }}
                >
                  <Button type="text" size="mini" status="danger">
                    {t('roles.action.delete')}
                  </Button>
                </Popconfirm>
              ))}
          </Space>
        );
      },
    });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows intl
  }, [intl, canWrite, deleteRole]);

  return (
    <Card data-testid="role-management">
      <SearchTable<SystemRole>
        tableId="system-roles"
        rowKey="id"
        columns={columns}
        filters={[
          {
            field: 'keyword',
            label: t('roles.field.keyword'),
            element: <Input allowClear placeholder={t('roles.field.keywordPlaceholder')} />,
          },
        ]}
        useList={useSystemRolesQuery}
        defaultPageSize={20}
        onCreate={canWrite ? () => setEditing('new') : undefined}
      />
      {editing && (
        <RoleEditor
          role={editing === 'new' ? null : editing}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}
