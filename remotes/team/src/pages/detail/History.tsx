// The team's status history (from, to, who, when, reason) and its own operation log (the
// audit rows of entity `team`, as sentences in the reader's language).
import { useState } from 'react';
import { Empty, Pagination, Spin, Tag, Timeline, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { AUDIT_SENTENCES, auditSentence, resolveLocale, type Team } from '@console/shared';
import { useTeamLogQuery } from '../../api';
import { STATUS_COLOR, useTeamLabel } from '../../hooks';
import { operationDateTime } from '@console/shared/i18n';

const when = (at: string) => operationDateTime(at);

export function StatusHistory({ team }: { team: Team }) {
  const intl = useIntl();
  const label = useTeamLabel();
  if (team.history.length === 0)
    return <Empty description={intl.formatMessage({ id: 'team.history.none' })} />;
  return (
    <Timeline data-testid="status-history">
      {[...team.history].reverse().map((h, i) => (
        <Timeline.Item key={`${h.at}-${i}`} label={when(h.at)}>
          <span>
            {h.from && (
              <>
                <Tag size="small" color={STATUS_COLOR[h.from]}>
                  {label('status', h.from)}
                </Tag>
                {' → '}
              </>
            )}
            <Tag size="small" color={STATUS_COLOR[h.to]}>
              {label('status', h.to)}
            </Tag>
          </span>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {h.actor ?? intl.formatMessage({ id: 'team.common.system' })}
          </Typography.Text>
          {h.reason && (
            <div style={{ color: 'var(--color-text-2)', fontSize: 12 }}>
              {intl.formatMessage({ id: 'team.history.reason' }, { reason: h.reason })}
            </div>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const LOG_PAGE = 10;

export function OperationLog({ teamId }: { teamId: number }) {
  const intl = useIntl();
  const locale = resolveLocale(intl.locale);
  const [current, setCurrent] = useState(1);
  // A failure is shown by the client.
  const log = useTeamLogQuery({ id: teamId, current, pageSize: LOG_PAGE });
  const rows = log.data?.list ?? [];
  const sentence = (e: (typeof rows)[number]) => {
    // In the reader's current language when the action is known here; else the server's text.
    if (AUDIT_SENTENCES[e.action] || !e.sentence) return auditSentence(e, locale);
    return e.sentence;
  };
  return (
    <Spin loading={log.isFetching} style={{ display: 'block' }}>
      {rows.length === 0 && !log.isFetching ? (
        <Empty description={intl.formatMessage({ id: 'team.log.none' })} />
      ) : (
        <Timeline data-testid="operation-log">
          {rows.map((e) => (
            <Timeline.Item
              key={e.id}
              label={when(e.at)}
              dotColor={e.result >= 400 ? 'red' : undefined}
            >
              <Typography.Text bold>{sentence(e)}</Typography.Text>
              {e.username && (
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {e.username}
                </Typography.Text>
              )}
              {e.result >= 400 && (
                <Tag size="small" color="red" style={{ marginLeft: 8 }}>
                  {intl.formatMessage({ id: 'team.log.refused' })}
                </Tag>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {(log.data?.total ?? 0) > LOG_PAGE && (
        <Pagination
          size="small"
          current={current}
          pageSize={LOG_PAGE}
          total={log.data?.total ?? 0}
          onChange={setCurrent}
          style={{ justifyContent: 'flex-end' }}
        />
      )}
    </Spin>
  );
}
