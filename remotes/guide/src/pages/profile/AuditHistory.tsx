// The guide's operation log (audit rows of entity type `guide`), newest first, keyset paged.
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Empty, Spin, Timeline, Typography } from '@arco-design/web-react';
import dayjs from 'dayjs';
import { useIntl } from 'react-intl';
import type { GuideAuditEntry } from '@console/shared';
import { guideApi } from '../../api';

const show = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v);

export function AuditHistory({ guideId, refreshKey }: { guideId: number; refreshKey: number }) {
  const intl = useIntl();
  const [entries, setEntries] = useState<GuideAuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    async (before?: number) => {
      setLoading(true);
      try {
        const page = await guideApi.audit(guideId, before);
        setEntries((prev) => (before ? [...prev, ...page.list] : page.list));
        setNext(page.next);
      } catch {
        /* shown by the client */
      } finally {
        setLoading(false);
      }
    },
    [guideId],
  );
  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const fieldName = (key: string) =>
    intl.messages[`guide.field.${key}`] ? intl.formatMessage({ id: `guide.field.${key}` }) : key;
  const actionName = (action: string) =>
    intl.messages[`guide.history.action.${action}`]
      ? intl.formatMessage({ id: `guide.history.action.${action}` })
      : action;

  return (
    <Card title={intl.formatMessage({ id: 'guide.profile.history' })}>
      <Spin loading={loading} style={{ display: 'block' }}>
        {entries.length === 0 && !loading ? (
          <Empty description={intl.formatMessage({ id: 'guide.profile.noHistory' })} />
        ) : (
          <Timeline>
            {entries.map((e) => (
              <Timeline.Item key={e.id} label={dayjs(e.at).format('YYYY-MM-DD HH:mm')}>
                <Typography.Text bold>
                  {actionName(e.action)} · {e.username}
                </Typography.Text>
                {e.action !== 'guide.create' &&
                  Object.entries(e.diff ?? {}).map(([key, change]) => (
                    <div key={key} style={{ color: 'var(--color-text-2)', fontSize: 12 }}>
                      {intl.formatMessage(
                        { id: 'guide.history.changed' },
                        {
                          field: fieldName(key),
                          before: show(change.before),
                          after: show(change.after),
                        },
                      )}
                    </div>
                  ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {next && (
          <Button long onClick={() => load(next)}>
            {intl.formatMessage({ id: 'guide.action.loadMore' })}
          </Button>
        )}
      </Spin>
    </Card>
  );
}
