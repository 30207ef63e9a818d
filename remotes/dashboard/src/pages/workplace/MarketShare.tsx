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
  const option = useCallback(
    (p: ChartPalette) => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          itemStyle: { borderColor: 'transparent' },
          label: { color: p.text, formatter: '{b}\n{d}%' },
          data: share.map((m) => ({ name: labels.market(m.market), value: m.teams })),
        },
      ],
    }),
    [share, labels],
  );
  return (
    <Card title={title} data-testid="market-share" bordered={false}>
      {total === 0 ? (
        <Empty description={intl.formatMessage({ id: 'workplace.market.empty' })} />
      ) : (
        <LazyChart option={option} height={280} label={title} testId="chart-market-share" />
      )}
    </Card>
  );
}
