// The sessions of one user, each revocable (the browser holding it is signed out at its next
// request).
import { useIntl } from 'react-intl';
import {
  Button,
  Drawer,
  Empty,
  Message,
  Popconfirm,
  Result,
  Spin,
  Table,
  Tag,
} from '@arco-design/web-react';
import type { SystemUser } from '@console/shared';
import {
  useRevokeUserSessionMutation,
  useSystemUserSessionsQuery,
  type UserSessionRow,
} from '../../usersApi';
import { formatTime } from './columns';

export function SessionsDrawer({ user, onClose }: { user: SystemUser; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const sessions = useSystemUserSessionsQuery(user.id);
  // The user's sessions refetch by the write's event (system.user.changed).
  const [revokeSession] = useRevokeUserSessionMutation();

  const revoke = async (s: UserSessionRow) => {
    await revokeSession({ id: user.id, sessionId: s.id }).unwrap();
    Message.success(t('users.sessions.revoked'));
  };

  let body;
  if (sessions.isLoading) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (sessions.isError)
    body = (
      <Result
        status="error"
        subTitle={t('users.loadFailed')}
        extra={<Button onClick={() => void sessions.refetch()}>{t('users.retry')}</Button>}
      />
    );
  else if (!sessions.data?.length) body = <Empty description={t('users.sessions.none')} />;
  else
    body = (
      <Table<UserSessionRow>
        rowKey="id"
        data={sessions.data}
        pagination={false}
        size="small"
        columns={[
          {
            title: t('users.sessions.signedInAt'),
            render: (_, s) => (
              <>
                {formatTime(s.createdAt)}{' '}
                {s.current && <Tag color="arcoblue">{t('users.sessions.current')}</Tag>}
              </>
            ),
          },
          { title: t('users.sessions.lastSeen'), render: (_, s) => formatTime(s.lastSeenAt) },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: t('users.sessions.agent'),
            dataIndex: 'userAgent',
            ellipsis: true,
            width: 200,
          },
          {
            title: t('users.actions'),
            render: (_, s) => (
              <Popconfirm title={t('users.sessions.confirmRevoke')} onOk={() => revoke(s)}>
                <Button type="text" size="mini" status="danger">
                  {t('users.sessions.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    );

  return (
    <Drawer
      visible
      width={760}
      title={t('users.sessions.title', { name: user.username })}
      onCancel={onClose}
      footer={null}
    >
      {body}
    </Drawer>
  );
}
