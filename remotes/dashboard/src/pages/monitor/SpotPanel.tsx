// A selected spot's info and status panels: opening hours, capacity, maintenance, teams
// planned today and the last reading. Refreshed by the same live events as the board.
import { useIntl } from 'react-intl';
import {
  Card,
  Descriptions,
  Empty,
  Grid,
  List,
  Progress,
  Spin,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  SCENIC_ENUM_LABELS,
  scenicRegionText,
  TEAM_ENUM_LABELS,
  type Locale,
} from '@console/shared';
import { OPERATION_ZONE_LABEL, operationDateTime } from '@console/shared/i18n';
import { useMonitorSpotQuery } from '../../monitorApi';
import { BAND_COLOR, BAND_TAG, STATUS_TAG } from './bands';
import { MaintenanceTag, MaintenanceUntil, maintenanceNow } from './Maintenance';

export function SpotPanel({ spotId }: { spotId: number | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const locale = intl.locale as Locale;
  const { data, isFetching, isError } = useMonitorSpotQuery(spotId ?? 0, { skip: spotId === null });

  if (spotId === null || isError)
    return (
      <Card title={t('monitor.spot.info')}>
        <Empty description={t('monitor.spot.none')} />
      </Card>
    );
  if (!data)
    return (
      <Card title={t('monitor.spot.info')}>
        <Spin />
      </Card>
    );
  const { spot } = data;
  const maintenance = maintenanceNow(
    spot.status,
    data.windows.find((w) => w.phase === 'current'),
  );
  const teamStatus = (s: string) =>
    (TEAM_ENUM_LABELS.status as Record<string, Record<Locale, string>>)[s]?.[locale] ?? s;

  return (
    <Grid.Row gutter={16} data-testid="spot-panel">
      <Grid.Col xs={24} md={12}>
        <Card
          title={`${t('monitor.spot.info')} · ${spot.name}`}
          extra={isFetching ? <Spin size={12} /> : null}
        >
          <Descriptions
            column={1}
            size="small"
            data={[
              {
                label: t('monitor.spot.hours'),
                value: `${spot.openTime}–${spot.closeTime} (${OPERATION_ZONE_LABEL})`,
              },
              { label: t('monitor.spot.region'), value: scenicRegionText(spot) },
              { label: t('monitor.spot.address'), value: spot.address || '—' },
              {
                label: t('monitor.spot.dailyCapacity'),
                value: spot.dailyCapacity.toLocaleString(),
              },
              {
                label: t('monitor.spot.instantCapacity'),
                value: spot.instantCapacity.toLocaleString(),
              },
              {
                label: t('monitor.spot.visit'),
                value: `${t('monitor.spot.visitMinutes', { minutes: spot.avgVisitMinutes })}${
                  spot.reservationRequired ? ` · ${t('monitor.spot.reservation')}` : ''
                }`,
              },
            ]}
          />
          <Typography.Title heading={6}>{t('monitor.spot.maintenance')}</Typography.Title>
          {data.windows.length === 0 ? (
            <Typography.Text type="secondary">{t('monitor.spot.noMaintenance')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={data.windows}
              render={(w) => (
                <List.Item key={w.id}>
                  {w.phase === 'current' && (
                    <Tag color="purple">{t('monitor.spot.maintenanceNow')}</Tag>
                  )}{' '}
                  {t('monitor.spot.maintenanceItem', {
                    from: operationDateTime(w.startAt),
                    to: operationDateTime(w.endAt),
                    reason: w.reason,
                    capacity: w.capacity,
                  })}
                </List.Item>
              )}
            />
          )}
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} md={12}>
        <Card title={t('monitor.spot.state')}>
          <Descriptions
            column={1}
            size="small"
            data={[
              {
                label: t('monitor.board.status'),
                value: (
                  <Tag color={STATUS_TAG[spot.status]}>
                    {SCENIC_ENUM_LABELS.status[spot.status][locale]}
                  </Tag>
                ),
              },
              {
                label: t('monitor.board.load'),
                value: (
                  <span data-testid="spot-panel-load" style={{ whiteSpace: 'nowrap' }}>
                    {maintenance ? (
                      <MaintenanceTag now={maintenance} />
                    ) : (
                      <Tag color={BAND_TAG[spot.load.band]}>
                        {t(`monitor.band.${spot.load.band}`)}
                      </Tag>
                    )}{' '}
                    {spot.load.inPark.toLocaleString()} / {spot.load.capacity.toLocaleString()}
                  </span>
                ),
              },
              {
                label: t('monitor.spot.capacityNow'),
                value: maintenance ? (
                  <MaintenanceUntil now={maintenance} />
                ) : (
                  <Progress
                    percent={Math.min(100, spot.load.loadPercent)}
                    color={BAND_COLOR[spot.load.band]}
                    formatText={() => `${spot.load.loadPercent}%`}
                    aria-label={t('monitor.spot.capacityNow')}
                  />
                ),
              },
              { label: t('monitor.spot.entriesToday'), value: data.entriesToday.toLocaleString() },
              {
                label: t('monitor.spot.lastReading'),
                value: spot.load.at ? operationDateTime(spot.load.at) : t('monitor.spot.noReading'),
              },
            ]}
          />
          <Typography.Title heading={6}>{t('monitor.spot.plannedToday')}</Typography.Title>
          {data.plannedToday.length === 0 ? (
            <Typography.Text type="secondary">{t('monitor.spot.noTeams')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={data.plannedToday}
              render={(team) => (
                <List.Item key={team.teamId}>
                  {team.code} {team.name} · {t('monitor.spot.pax', { pax: team.pax })} ·{' '}
                  {teamStatus(team.status)}
                </List.Item>
              )}
            />
          )}
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
