// The workplace's four figures (issue #16 §2): teams ongoing, waiting (starting soon, and the
// drafts beside them), guides on duty and free, visitors today against today's capacity. A
// team figure links to the list it is the total of, with the list's filter
// (workplaceTeamLinks in the contract: the server counts it through that list, issue 25).
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Grid, Progress, Statistic, Space, Typography } from '@arco-design/web-react';
import {
  teamListHref,
  workplaceTeamLinks,
  type Workplace,
  type WorkplaceTeamFigure,
} from '@console/shared';

/** A figure that opens its list: `data-figure` names it (the tests follow every such link). */
function FigureLink({
  figure,
  today,
  plain,
  children,
}: {
  figure: WorkplaceTeamFigure;
  today: string;
  /** A statistic keeps its own colours (the whole figure is the link). */
  plain?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={teamListHref(workplaceTeamLinks(today)[figure])}
      data-figure={figure}
      style={plain ? { color: 'inherit', textDecoration: 'none' } : undefined}
    >
      {children}
    </Link>
  );
}

/** A figure's number inside a sentence (the tests read it there, not the sentence's others). */
function FigureValue({ value }: { value: number }) {
  const intl = useIntl();
  return <span data-figure-value>{intl.formatNumber(value)}</span>;
}

function Figure({
  testId,
  title,
  value,
  unit,
  footer,
  link,
}: {
  testId: string;
  title: string;
  value: number;
  unit: string;
  footer: React.ReactNode;
  /** The team figure this is, when it opens a list. */
  link?: { figure: WorkplaceTeamFigure; today: string };
}) {
  const statistic = (
    <Statistic
      title={title}
      value={value}
      groupSeparator
      // The unit stays beside its number however narrow the card ("个" alone on a line).
      styleValue={{ whiteSpace: 'nowrap' }}
      suffix={<span style={{ fontSize: 14, color: 'var(--color-text-2)' }}>{unit}</span>}
    />
  );
  return (
    <Card data-testid={testId} bordered={false} style={{ height: '100%' }}>
      {link ? (
        <FigureLink {...link} plain>
          {statistic}
        </FigureLink>
      ) : (
        statistic
      )}
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
          link={{ figure: 'ongoing', today: data.today }}
          footer={<Typography.Text type="secondary">{data.today}</Typography.Text>}
        />
      </Grid.Col>
      <Grid.Col xs={24} sm={12} xl={6}>
        <Figure
          testId="figure-waiting"
          title={t('workplace.figures.waiting')}
          value={data.teams.waiting}
          unit={t('workplace.unit.teams', { count: data.teams.waiting })}
          link={{ figure: 'waiting', today: data.today }}
          footer={
            <Space size={12} wrap>
              <FigureLink figure="waitingSoon" today={data.today}>
                {intl.formatMessage(
                  { id: 'workplace.figures.waitingSoon' },
                  { value: <FigureValue value={data.teams.waitingSoon} /> },
                )}
              </FigureLink>
              <FigureLink figure="drafts" today={data.today}>
                {intl.formatMessage(
                  { id: 'workplace.figures.drafts' },
                  { count: data.teams.drafts, value: <FigureValue value={data.teams.drafts} /> },
                )}
              </FigureLink>
            </Space>
          }
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
              <Progress
                percent={Math.min(100, percent)}
                showText={false}
                size="small"
                aria-label={t('workplace.figures.visitors')}
              />
            </>
          }
        />
      </Grid.Col>
    </Grid.Row>
  );
}
