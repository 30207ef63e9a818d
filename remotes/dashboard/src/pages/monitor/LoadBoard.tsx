// The live load board (the seed's "studio preview"): every spot's in-park count against its
// instantaneous capacity, coloured by load band, fullest first and sortable by load. Live load
// events invalidate its query, so it moves as gate readings arrive.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Card,
  Progress,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import { SCENIC_ENUM_LABELS, type Locale, type MonitorBoardSpot } from '@console/shared';
import type { LiveStatus } from '@console/shared/api';
import {
  keyboardSortable,
  useTablePrefix,
  type SortOrder,
} from '@console/shared/components/search-table';
import { useMonitorBoardQuery } from '../../monitorApi';
import { BAND_COLOR, BAND_TAG, STATUS_TAG } from './bands';
import { MaintenanceTag, MaintenanceUntil, maintenanceNow } from './Maintenance';
import { useBandAnnouncement } from './useBandAnnouncement';

const LIVE_COLOR: Record<LiveStatus, string> = {
  open: 'green',
  connecting: 'orange',
  polling: 'orange',
  idle: 'gray',
};

export function LoadBoard({
  selected,
  onSelect,
  live,
}: {
  selected: number | null;
  onSelect: (id: number) => void;
  live: LiveStatus;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const locale = intl.locale as Locale;
  // When push is unavailable the board polls instead.
  const { data, isLoading, isError, refetch } = useMonitorBoardQuery(undefined, {
    pollingInterval: live === 'polling' ? 10_000 : 0,
  });

  const announcement = useBandAnnouncement(data?.spots, (changed) =>
    t('monitor.board.announce', {
      changes: changed.map((s) => `${s.name} ${t(`monitor.band.${s.load.band}`)}`).join(', '),
    }),
  );

  // The load column's order (busiest first), held here so its header sorts from the keyboard.
  const [loadOrder, setLoadOrder] = useState<SortOrder | undefined>('descend');
  const tablePrefix = useTablePrefix();

  const columns = useMemo<TableColumnProps<MonitorBoardSpot>[]>(
    () => [
      {
        title: t('monitor.board.spot'),
        dataIndex: 'name',
        render: (_: unknown, s) => (
          <Button
            type="text"
            size="mini"
            aria-label={t('monitor.board.select', { name: s.name })}
            onClick={() => onSelect(s.id)}
            style={{ padding: 0, fontWeight: selected === s.id ? 600 : undefined }}
          >
            {s.name}
          </Button>
        ),
      },
      {
        // The full name took three lines of this figure's column at 1366 px in English: the
        // header shows the short name, the full one is its tooltip and accessible name.
        title: (
          <Tooltip content={t('monitor.board.inPark')}>
            <span>
              <span aria-hidden="true">{t('monitor.board.inParkShort')}</span>
              <span className="console-visually-hidden">{t('monitor.board.inPark')}</span>
            </span>
          </Tooltip>
        ),
        dataIndex: 'load.inPark',
        // One line: the figures never wrap (issue 26 item 13).
        width: 150,
        render: (_: unknown, s) => (
          <span data-testid={`board-count-${s.id}`} style={{ whiteSpace: 'nowrap' }}>
            {s.load.inPark.toLocaleString()} / {s.load.capacity.toLocaleString()}
          </span>
        ),
      },
      {
        title: t('monitor.board.load'),
        dataIndex: 'load.loadPercent',
        width: 200,
        sorter: (a, b) => a.load.loadPercent - b.load.loadPercent,
        sortOrder: loadOrder,
        ...keyboardSortable({}, loadOrder, tablePrefix),
        render: (_: unknown, s) => {
          const maintenance = maintenanceNow(s.status, s.maintenance);
          if (maintenance) return <MaintenanceUntil now={maintenance} />;
          return (
            <Progress
              percent={Math.min(100, s.load.loadPercent)}
              color={BAND_COLOR[s.load.band]}
              formatText={() => `${s.load.loadPercent}%`}
              size="small"
              aria-label={`${s.name} ${t('monitor.board.load')}`}
            />
          );
        },
      },
      {
        title: t('monitor.board.band'),
        dataIndex: 'load.band',
        render: (_: unknown, s) => {
          const maintenance = maintenanceNow(s.status, s.maintenance);
          if (maintenance)
            return <MaintenanceTag now={maintenance} testId={`board-band-${s.id}`} />;
          return (
            <Tag color={BAND_TAG[s.load.band]} data-testid={`board-band-${s.id}`}>
              {t(`monitor.band.${s.load.band}`)}
            </Tag>
          );
        },
      },
      {
        title: t('monitor.board.status'),
        dataIndex: 'status',
        render: (_: unknown, s) => (
          <Tag color={STATUS_TAG[s.status]} bordered>
            {SCENIC_ENUM_LABELS.status[s.status][locale]}
          </Tag>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, selected, onSelect, loadOrder, tablePrefix],
  );

  return (
    <Card
      title={t('monitor.board.title')}
      extra={
        <Space>
          {data && (
            <Typography.Text type="secondary">
              {t('monitor.board.summary', { total: data.total, warning: data.warningPercent })}
            </Typography.Text>
          )}
          <span data-testid="monitor-live">
            <Tag color={LIVE_COLOR[live]}>
              {t(
                live === 'open'
                  ? 'monitor.board.live'
                  : live === 'polling'
                    ? 'monitor.board.polling'
                    : 'monitor.board.connecting',
              )}
            </Tag>
          </span>
        </Space>
      }
    >
      {isError && !data ? (
        <Result
          status="error"
          title={t('monitor.board.error')}
          extra={<Button onClick={() => void refetch()}>{t('monitor.board.retry')}</Button>}
        />
      ) : (
        <div data-testid="load-board">
          <div role="status" className="console-visually-hidden" data-testid="board-announcement">
            {announcement}
          </div>
          <Table<MonitorBoardSpot>
            rowKey="id"
            size="small"
            loading={isLoading}
            columns={columns}
            data={data?.spots ?? []}
            pagination={false}
            onChange={(_page, sorter) => {
              if (!Array.isArray(sorter)) setLoadOrder(sorter.direction);
            }}
            scroll={{ y: 420 }}
            noDataElement={
              <Typography.Text type="secondary">{t('monitor.board.empty')}</Typography.Text>
            }
            onRow={(s) => ({
              onClick: () => onSelect(s.id),
              style: {
                cursor: 'pointer',
                background: selected === s.id ? 'var(--color-fill-2)' : undefined,
              },
            })}
          />
        </div>
      )}
    </Card>
  );
}
