// The workplace's four figures (issue #16 §2): teams ongoing, waiting (and starting soon),
// guides on duty and free, visitors today against today's capacity.
import { useIntl } from 'react-intl';
import { Card, Grid, Progress, Statistic, Typography } from '@arco-design/web-react';
import type { Workplace } from '@console/shared';

function Figure({
  testId,
  title,
  value,
  unit,
  footer,
}: {
  testId: string;
  title: string;
  value: number;
  unit: string;
  footer: React.ReactNode;
}) {
  return (
    <Card data-testid={testId} bordered={false} style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value}
        groupSeparator
        // The unit stays beside its number however narrow the card ("个" alone on a line).
        styleValue={{ whiteSpace: 'nowrap' }}
        suffix={<span style={{ fontSize: 14, color: 'var(--color-text-2)' }}>{unit}</span>}
      />
      <div style={{ marginTop: 8, color: 'var(--color-text-2)' }}>{footer}</div>
    </Card>
  );
}

export function Figures({ data }: { data: Workplace }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const percent =
    data.visitors.capacity > 0
      ? Math.round((data.visitors.today / data.visitors.capacity) * 1000) / 10
      : 0;
  return (
    <Grid.Row gutter={[16, 16]}>
      <Grid.Col xs={24} sm={12} xl={6}>
        <Figure
          testId="figure-ongoing"
          title={t('workplace.figures.ongoing')}
          value={data.teams.ongoing}
          unit={t('workplace.unit.teams', { count: data.teams.ongoing })}
          footer={<Typography.Text type="secondary">{data.today}</Typography.Text>}
        />
      </Grid.Col>
      <Grid.Col xs={24} sm={12} xl={6}>
        <Figure
          testId="figure-waiting"
          title={t('workplace.figures.waiting')}
          value={data.teams.waiting}
          unit={t('workplace.unit.teams', { count: data.teams.waiting })}
          footer={t('workplace.figures.waitingSoon', { count: data.teams.waitingSoon })}
        />
      </Grid.Col>
      <Grid.Col xs={24} sm={12} xl={6}>
        <Figure
          testId="figure-guides"
          title={t('workplace.figures.onDuty')}
          value={data.guides.onDuty}
          unit={t('workplace.unit.people', { count: data.guides.onDuty })}
          footer={t('workplace.figures.free', { count: data.guides.free })}
        />
      </Grid.Col>
      <Grid.Col xs={24} sm={12} xl={6}>
        <Figure
          testId="figure-visitors"
          title={t('workplace.figures.visitors')}
          value={data.visitors.today}
          unit={t('workplace.unit.people', { count: data.visitors.today })}
          footer={
            <>
              {t('workplace.figures.capacity', {
                capacity: intl.formatNumber(data.visitors.capacity),
                percent,
              })}
              <Progress percent={Math.min(100, percent)} showText={false} size="small" />
            </>
          }
        />
      </Grid.Col>
    </Grid.Row>
  );
}
