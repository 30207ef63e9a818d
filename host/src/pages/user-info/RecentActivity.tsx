import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Empty, List, Spin, Tag, Typography } from '@arco-design/web-react';
import dayjs from 'dayjs';
import type { ActivityItem } from '@console/shared/contracts/profile';
import { profileApi } from '@console/shared/api';

const PAGE = 10;

/** The signed-in user's own audit rows, newest first, with "load more" (keyset). */
export function RecentActivity() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [items, setItems] = useState<ActivityItem[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const load = useCallback((before?: number) => {
    setLoading(true);
    setFailed(false);
    profileApi
      .activity(before, PAGE)
      .then(
        (page) => {
          setItems((prev) => (before ? [...prev, ...page.list] : page.list));
          setNext(page.next);
        },
        () => setFailed(true),
      )
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => load(), [load]);

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
              <Typography.Text code>{item.action}</Typography.Text>{' '}
              {item.entityType && (
                <Typography.Text type="secondary">
                  {item.entityType}
                  {item.entityId ? ` #${item.entityId}` : ''}
                </Typography.Text>
              )}{' '}
              <Tag size="small" color={item.result < 400 ? 'green' : 'red'}>
                {item.result}
              </Tag>
              <Typography.Text type="secondary" style={{ float: 'right' }}>
                {dayjs(item.at).format('YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {next !== null && (
        <Button long type="text" onClick={() => load(next)} style={{ marginTop: 8 }}>
          {t('userInfo.activity.more')}
        </Button>
      )}
    </Spin>
  );
}
