// Card view of the spot list: each spot with its live load band.
import { Card, Grid, Progress, Space, Tag, Typography } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { ScenicSpot } from '@console/shared';
import { BAND_COLOR, BAND_TAG, regionText, STATUS_COLOR } from '../../hooks';

export function SpotCards({
  spots,
  onOpen,
}: {
  spots: ScenicSpot[];
  onOpen(spot: ScenicSpot): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return (
    <Grid.Row gutter={[16, 16]} data-testid="spot-cards">
      {spots.map((s) => (
        <Grid.Col key={s.id} xs={24} sm={12} lg={8} xxl={6}>
          <Card
            hoverable
            onClick={() => onOpen(s)}
            style={{ cursor: 'pointer' }}
            data-testid={`spot-card-${s.code}`}
          >
            <Space direction="vertical" style={{ width: '100%' }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text bold ellipsis>
                  {s.name}
                </Typography.Text>
                <Tag color={STATUS_COLOR[s.status]}>{t(`scenic.status.${s.status}`)}</Tag>
              </div>
              <Typography.Text type="secondary">
                {s.code} · {t(`scenic.grade.${s.grade}`)} · {regionText(s)}
              </Typography.Text>
              <Progress
                percent={Math.min(100, s.load.loadPercent)}
                color={BAND_COLOR[s.load.band]}
                formatText={() => `${s.load.loadPercent}%`}
                aria-label={`${s.name} ${t('scenic.field.load')}`}
              />
              <Space>
                <Tag color={BAND_TAG[s.load.band]}>{t(`scenic.band.${s.load.band}`)}</Tag>
                <Typography.Text type="secondary">
                  {t('scenic.field.inPark')} {s.load.inPark} /{' '}
                  {t('scenic.card.capacity', { capacity: s.load.capacity })}
                </Typography.Text>
              </Space>
            </Space>
          </Card>
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}
