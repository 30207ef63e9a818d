// The guide's operation log (audit rows of entity type `guide`), newest first, keyset paged.
import { Button, Card, Empty, Spin, Timeline, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { auditSentence, auditValueText, resolveLocale } from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';
import { useGuideAuditInfiniteQuery } from '../../api';

/** Locale key prefix of each coded field's labels (the diff's field or a period's `type`). */
const LABEL_PREFIX: Record<string, string> = {
  status: 'guide.status',
  level: 'guide.level',
  gender: 'guide.gender',
  employmentType: 'guide.employment',
  licenceType: 'guide.licenceType',
  proficiency: 'guide.proficiency',
  type: 'guide.unavailability',
};

/** Refreshed by invalidating the `GuideAudit` tag of the guide (after any write to it). */
export function AuditHistory({ guideId }: { guideId: number }) {
  const intl = useIntl();
  // A failure is shown by the client.
  const history = useGuideAuditInfiniteQuery(guideId);
  const entries = history.data?.pages.flatMap((p) => p.list) ?? [];
  const next = history.hasNextPage;
  const loading = history.isFetching;

  const fieldName = (key: string) =>
    intl.messages[`guide.field.${key}`] ? intl.formatMessage({ id: `guide.field.${key}` }) : key;
  // Codes as labels, periods as dates, in the reader's language (issue #18 item 12c).
  const locale = resolveLocale(intl.locale);
  const label = (kind: string, code: string) => {
    const id = LABEL_PREFIX[kind] && `${LABEL_PREFIX[kind]}.${code}`;
    return id && intl.messages[id] ? intl.formatMessage({ id }) : undefined;
  };
  const show = (field: string, v: unknown) => auditValueText(field, v, label, locale);

  return (
    <Card title={intl.formatMessage({ id: 'guide.profile.history' })}>
      <Spin loading={loading} style={{ display: 'block' }}>
        {entries.length === 0 && !loading ? (
          <Empty description={intl.formatMessage({ id: 'guide.profile.noHistory' })} />
        ) : (
          <Timeline>
            {entries.map((e) => (
              <Timeline.Item key={e.id} label={operationDateTime(e.at)}>
                <Typography.Text bold>
                  {auditSentence(e, locale)} · {e.username}
                </Typography.Text>
                {e.action !== 'guide.create' &&
                  Object.entries(e.diff ?? {}).map(([key, change]) => (
                    <div key={key} style={{ color: 'var(--color-text-2)', fontSize: 12 }}>
                      {intl.formatMessage(
                        { id: 'guide.history.changed' },
                        {
                          field: fieldName(key),
                          before: show(key, change.before),
                          after: show(key, change.after),
                        },
                      )}
                    </div>
                  ))}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {next && (
          <Button long onClick={() => void history.fetchNextPage()}>
            {intl.formatMessage({ id: 'guide.action.loadMore' })}
          </Button>
        )}
      </Spin>
    </Card>
  );
}
