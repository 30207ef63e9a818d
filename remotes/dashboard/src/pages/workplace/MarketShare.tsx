// Team market share (domestic / inbound / outbound) as the seed's content-type share chart.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Card, Empty } from '@arco-design/web-react';
import type { Workplace } from '@console/shared';
import type { ChartPalette } from '@console/shared/components/chart-palette';
import { LazyChart } from '../../charts/LazyChart';
import { useDictionaryLabels } from '../../hooks';

export function MarketShare({ share }: { share: Workplace['marketShare'] }) {
  const intl = useIntl();
  const labels = useDictionaryLabels();
  const title = intl.formatMessage({ id: 'workplace.market.title' });
  const total = share.reduce((n, m) => n + m.teams, 0);
  // The shares are written in the legend, not as labels around the ring: in this narrow card
  // the labels of the big slices were cut at the card's edges and a 0 % label sat on top of
  // its neighbour's.
  const option = useCallback(
    (p: ChartPalette) => {
      const data = share.map((m) => ({ name: labels.market(m.market), value: m.teams }));
      const percent = new Map(data.map((d) => [d.name, Math.round((d.value * 100) / total)]));
      return {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: {
          bottom: 0,
          textStyle: { color: p.text },
          formatter: (name: string) => `${name} ${percent.get(name) ?? 0}%`,
        },
        series: [
          {
            type: 'pie',
            radius: ['45%', '70%'],
            center: ['50%', '44%'],
            itemStyle: { borderColor: 'transparent' },
            label: { show: false },
            labelLine: { show: false },
            data,
          },
        ],
      };
    },
    [share, labels, total],
  );
  return (
    <Card title={title} data-testid="market-share" bordered={false}>
      {total === 0 ? (
        <Empty description={intl.formatMessage({ id: 'workplace.market.empty' })} />
      ) : (
        <LazyChart
          option={option}
          height={280}
          label={title}
          testId="chart-market-share"
          table={{
            columns: [
              intl.formatMessage({ id: 'workplace.market.market' }),
              intl.formatMessage({ id: 'workplace.market.teams' }),
              intl.formatMessage({ id: 'workplace.market.share' }),
            ],
            rows: share.map((m) => [
              labels.market(m.market),
              m.teams,
              `${Math.round((m.teams * 100) / total)}%`,
            ]),
          }}
        />
      )}
    </Card>
  );
}
