// Multi-dimensional analysis (issue #16 §4; the seed's "Multi-D Analysis"), admin and operator
// (analysis:multi): guide performance by level, and a pivot of agencies, markets or spots by
// month with a choice of measure (teams, pax; for spots also capacity and planned load).
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Select, Space } from '@arco-design/web-react';
import { ANALYSIS_DIMENSIONS, type AnalysisDimension, type AnalysisRows } from '@console/shared';
import { useAnalysisGuidesQuery, useAnalysisMatrixQuery } from '../../api';
import { ChartCard } from '../../components/ChartCard';
import { RangeFilter, useAnalysisRange } from '../../components/RangeFilter';
import { useDictionaryLabels, useLevelLabel } from '../../hooks';

const MEASURES = ['teams', 'pax', 'capacity', 'load'] as const;
type Measure = (typeof MEASURES)[number];
/** Capacity (and so the load) is known for spots only. */
const SPOT_ONLY: readonly Measure[] = ['capacity', 'load'];

type MatrixRow = AnalysisRows<'matrix'>[number];

function measureOf(row: MatrixRow, measure: Measure): number {
  if (measure === 'load')
    return row.capacity ? Math.round((row.pax / row.capacity) * 1000) / 10 : 0;
  if (measure === 'capacity') return row.capacity ?? 0;
  return row[measure];
}

export default function MultiAnalysisPage() {
  const intl = useIntl();
  const labels = useDictionaryLabels();
  const levelLabel = useLevelLabel();
  const [range, setRange] = useAnalysisRange();
  const [dimension, setDimension] = useState<AnalysisDimension>('agency');
  const [measure, setMeasure] = useState<Measure>('teams');
  const guides = useAnalysisGuidesQuery(range);
  const matrix = useAnalysisMatrixQuery({ ...range, dimension });
  const t = (id: string) => intl.formatMessage({ id });

  const itemLabel = useCallback(
    (item: string) =>
      dimension === 'agency'
        ? labels.agency(item)
        : dimension === 'market'
          ? labels.market(item)
          : item,
    [dimension, labels],
  );

  const guideData = guides.data;
  const guideOption = useCallback(() => {
    const rows = guideData ?? [];
    const name = (id: string) => intl.formatMessage({ id });
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 50, right: 50, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: rows.map((r) => levelLabel(r.level)) },
      yAxis: [{ type: 'value' }, { type: 'value', min: 0, max: 5, splitLine: { show: false } }],
      series: [
        { type: 'bar', name: name('analysis.guides.teamsLed'), data: rows.map((r) => r.teamsLed) },
        {
          type: 'bar',
          name: name('analysis.guides.daysWorked'),
          data: rows.map((r) => r.daysWorked),
        },
        {
          type: 'line',
          yAxisIndex: 1,
          name: name('analysis.guides.rating'),
          data: rows.map((r) => r.averageRating),
        },
      ],
    };
  }, [guideData, intl, levelLabel]);

  const matrixData = matrix.data;
  const matrixOption = useCallback(() => {
    const rows = matrixData ?? [];
    const months = [...new Set(rows.map((r) => r.month))].sort();
    const items = [...new Set(rows.map((r) => r.item))];
    const cell = new Map(rows.map((r) => [`${r.item}\u0000${r.month}`, r]));
    return {
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 60, right: 20, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value' },
      series: items.map((item) => ({
        type: 'bar',
        name: itemLabel(item),
        data: months.map((m) => {
          const row = cell.get(`${item}\u0000${m}`);
          return row ? measureOf(row, measure) : 0;
        }),
      })),
    };
  }, [matrixData, measure, itemLabel]);

  const measures = MEASURES.filter((m) => dimension === 'spot' || !SPOT_ONLY.includes(m));

  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="multi-analysis-page"
    >
      <Card bordered={false}>
        <RangeFilter value={range} onChange={setRange} />
      </Card>
      <ChartCard
        chart="guides"
        rows={guides.data}
        loading={guides.isFetching}
        failed={guides.isError}
        onRetry={() => void guides.refetch()}
        params={range}
        option={guideOption}
        cell={{ level: (v) => levelLabel(v as never) }}
      />
      <ChartCard
        chart="matrix"
        rows={matrix.data}
        loading={matrix.isFetching}
        failed={matrix.isError}
        onRetry={() => void matrix.refetch()}
        params={{ ...range, dimension }}
        option={matrixOption}
        cell={{ item: (v) => itemLabel(v as string) }}
        extra={
          <>
            <Select
              size="small"
              style={{ width: 120 }}
              aria-label={t('analysis.dimension')}
              value={dimension}
              onChange={(v: AnalysisDimension) => {
                setDimension(v);
                if (v !== 'spot' && SPOT_ONLY.includes(measure)) setMeasure('teams');
              }}
              options={ANALYSIS_DIMENSIONS.map((d) => ({
                value: d,
                label: t(`analysis.dimension.${d}`),
              }))}
            />
            <Select
              size="small"
              style={{ width: 180 }}
              aria-label={t('analysis.measure')}
              value={measure}
              onChange={(v: Measure) => setMeasure(v)}
              options={measures.map((m) => ({ value: m, label: t(`analysis.measure.${m}`) }))}
            />
          </>
        }
      />
    </Space>
  );
}
