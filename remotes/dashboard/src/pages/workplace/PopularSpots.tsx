// Popular scenic spots (the seed's popular content: rank, title, clicks → visitors, increase).
import { useIntl } from 'react-intl';
import { Card, Table, Typography } from '@arco-design/web-react';
import { IconArrowFall, IconArrowRise } from '@arco-design/web-react/icon';
import { Link } from 'react-router-dom';
import type { Workplace } from '@console/shared';

type Spot = Workplace['popularSpots'][number];

/** A header breaks between words, never inside one (本周入园 stays whole; English wraps). */
const KEEP_WORDS = { wordBreak: 'keep-all' } as const;

export function PopularSpots({ spots }: { spots: Spot[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={t('workplace.popular.title')} data-testid="popular-spots" bordered={false}>
      <Table<Spot>
        rowKey="spotId"
        size="small"
        pagination={false}
        border={false}
        data={spots}
        noDataElement={
          <Typography.Text type="secondary">{t('workplace.popular.empty')}</Typography.Text>
        }
        columns={[
          { title: t('workplace.popular.rank'), dataIndex: 'rank', width: 70 },
          {
            title: t('workplace.popular.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={`/scenic/detail/${row.spotId}`} data-operation-data>
                {name}
              </Link>
            ),
          },
          {
            title: <span style={KEEP_WORDS}>{t('workplace.popular.visitors')}</span>,
            dataIndex: 'visitors',
            align: 'right',
            render: (v: number) => intl.formatNumber(v),
          },
          {
            title: <span style={KEEP_WORDS}>{t('workplace.popular.increase')}</span>,
            dataIndex: 'increase',
            align: 'right',
            render: (v: number | null) =>
              v === null ? (
                <Typography.Text type="secondary">{t('workplace.popular.new')}</Typography.Text>
              ) : (
                <span
                  style={{
                    // The darker shades: green-6 and red-6 read below 4.5:1 on white (issue 28).
                    color: v >= 0 ? 'rgb(var(--green-8))' : 'rgb(var(--red-7))',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {v >= 0 ? <IconArrowRise /> : <IconArrowFall />} {Math.abs(v)}%
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
