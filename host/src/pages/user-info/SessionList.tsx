import { useIntl } from 'react-intl';
import { Button, Message, Table, Tag } from '@arco-design/web-react';
import { useSessionsQuery, useSignOutOthersMutation, type SessionRow } from '@console/shared/api';
import { operationDateTime } from '@console/shared/i18n';

const NO_ROWS: SessionRow[] = [];

/** The user's open sessions, and signing out every other one. */
export function SessionList() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const sessions = useSessionsQuery();
  const rows = sessions.isError ? NO_ROWS : (sessions.data ?? NO_ROWS);
  const loading = sessions.isFetching;
  // Refetches what own.sessions.changed names (this list among them).
  const [signOutOthersMutation] = useSignOutOthersMutation();

  const signOutOthers = async () => {
    try {
      await signOutOthersMutation().unwrap();
      Message.success(t('userInfo.sessions.signedOut'));
    } catch {
      /* the client showed why */
    }
  };

  const time = (v: string) => operationDateTime(v);
  return (
    <div data-testid="session-list">
      <Table
        rowKey="id"
        loading={loading}
        data={rows}
        pagination={false}
        columns={[
          {
            title: t('userInfo.sessions.device'),
            dataIndex: 'userAgent',
            ellipsis: true,
            render: (v: string, row) => (
              <>
                {row.current && (
                  <Tag color="green" style={{ marginRight: 6 }}>
                    {t('userInfo.sessions.current')}
                  </Tag>
                )}
                {v}
              </>
            ),
          },
          { title: t('userInfo.sessions.ip'), dataIndex: 'ip', width: 140 },
          {
            title: t('userInfo.sessions.createdAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: time,
          },
          {
            title: t('userInfo.sessions.lastSeenAt'),
            dataIndex: 'lastSeenAt',
            width: 160,
            render: time,
          },
        ]}
      />
      <Button
        style={{ marginTop: 12 }}
        status="warning"
        disabled={rows.filter((r) => !r.current).length === 0}
        onClick={() => void signOutOthers()}
        data-testid="sign-out-others"
      >
        {t('userInfo.sessions.signOutOthers')}
      </Button>
    </div>
  );
}
