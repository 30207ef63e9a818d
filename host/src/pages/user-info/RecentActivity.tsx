import { useIntl } from 'react-intl';
import { Button, Empty, List, Spin, Typography } from '@arco-design/web-react';
import { useActivityInfiniteQuery } from '@console/shared/api';
import { auditSentence } from '@console/shared/contracts/audit-sentence';
import { resolveLocale } from '@console/shared/contracts/locale';
import { operationDateTime } from '@console/shared/i18n';

const PAGE = 10;

/** The signed-in user's own audit rows, newest first, with "load more" (keyset). */
export function RecentActivity() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const activity = useActivityInfiniteQuery(PAGE);
  const items = activity.data?.pages.flatMap((p) => p.list) ?? [];
  const loading = activity.isFetching;
  const failed = activity.isError;
  const load = () => void activity.refetch();

  if (failed && items.length === 0) {
    return <Button onClick={() => load()}>{t('messageBox.retry')}</Button>;
  }
  return (
    <Spin loading={loading} style={{ display: 'block' }} data-testid="recent-activity">
      <Typography.Title heading={6}>{t('userInfo.activity')}</Typography.Title>
      {items.length === 0 && !loading ? (
        <Empty description={t('userInfo.activity.empty')} />
      ) : (
        <List
          size="small"
          dataSource={items}
          render={(item) => (
            <List.Item key={item.id} data-testid="activity-item">
              {/* A readable sentence in the user's language (issue #18 item 8). */}
              <Typography.Text type={item.result >= 400 ? 'error' : undefined}>
                {auditSentence(item, resolveLocale(intl.locale))}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ float: 'right' }}>
                {operationDateTime(item.at)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {activity.hasNextPage && (
        <Button
          long
          type="text"
          onClick={() => void activity.fetchNextPage()}
          style={{ marginTop: 8 }}
        >
          {t('userInfo.activity.more')}
        </Button>
      )}
    </Spin>
  );
}
