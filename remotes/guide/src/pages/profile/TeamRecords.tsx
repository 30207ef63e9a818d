// The profile's teams and feedback (product.md, "Guide": teams led, feedback; issue 25 defect
// 6). Each figure sits on the list it sums: "teams led" is the teams list's total and "average
// rating" the mean of the feedback list, both read by the server with one rule each
// (server/src/modules/team/figures.ts), so the card never says 1 beside an empty list.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Card,
  Empty,
  Grid,
  Rate,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  TEAM_ENUM_LABELS,
  type Guide,
  type GuideFeedbackItem,
  type GuideTeamLed,
  type Locale,
} from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';
import { useGuideFeedbackQuery, useGuideTeamsLedQuery } from './recordsApi';

/** Rows per page of each list (the profile's side column is short). */
const PAGE_SIZE = 5;

function usePage() {
  const [current, setCurrent] = useState(1);
  return { current, pageSize: PAGE_SIZE, setCurrent };
}

export function TeamsCard({ guide }: { guide: Guide }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const f = guide.figures;
  const page = usePage();
  const teams = useGuideTeamsLedQuery({
    id: guide.id,
    current: page.current,
    pageSize: page.pageSize,
  });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={t('guide.profile.teams')} data-testid="guide-teams-led">
      <Grid.Row gutter={16} style={{ marginBottom: 16 }}>
        <Grid.Col span={8}>
          <Statistic
            title={t('guide.figures.teamsLed')}
            value={f.teamsLed}
            data-testid="figure-teams-led"
          />
        </Grid.Col>
        <Grid.Col span={8}>
          <Statistic title={t('guide.figures.daysWorked30')} value={f.daysWorked30} />
        </Grid.Col>
        <Grid.Col span={8}>
          <Statistic
            title={t('guide.figures.averageRating')}
            value={f.averageRating ?? '-'}
            data-testid="figure-average-rating"
          />
        </Grid.Col>
      </Grid.Row>
      <Table<GuideTeamLed>
        rowKey="id"
        size="small"
        border={false}
        loading={teams.isFetching}
        data={teams.data?.list ?? []}
        noDataElement={<Empty description={t('guide.profile.noTeams')} />}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: teams.data?.total ?? 0,
          size: 'mini',
          hideOnSinglePage: true,
          onChange: page.setCurrent,
        }}
        columns={[
          {
            title: t('guide.profile.team'),
            dataIndex: 'name',
            render: (_: unknown, r) => (
              <Space direction="vertical" size={0}>
                <Link to={`/team/detail/${r.id}`} data-operation-data>
                  {r.name}
                </Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.code}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('guide.profile.period'),
            dataIndex: 'startDate',
            render: (_: unknown, r) =>
              r.startDate === r.endDate ? r.startDate : `${r.startDate} ~ ${r.endDate}`,
          },
          {
            title: t('guide.profile.roles'),
            dataIndex: 'roles',
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {r.roles.map((role) => (
                  <Tag key={role} size="small">
                    {TEAM_ENUM_LABELS.role[role][locale]}
                  </Tag>
                ))}
                {r.status === 'ongoing' && (
                  <Tag size="small" color="arcoblue">
                    {TEAM_ENUM_LABELS.status.ongoing[locale]}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            // Its header stays on one line (评分 broke into one character a line).
            title: <span style={{ whiteSpace: 'nowrap' }}>{t('guide.profile.score')}</span>,
            dataIndex: 'score',
            align: 'right',
            width: 72,
            render: (v: number | null) => v ?? '-',
          },
        ]}
      />
    </Card>
  );
}

export function FeedbackCard({ guide }: { guide: Guide }) {
  const intl = useIntl();
  const page = usePage();
  const feedback = useGuideFeedbackQuery({
    id: guide.id,
    current: page.current,
    pageSize: page.pageSize,
  });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={t('guide.profile.feedback')} data-testid="guide-feedback">
      <Table<GuideFeedbackItem>
        rowKey="id"
        size="small"
        border={false}
        showHeader={false}
        loading={feedback.isFetching}
        data={feedback.data?.list ?? []}
        noDataElement={<Empty description={t('guide.profile.noFeedback')} />}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: feedback.data?.total ?? 0,
          size: 'mini',
          hideOnSinglePage: true,
          onChange: page.setCurrent,
        }}
        columns={[
          {
            title: t('guide.profile.feedback'),
            dataIndex: 'comment',
            render: (_: unknown, r) => (
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Space size={8} wrap>
                  <Rate readonly value={r.score} style={{ fontSize: 14 }} />
                  <Link to={`/team/detail/${r.teamId}`} data-operation-data>
                    {r.teamName}
                  </Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {operationDateTime(r.createdAt)}
                  </Typography.Text>
                </Space>
                {r.comment && (
                  <Typography.Text data-operation-data style={{ whiteSpace: 'pre-wrap' }}>
                    {r.comment}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
