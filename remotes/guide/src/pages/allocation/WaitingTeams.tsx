// Left column: the waiting (pending) teams starting in the range, paged by the server. Picking
// one (click, or its radio with the keyboard) shows its candidates on the right.
import { useEffect, useState } from 'react';
import {
  Button,
  Input,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import { type WaitingTeam } from '@console/shared';
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
  const t = (id: string) => intl.formatMessage({ id });
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
        // Every row is pending (the list is the waiting teams), so no status column; what
        // still does not fit the half-page column scrolls instead of being cut off.
        scroll={{ x: 'max-content' }}
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
                <TeamBadges team={team} />
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
                  <Typography.Text type="secondary">~ {team.endDate}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('allocation.col.pax'),
            dataIndex: 'pax',
            headerCellStyle: { whiteSpace: 'nowrap' },
          },
          {
            title: t('allocation.col.language'),
            render: (_: unknown, team: WaitingTeam) => dict.languageLabel(team.language),
          },
          {
            title: t('allocation.col.spots'),
            render: (_: unknown, team: WaitingTeam) => (
              <Tooltip content={team.spots.join(' → ') || '—'}>
                <Typography.Text ellipsis style={{ maxWidth: 120 }}>
                  {team.spots.join(' → ') || '—'}
                </Typography.Text>
              </Tooltip>
            ),
          },
        ]}
      />
    </div>
  );
}
