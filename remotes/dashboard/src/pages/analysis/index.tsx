// Data analysis (issue #16 §4; the seed's "Data Analysis"), for every role: visitors per spot
// over the range (day / week / month), peak hours (hour × weekday), team sources (agencies)
// and markets. Each chart has its data table and xlsx export.
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Grid, Radio, Space } from '@arco-design/web-react';
import { ANALYSIS_BUCKETS, type AnalysisBucket } from '@console/shared';
import type { ChartPalette } from '@console/shared/components/chart-palette';
import {
  useAnalysisAgenciesQuery,
  useAnalysisMarketsQuery,
  useAnalysisPeakHoursQuery,
  useAnalysisVisitorsQuery,
} from '../../api';
import { ChartCard } from '../../components/ChartCard';
import { RangeFilter, useAnalysisRange } from '../../components/RangeFilter';
import { useDictionaryLabels } from '../../hooks';
import { VisitorsChart, visitorsOption } from './visitorsOption';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export default function AnalysisPage() {
  const intl = useIntl();
  const labels = useDictionaryLabels();
  const [range, setRange] = useAnalysisRange();
  const [bucket, setBucket] = useState<AnalysisBucket>('day');
  const visitors = useAnalysisVisitorsQuery({ ...range, bucket });
  const peak = useAnalysisPeakHoursQuery(range);
  const agencies = useAnalysisAgenciesQuery(range);
  const markets = useAnalysisMarketsQuery(range);
  const weekday = useCallback(
    (d: number) => intl.formatMessage({ id: `analysis.weekday.${d}` }),
    [intl],
  );

  const visitorsChart = useMemo(() => visitorsOption(visitors.data), [visitors.data]);
  const peakData = peak.data;
  const peakOption = useCallback(
    (p: ChartPalette) => {
      const cells = (peakData ?? []).map((c) => [c.hour, c.weekday - 1, c.visitors]);
      const max = Math.max(1, ...cells.map((c) => c[2]));
      return {
        tooltip: { position: 'top' },
        grid: { left: 60, right: 20, top: 10, bottom: 70 },
        xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
        yAxis: { type: 'category', data: WEEKDAYS.map(weekday), splitArea: { show: true } },
        visualMap: {
          min: 0,
          max,
          calculable: true,
          orient: 'horizontal',
          left: 'center',
          bottom: 0,
          formatter: (v: number) => intl.formatNumber(Math.round(v)),
          textStyle: { color: p.textSecondary },
          inRange: { color: [p.splitLine, p.series[0]] },
        },
        series: [{ type: 'heatmap', data: cells, emphasis: { itemStyle: { borderWidth: 1 } } }],
      };
    },
    [peakData, weekday, intl],
  );

  const agencyData = agencies.data;
  const agencyOption = useCallback(() => {
    const rows = [...(agencyData ?? [])].reverse();
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      // The grid makes room for the agencies' names, long ones on two lines ("China Youth
      // Travel Service" was cut at the card's left edge).
      grid: { left: 10, right: 20, top: 30, bottom: 30, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        data: rows.map((r) => labels.agency(r.agency)),
        axisLabel: { width: 140, overflow: 'break' },
      },
      series: [
        {
          type: 'bar',
          name: intl.formatMessage({ id: 'analysis.measure.teams' }),
          data: rows.map((r) => r.teams),
        },
        {
          type: 'bar',
          name: intl.formatMessage({ id: 'analysis.measure.pax' }),
          data: rows.map((r) => r.pax),
        },
      ],
    };
  }, [agencyData, labels, intl]);

  const marketData = markets.data;
  const marketOption = useCallback(
    (p: ChartPalette) => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          label: { color: p.text },
          data: (marketData ?? []).map((m) => ({ name: labels.market(m.market), value: m.pax })),
        },
      ],
    }),
    [marketData, labels],
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="analysis-page">
      <Card bordered={false}>
        <Space size={24} wrap>
          <RangeFilter value={range} onChange={setRange} />
          <Space>
            <span>{intl.formatMessage({ id: 'analysis.bucket' })}</span>
            <Radio.Group
              type="button"
              value={bucket}
              onChange={(v: AnalysisBucket) => setBucket(v)}
              options={ANALYSIS_BUCKETS.map((b) => ({
                value: b,
                label: intl.formatMessage({ id: `analysis.bucket.${b}` }),
              }))}
            />
          </Space>
        </Space>
      </Card>
      <VisitorsChart
        rows={visitors.data}
        loading={visitors.isFetching}
        failed={visitors.isError}
        onRetry={() => void visitors.refetch()}
        params={{ ...range, bucket }}
        option={visitorsChart}
      />
      <ChartCard
        chart="peakHours"
        rows={peak.data}
        loading={peak.isFetching}
        failed={peak.isError}
        onRetry={() => void peak.refetch()}
        params={range}
        option={peakOption}
        cell={{ weekday: (v) => weekday(v as number) }}
      />
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} xl={14}>
          <ChartCard
            chart="agencies"
            rows={agencies.data}
            loading={agencies.isFetching}
            failed={agencies.isError}
            onRetry={() => void agencies.refetch()}
            params={range}
            option={agencyOption}
            cell={{ agency: (v) => labels.agency(v as string) }}
          />
        </Grid.Col>
        <Grid.Col xs={24} xl={10}>
          <ChartCard
            chart="markets"
            rows={markets.data}
            loading={markets.isFetching}
            failed={markets.isError}
            onRetry={() => void markets.refetch()}
            params={range}
            option={marketOption}
            cell={{ market: (v) => labels.market(v as string) }}
          />
        </Grid.Col>
      </Grid.Row>
    </Space>
  );
}
