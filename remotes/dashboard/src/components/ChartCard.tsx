// One analysis chart in a card: its title from the contract, a data-table toggle showing the
// same rows with the same column titles as the export, and the xlsx export. Loading, empty and
// error states are the card's own.
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Empty, Result, Space, Switch, Table } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { ANALYSIS_CHARTS, type AnalysisChart } from '@console/shared';
import { exportAnalysis } from '../api';
import { useLocale } from '../hooks';
import { LazyChart } from '../charts/LazyChart';
import type { EChartProps } from '../charts/EChart';

export interface ChartCardProps<Row extends object> {
  chart: AnalysisChart;
  rows: Row[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The query the rows came from (the export asks the same). */
  params: object;
  option: EChartProps['option'];
  /** Cell texts of coded columns (dictionary values, levels, weekdays). */
  cell?: Partial<Record<string, (value: unknown, row: Row) => ReactNode>>;
  height?: number;
  extra?: ReactNode;
}

export function ChartCard<Row extends object>(props: ChartCardProps<Row>) {
  const { chart, rows, loading, failed, onRetry, params, option, cell, height = 320 } = props;
  const intl = useIntl();
  const locale = useLocale();
  const [table, setTable] = useState(false);
  const [exporting, setExporting] = useState(false);
  const spec = ANALYSIS_CHARTS[chart];
  const title = spec.title[locale];

  const columns = Object.entries(spec.columns).map(([key, c]) => ({
    title: c.title[locale],
    dataIndex: key,
    render: (value: unknown, row: Row) =>
      cell?.[key] ? cell[key]!(value, row) : value === null ? '—' : String(value),
  }));

  const body = failed ? (
    <Result
      status="error"
      title={intl.formatMessage({ id: 'dashboard.loadFailed' })}
      extra={<Button onClick={onRetry}>{intl.formatMessage({ id: 'dashboard.retry' })}</Button>}
    />
  ) : !loading && rows && rows.length === 0 ? (
    <Empty description={intl.formatMessage({ id: 'dashboard.empty' })} />
  ) : table ? (
    <Table
      rowKey={(row) => JSON.stringify(row)}
      columns={columns}
      data={rows ?? []}
      loading={loading}
      pagination={{ pageSize: 10, size: 'mini' }}
      size="small"
      border={false}
    />
  ) : rows ? (
    <LazyChart
      option={option}
      height={height}
      label={title}
      testId={`chart-${chart}`}
      // Its text alternative: the rows the table toggle shows, all of them, unpaged.
      table={{
        columns: columns.map((c) => c.title),
        rows: rows.map((row) =>
          columns.map((c) => c.render((row as Record<string, unknown>)[c.dataIndex], row)),
        ),
      }}
    />
  ) : (
    <div style={{ height }} />
  );

  return (
    <Card
      title={title}
      data-testid={`analysis-${chart}`}
      extra={
        <Space>
          {props.extra}
          <Switch
            size="small"
            checked={table}
            onChange={setTable}
            aria-label={intl.formatMessage({ id: 'analysis.table' })}
          />
          <span style={{ color: 'var(--color-text-2)' }}>
            {intl.formatMessage({ id: 'analysis.table' })}
          </span>
          <Button
            size="small"
            icon={<IconDownload />}
            loading={exporting}
            disabled={!rows || rows.length === 0}
            onClick={() => {
              setExporting(true);
              exportAnalysis(chart, params)
                .catch(() => undefined)
                .finally(() => setExporting(false));
            }}
          >
            {intl.formatMessage({ id: 'analysis.export' })}
          </Button>
        </Space>
      }
    >
      {body}
    </Card>
  );
}
