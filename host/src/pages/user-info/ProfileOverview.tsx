import { useIntl } from 'react-intl';
import { roleLabel } from '@console/shared/contracts/roles';
import { Avatar, Card, Descriptions, Space, Tag, Typography } from '@arco-design/web-react';
import { selectUser, useAppSelector } from '@console/shared/store';
import { operationDateTime } from '@console/shared/i18n';

export function ProfileOverview() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const when = (iso: string | null) => (iso ? operationDateTime(iso) : t('userInfo.never'));
  return (
    <Card data-testid="user-overview">
      <Space size={24} align="start">
        <Avatar size={72}>
          {user.avatar ? <img alt="" src={user.avatar} /> : user.name.slice(0, 1)}
        </Avatar>
        <div>
          <Typography.Title heading={5} style={{ marginTop: 0 }} data-testid="user-overview-name">
            {user.name}
          </Typography.Title>
          {user.introduction && (
            <Typography.Paragraph type="secondary">{user.introduction}</Typography.Paragraph>
          )}
          <Descriptions
            column={2}
            size="small"
            data={[
              { label: t('userInfo.username'), value: user.username },
              {
                label: t('userInfo.roles'),
                value: (
                  <Space size={4}>
                    {user.roles.map((r) => (
                      <Tag key={r.code} color={r.code === user.role ? 'arcoblue' : undefined}>
                        {roleLabel(r, intl.locale)}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              { label: t('userInfo.lastLogin'), value: when(user.previousLoginAt) },
              { label: t('userInfo.email'), value: user.email || '-' },
              { label: t('userInfo.accountId'), value: user.accountId },
              { label: t('userInfo.registrationDate'), value: when(user.registrationDate) },
            ]}
          />
        </div>
      </Space>
    </Card>
  );
}
