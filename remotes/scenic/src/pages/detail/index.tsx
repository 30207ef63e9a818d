// Scenic detail (/scenic/detail/:id): information (from the contract's field specs), live load
// with its band, load charts, the maintenance windows and the teams planned to visit.
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Card,
  Empty,
  Grid,
  Progress,
  Result,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { isNotFoundError, parseRecordId } from '@console/shared/api';
import { useScenicSpotQuery, useScenicTeamsQuery, useScenicWindowsQuery } from '../../api';
import { BAND_COLOR, BAND_TAG, STATUS_COLOR } from '../../hooks';
import { useHasPermission } from '@console/shared/permission';
import {
  OPERATION_ZONE_LABEL,
  operationClock,
  operationDate,
  operationDateTime,
} from '@console/shared/i18n';
import { LoadCharts } from './LoadCharts';
import { SpotInfoCard } from './SpotInfoCard';

export default function ScenicDetailPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  // A malformed id is never sent (no `/spots/NaN`); a missing one shows one in-page state.
  const id = parseRecordId(useParams().id);
  const canMaintain = useHasPermission('scenic:maintain');
  const spotQuery = useScenicSpotQuery(id ?? skipToken);
  const spot = spotQuery.data;
  // The windows and teams are asked only for a spot that exists (one error, not three).
  const windows = useScenicWindowsQuery(spot ? spot.id : skipToken).data ?? [];
  const teams = useScenicTeamsQuery(spot ? spot.id : skipToken).data ?? [];

  if (id !== null && spotQuery.isLoading) {
    return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  }
  if (id === null || spotQuery.isError || !spot) {
    const notFound = id === null || isNotFoundError(spotQuery.error);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        subTitle={notFound ? t('scenic.detail.notFound') : spotQuery.error?.message}
        data-testid="scenic-detail-not-found"
        extra={
          <Space>
            {!notFound && (
              <Button onClick={() => void spotQuery.refetch()}>{t('scenic.detail.retry')}</Button>
            )}
            <Button type="primary" onClick={() => navigate('/scenic/list')}>
              {t('scenic.action.back')}
            </Button>
          </Space>
        }
      />
    );
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="scenic-detail">
      <Card
        title={
          <Space>
            <Typography.Title heading={5} style={{ margin: 0 }}>
              {spot.name}
            </Typography.Title>
            <Tag color={STATUS_COLOR[spot.status]} data-testid="detail-status">
              {t(`scenic.status.${spot.status}`)}
            </Tag>
          </Space>
        }
        extra={
          canMaintain && (
            <Button type="primary" onClick={() => navigate(`/scenic/maintenance?id=${spot.id}`)}>
              {t('scenic.action.edit')}
            </Button>
          )
        }
      >
        <Grid.Row gutter={24}>
          <Grid.Col xs={24} lg={16}>
            <SpotInfoCard spot={spot} />
          </Grid.Col>
          <Grid.Col xs={24} lg={8}>
            <Card title={t('scenic.detail.current')} bordered data-testid="detail-load">
              <Space direction="vertical" style={{ width: '100%' }}>
                <Progress
                  type="circle"
                  percent={Math.min(100, spot.load.loadPercent)}
                  color={BAND_COLOR[spot.load.band]}
                  formatText={() => `${spot.load.loadPercent}%`}
                  aria-label={t('scenic.detail.current')}
                />
                <Tag color={BAND_TAG[spot.load.band]}>{t(`scenic.band.${spot.load.band}`)}</Tag>
                <Statistic
                  title={t('scenic.field.inPark')}
                  value={spot.load.inPark}
                  suffix={`/ ${spot.load.capacity}`}
                />
                {spot.load.at && (
                  <Typography.Text type="secondary">
                    {`${operationDate(spot.load.at)} ${operationClock(spot.load.at)} (${OPERATION_ZONE_LABEL})`}
                  </Typography.Text>
                )}
              </Space>
            </Card>
          </Grid.Col>
        </Grid.Row>
      </Card>
      <LoadCharts spotId={spot.id} />
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={12}>
          <Card title={t('scenic.maintenance.windows')}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              data={windows}
              noDataElement={<Empty description={t('scenic.window.empty')} />}
              columns={[
                {
                  title: t('scenic.window.start'),
                  dataIndex: 'startAt',
                  render: (v: string) => operationDateTime(v),
                },
                {
                  title: t('scenic.window.end'),
                  dataIndex: 'endAt',
                  render: (v: string) => operationDateTime(v),
                },
                { title: t('scenic.window.reason'), dataIndex: 'reason', ellipsis: true },
                { title: t('scenic.window.capacity'), dataIndex: 'capacity' },
                {
                  title: t('scenic.field.status'),
                  dataIndex: 'phase',
                  render: (p: string) => t(`scenic.window.phase.${p}`),
                },
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <Card title={t('scenic.detail.teams')} data-testid="detail-teams">
            {teams.length === 0 ? (
              <Empty description={t('scenic.detail.teamsEmpty')} />
            ) : (
              <Table
                rowKey={(r) => `${r.teamId}:${r.day}`}
                size="small"
                pagination={false}
                data={teams}
                columns={[
                  { title: t('scenic.team.code'), dataIndex: 'code' },
                  { title: t('scenic.field.name'), dataIndex: 'name' },
                  { title: t('scenic.team.day'), dataIndex: 'day' },
                  { title: t('scenic.team.pax'), dataIndex: 'pax' },
                ]}
              />
            )}
          </Card>
        </Grid.Col>
      </Grid.Row>
    </Space>
  );
}
