// Left column: the waiting (pending) teams starting in the range, paged by the server. Picking
// one (click, or its radio with the keyboard) shows its candidates on the right.
import { useEffect, useState } from 'react';
import { Button, Input, Result, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { TEAM_ENUM_LABELS, resolveLocale, type WaitingTeam } from '@console/shared';
import { useGuideDictionaries } from '../../hooks';
import { useWaitingTeamsQuery } from './api';

const PAGE_SIZE = 20;

/** The team's code, VIP flag and "starts in N h" when urgent: the strip and the list share it. */
export function TeamBadges({ team }: { team: WaitingTeam }) {
  const intl = useIntl();
  return (
    <Space size={4} wrap>
      {team.vip && (
        <Tag size="small" color="gold">
          {intl.formatMessage({ id: 'allocation.vip' })}
        </Tag>
      )}
      {team.urgent && (
        <Tag size="small" color="red" data-testid="urgent">
          {team.startsInHours <= 0
            ? intl.formatMessage({ id: 'allocation.started' })
            : intl.formatMessage(
                { id: 'allocation.startsIn' },
                { hours: Math.max(1, Math.round(team.startsInHours)) },
              )}
        </Tag>
      )}
    </Space>
  );
}

export function WaitingTeams(props: {
  from: string;
  to: string;
  selected: WaitingTeam | null;
  onSelect(team: WaitingTeam | null): void;
}) {
  const { from, to, selected, onSelect } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const dict = useGuideDictionaries();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(input.trim());
      setCurrent(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);
  useEffect(() => setCurrent(1), [from, to]);

  const teams = useWaitingTeamsQuery({ from, to, current, pageSize: PAGE_SIZE, keyword });
  const list = teams.data?.list;

  if (teams.isError) {
    return (
      <Result
        status="error"
        title={t('allocation.loadFailed')}
        extra={<Button onClick={() => void teams.refetch()}>{t('allocation.retry')}</Button>}
      />
    );
  }

  return (
    // A grid track of minmax(0, 1fr), not a vertical Space: a Space item is as wide as its
    // content, so the table grew past its half-page column (the candidates column covered the
    // itinerary) instead of scrolling inside it.
    <div
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 8 }}
      data-testid="waiting-teams"
    >
      <Input.Search
        allowClear
        value={input}
        onChange={setInput}
        placeholder={t('allocation.teamSearch')}
        aria-label={t('allocation.teamSearch')}
      />
      <Table<WaitingTeam>
        size="small"
        rowKey="id"
        // At half a 1366 px page the itinerary wraps in its cell and nothing scrolls out of
        // sight (issue 26 item 7: it was cut, and the status not shown).
        loading={teams.isFetching}
        data={list ?? []}
        noDataElement={
          <Typography.Text type="secondary">{t('allocation.noWaiting')}</Typography.Text>
        }
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selected ? [selected.id] : [],
          onChange: (_keys, rows) => onSelect(rows[0] ?? null),
        }}
        onRow={(team) => ({
          onClick: () => onSelect(team),
          'data-testid': `waiting-${team.code}`,
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: teams.data?.total ?? 0,
          size: 'mini',
          onChange: setCurrent,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('allocation.col.team'),
            render: (_: unknown, team: WaitingTeam) => (
              <Space direction="vertical" size={2}>
                {/* A code and a date read as one token each: never broken inside. */}
                <Typography.Text bold style={{ whiteSpace: 'nowrap' }}>
                  {team.code}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 160 }}>
                  {team.name}
                </Typography.Text>
                {/* The status with the urgency and VIP flags, under the code. */}
                <Space size={4} wrap data-testid={`waiting-status-${team.code}`}>
                  <Tag size="small" color="orange">
                    {TEAM_ENUM_LABELS.status[team.status][resolveLocale(intl.locale)]}
                  </Tag>
                  <TeamBadges team={team} />
                </Space>
              </Space>
            ),
          },
          {
            title: t('allocation.col.dates'),
            // First and last day on a line each: a date reads as one token, never broken.
            render: (_: unknown, team: WaitingTeam) => (
              <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
                <span>{team.startDate}</span>
                {team.endDate !== team.startDate && (
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    ~ {team.endDate}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('allocation.col.group'),
            headerCellStyle: { whiteSpace: 'nowrap' },
            render: (_: unknown, team: WaitingTeam) => (
              <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
                <span>{t('allocation.paxCount', { pax: team.pax })}</span>
                <Typography.Text type="secondary">
                  {dict.languageLabel(team.language)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('allocation.col.spots'),
            render: (_: unknown, team: WaitingTeam) => (
              <Typography.Paragraph
                style={{ margin: 0, minWidth: 120 }}
                ellipsis={{ rows: 3, showTooltip: true }}
              >
                {team.spots.join(' → ') || '—'}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </div>
  );
}
