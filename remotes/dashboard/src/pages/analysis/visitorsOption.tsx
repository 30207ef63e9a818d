// Visitors per spot over the periods of the range: one line per spot (the busiest first).
import type { AnalysisRows } from '@console/shared';
import { ChartCard, type ChartCardProps } from '../../components/ChartCard';

type Rows = AnalysisRows<'visitors'>;

export function visitorsOption(rows: Rows | undefined) {
  return () => {
    const periods = [...new Set((rows ?? []).map((r) => r.period))].sort();
    const spots = [...new Set((rows ?? []).map((r) => r.spot))];
    const value = new Map((rows ?? []).map((r) => [`${r.spot}\u0000${r.period}`, r.visitors]));
    return {
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 60, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: periods },
      yAxis: { type: 'value' },
      series: spots.map((spot) => ({
        type: 'line',
        name: spot,
        smooth: true,
        showSymbol: periods.length < 40,
        data: periods.map((p) => value.get(`${spot}\u0000${p}`) ?? 0),
      })),
    };
  };
}

export function VisitorsChart(props: Omit<ChartCardProps<Rows[number]>, 'chart'>) {
  return <ChartCard chart="visitors" height={340} {...props} />;
}
