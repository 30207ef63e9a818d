// The three team lists (product.md, "Team"): Waiting (draft, pending), Ongoing (allocated,
// ongoing), History (completed, cancelled). The shared search table with filters, export,
// column settings and density; row actions follow MANUAL_TRANSITIONS and the user's rights.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Card,
  DatePicker,
  Input,
  Select,
  Space,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import {
  MANUAL_TRANSITIONS,
  TEAM_FIELD_SPECS,
  TEAM_LIMITS,
  resolveLocale,
  TEAM_VIEWS,
  type TeamListItem,
  type TeamStatus,
  type TeamView,
} from '@console/shared';
import { downloadFile } from '@console/shared/api';
import { SearchTable, type SearchTableColumn } from '@console/shared/components/search-table';
import type { FilterField } from '@console/shared/components/search-table';
import { columnsOf, filterOf } from '@console/shared/components/field-specs';
import { useHasPermission } from '@console/shared/permission';
import { useTeamsQuery } from '../../api';
import { STATUS_COLOR, hoursUntilStart, useTeamDictionaries, useTeamLabel } from '../../hooks';
import {
  TransitionModal,
  transitionActionId,
  type TransitionRequest,
} from '../components/TransitionModal';

/** The "starts in N h" hint of a pending team within 48 h. */
export function UrgentTag({ status, startDate }: { status: TeamStatus; startDate: string }) {
  const intl = useIntl();
  const hours = hoursUntilStart(status, startDate);
  if (hours === null) return null;
  return (
    <Tag color="red" size="small" data-testid="urgent-tag">
      {intl.formatMessage({ id: 'team.list.startsIn' }, { hours })}
    </Tag>
  );
}

export function TeamList({ view }: { view: TeamView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dict = useTeamDictionaries();
  const label = useTeamLabel();
  const canWrite = useHasPermission('team:write');
  const [moving, setMoving] = useState<TransitionRequest | null>(null);
  const t = (id: string) => intl.formatMessage({ id: `team.field.${id}` });
  const locale = resolveLocale(intl.locale);

  const useList = (query: Record<string, unknown>) => useTeamsQuery({ ...query, view });

  const filters = useMemo<FilterField[]>(
    () => [
      {
        field: 'keyword',
        label: t('keyword'),
        element: (
          <Input
            allowClear
            maxLength={TEAM_LIMITS.keywordMax}
            placeholder={intl.formatMessage({ id: 'team.placeholder.keyword' })}
            data-testid="team-filter-keyword"
          />
        ),
      },
      {
        field: 'status',
        label: t('status'),
        element: (
          <Select
            allowClear
            options={TEAM_VIEWS[view].map((s) => ({ value: s, label: label('status', s) }))}
            data-testid="team-filter-status"
          />
        ),
      },
      // Filters on plain fields are read from their specs (label, dictionary choices).
      filterOf(TEAM_FIELD_SPECS, 'agency', locale, dict.options),
      filterOf(TEAM_FIELD_SPECS, 'market', locale, dict.options),
      filterOf(TEAM_FIELD_SPECS, 'language', locale, dict.options),
      filterOf(TEAM_FIELD_SPECS, 'vip', locale),
      {
        field: 'from',
        label: t('from'),
        element: <DatePicker style={{ width: '100%' }} />,
      },
      {
        field: 'to',
        label: t('to'),
        element: <DatePicker style={{ width: '100%' }} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t reads intl
    [intl, dict, label, view, locale],
  );

  const columns = useMemo<SearchTableColumn<TeamListItem>[]>(() => {
    const actionsWidth = canWrite ? (intl.locale === 'en-US' ? 300 : 220) : 80;
    // The fields' columns come from TEAM_FIELD_SPECS (title, width, sort, hidden by default);
    // the name links to the detail (a slot). Derived and action columns are written here.
    const fields = columnsOf<TeamListItem>(TEAM_FIELD_SPECS, locale, {
      dictionaryLabel: dict.label,
      render: {
        name: (name: string, row) => (
          <Space size={4} wrap>
            <Button
              type="text"
              size="mini"
              onClick={() => navigate(`/team/detail/${row.id}`)}
              data-testid={`team-link-${row.code}`}
            >
              {name}
            </Button>
            {row.vip && (
              <Tag color="gold" size="small">
                {intl.formatMessage({ id: 'team.field.vip' })}
              </Tag>
            )}
          </Space>
        ),
      },
    });
    const named = fields.filter((c) => c.key === 'name');
    const others = fields.filter((c) => c.key !== 'name');
    return [
      {
        key: 'code',
        title: t('code'),
        dataIndex: 'code',
        sortable: true,
        fixedVisible: true,
        width: 140,
      },
      ...named,
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        sortable: true,
        width: 130,
        render: (s: TeamStatus) => (
          <Tag color={STATUS_COLOR[s]} data-testid="team-status">
            {label('status', s)}
          </Tag>
        ),
      },
      {
        key: 'startDate',
        title: t('period'),
        dataIndex: 'startDate',
        sortable: true,
        width: 220,
        render: (_: string, row: TeamListItem) => (
          <Space size={4} wrap>
            {`${row.startDate} ~ ${row.endDate}`}
            <UrgentTag status={row.status} startDate={row.startDate} />
          </Space>
        ),
      },
      { key: 'pax', title: t('pax'), dataIndex: 'pax', sortable: true, width: 80 },
      {
        key: 'guides',
        title: t('guides'),
        dataIndex: 'guides',
        width: 150,
        render: (guides: TeamListItem['guides']) =>
          guides.length === 0 ? (
            '—'
          ) : (
            <Space size={4} wrap>
              {guides.map((g) => (
                <Tooltip key={`${g.id}-${g.role}`} content={label('role', g.role)}>
                  <Tag size="small">{g.name}</Tag>
                </Tooltip>
              ))}
            </Space>
          ),
      },
      ...others,
      {
        key: 'operations',
        title: t('operations'),
        dataIndex: 'operations',
        fixed: 'right' as const,
        fixedVisible: true,
        width: actionsWidth,
        render: (_: unknown, row: TeamListItem) => (
          <Space size={0}>
            <Button type="text" size="mini" onClick={() => navigate(`/team/detail/${row.id}`)}>
              {intl.formatMessage({ id: 'team.action.view' })}
            </Button>
            {canWrite &&
              MANUAL_TRANSITIONS[row.status].map((to) => (
                <Button
                  key={to}
                  type="text"
                  size="mini"
                  status={to === 'cancelled' ? 'danger' : undefined}
                  onClick={() => setMoving({ team: row, to })}
                  data-testid={`row-${to}-${row.code}`}
                >
                  {intl.formatMessage({ id: transitionActionId(to) })}
                </Button>
              ))}
          </Space>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t reads intl
  }, [intl, dict, label, canWrite, navigate, locale]);

  return (
    <Card data-testid={`team-list-${view}`}>
      <SearchTable<TeamListItem>
        tableId={`teams-${view}`}
        rowKey="id"
        columns={columns}
        filters={filters}
        useList={useList}
        toolbarExtra={
          view === 'waiting' && canWrite ? (
            <Button
              type="primary"
              icon={<IconPlus />}
              onClick={() => navigate('/team/new')}
              data-testid="team-new"
            >
              {intl.formatMessage({ id: 'team.action.new' })}
            </Button>
          ) : undefined
        }
        exportFile={(query, format) =>
          downloadFile('/teams/export', { ...query, view, format }, `teams-${view}.${format}`)
        }
      />
      <TransitionModal
        request={moving}
        onClose={() => setMoving(null)}
        onDone={() => setMoving(null)}
      />
    </Card>
  );
}
