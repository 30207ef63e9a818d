// Load of a spot over today (15-minute buckets) and over the last 30 days (daily buckets).
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Card, Empty, Grid, Spin } from '@arco-design/web-react';
import type { ScenicLoadQuery } from '@console/shared';
import { useScenicLoadQuery } from '../../api';
import { OPERATION_ZONE_LABEL, operationClock, operationDay } from '@console/shared/i18n';
import type { EChartsCoreOption } from 'echarts/core';
import { useChartTableTexts, type ChartTable } from '@console/shared/components/chart-alternative';
import { EChart } from './EChart';
import { markLineLabel, useChartPalette } from './chartPalette';

const DAY_MS = 86_400_000;

function useSeries(spotId: number, query: Partial<ScenicLoadQuery>) {
  const result = useScenicLoadQuery({ id: spotId, query });
  return { series: result.isError ? null : (result.data ?? null), loading: result.isFetching };
}

export function LoadCharts({ spotId }: { spotId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [monthQuery] = useState(() => {
    const to = new Date();
    return {
      bucket: '1d' as const,
      from: new Date(to.getTime() - 30 * DAY_MS).toISOString(),
      to: to.toISOString(),
    };
  });
  const palette = useChartPalette();
  const columnTexts = useChartTableTexts();
  const today = useSeries(spotId, { bucket: '15m' });
  const month = useSeries(spotId, monthQuery);

  const todayOption = useMemo(() => {
    const s = today.series;
    if (!s) return null;
    const capacity = s.current.capacity || s.instantCapacity;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 24, top: 36, bottom: 28 },
      // The operation's clock, not the browser's (the card title names the zone).
      xAxis: {
        type: 'category',
        data: s.points.map((p) => operationClock(p.at)),
      },
      yAxis: { type: 'value', max: (v: { max: number }) => Math.max(v.max, capacity) },
      series: [
        {
          name: t('scenic.chart.inPark'),
          type: 'line',
          smooth: true,
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: s.points.map((p) => p.inPark),
          markLine: {
            symbol: 'none',
            data: [
              {
                name: t('scenic.chart.capacity'),
                yAxis: capacity,
                lineStyle: { color: palette.danger },
              },
              {
                name: t('scenic.chart.warning', { percent: s.warningPercent }),
                yAxis: Math.round((capacity * s.warningPercent) / 100),
                lineStyle: { color: palette.warning, type: 'dashed' },
              },
            ],
            label: markLineLabel(palette),
          },
        },
      ],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows intl
  }, [today.series, intl, palette]);

  const monthOption = useMemo(() => {
    const s = month.series;
    if (!s) return null;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 48, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: s.points.map((p) => operationDay(p.at)) },
      yAxis: [
        { type: 'value', name: t('scenic.chart.entries') },
        { type: 'value', name: '%', max: (v: { max: number }) => Math.max(100, Math.ceil(v.max)) },
      ],
      series: [
        {
          name: t('scenic.chart.entries'),
          type: 'bar',
          data: s.points.map((p) => p.entries),
          markLine: {
            symbol: 'none',
            data: [{ name: t('scenic.chart.daily'), yAxis: s.dailyCapacity }],
            label: markLineLabel(palette),
            lineStyle: { color: palette.danger },
          },
        },
        {
          name: t('scenic.chart.peak'),
          type: 'line',
          yAxisIndex: 1,
          data: s.points.map((p) => p.loadPercent),
        },
      ],
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows intl
  }, [month.series, intl, palette]);

  const chart = (
    loading: boolean,
    option: EChartsCoreOption | null,
    empty: boolean,
    testId: string,
    label: string,
    table: () => ChartTable,
  ) =>
    loading ? (
      <Spin style={{ display: 'block', margin: '100px auto' }} />
    ) : !option || empty ? (
      <Empty description={t('scenic.detail.noFlow')} />
    ) : (
      <EChart option={option} testId={testId} label={label} table={table()} />
    );

  // The charts' text alternatives (issue 28 item 4): the figures they draw, one row a bucket.
  // The column names of time and date are every chart's (the shared chart-alternative).
  const todayTitle = `${t('scenic.detail.today')} (${OPERATION_ZONE_LABEL})`;
  const todayTable = (): ChartTable => {
    const points = today.series?.points ?? [];
    return {
      columns: [`${columnTexts.time} (${OPERATION_ZONE_LABEL})`, t('scenic.chart.inPark')],
      rows: points.map((p) => [operationClock(p.at), intl.formatNumber(p.inPark)]),
    };
  };
  const monthTable = (): ChartTable => {
    const points = month.series?.points ?? [];
    return {
      columns: [columnTexts.date, t('scenic.chart.entries'), t('scenic.chart.peak')],
      rows: points.map((p) => [
        operationDay(p.at),
        intl.formatNumber(p.entries),
        intl.formatNumber(p.loadPercent),
      ]),
    };
  };

  return (
    <Grid.Row gutter={16}>
      <Grid.Col xs={24} lg={12}>
        <Card title={todayTitle}>
          {chart(
            today.loading,
            todayOption,
            (today.series?.points.length ?? 0) === 0,
            'chart-today',
            todayTitle,
            todayTable,
          )}
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} lg={12}>
        <Card title={t('scenic.detail.month')}>
          {chart(
            month.loading,
            monthOption,
            (month.series?.points.length ?? 0) === 0,
            'chart-month',
            t('scenic.detail.month'),
            monthTable,
          )}
        </Card>
      </Grid.Col>
    </Grid.Row>
  );
}
