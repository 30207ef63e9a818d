// An admin's view of a user's canary buckets (issue 30): per section, the bucket and the
// version the user gets now in the environment.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Input, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useLazySectionBucketsQuery } from './sectionVersionsApi';

export function BucketLookup({ environment }: { environment: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [username, setUsername] = useState('');
  // A lazy query: asked when the admin looks a user up, not as the card mounts; cached, so a
  // pin or canary step refreshes the versions shown. A refusal (an unknown user: 404) is shown
  // by the API client and leaves no table (`currentData` is the looked-up user's answer only).
  const [lookUp, { currentData: result, isFetching: busy }] = useLazySectionBucketsQuery();
  const lookup = () => {
    if (username.trim()) void lookUp({ environment, username: username.trim() });
  };
  return (
    <Card title={t('sectionVersions.bucket')}>
      <Typography.Paragraph type="secondary">
        {t('sectionVersions.bucket.help')}
      </Typography.Paragraph>
      <Space>
        <Input
          data-testid="bucket-username"
          style={{ width: 220 }}
          aria-label={t('sectionVersions.bucket.username')}
          placeholder={t('sectionVersions.bucket.username')}
          value={username}
          onChange={setUsername}
          onPressEnter={lookup}
        />
        <Button type="primary" loading={busy} onClick={lookup} data-testid="bucket-lookup">
          {t('sectionVersions.bucket.lookup')}
        </Button>
      </Space>
      {result && result.environment === environment && (
        <Table
          style={{ marginTop: 12 }}
          rowKey="section"
          data-testid="bucket-table"
          pagination={false}
          data={result.sections}
          columns={[
            { title: t('sectionVersions.section'), render: (_, r) => t(`menu.${r.section}`) },
            { title: t('sectionVersions.bucket.value'), dataIndex: 'bucket' },
            {
              title: t('sectionVersions.bucket.gets'),
              render: (_, r) =>
                r.version ? (
                  <Space size={4}>
                    <span className="console-token">{r.version}</span>
                    {r.canary && (
                      <Tag size="small" color="orange">
                        {t('sectionVersions.canary')}
                      </Tag>
                    )}
                  </Space>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
