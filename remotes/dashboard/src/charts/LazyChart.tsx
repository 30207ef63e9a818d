// Charts load after first paint: ECharts is a chunk of its own, fetched when a chart mounts.
// Each chart has its text alternative (issue 28 item 4): the drawing is an image named by its
// title, and the same figures follow it as a visually hidden table, there before the drawing
// arrives and whatever the screen reader makes of SVG.
import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '@arco-design/web-react';
import type { ChartTable, EChartProps } from './EChart';

const EChart = lazy(() => import(/* webpackChunkName: "chart" */ './EChart'));

export function ChartAlternative({
  label,
  table,
  testId,
}: {
  label: string;
  table: ChartTable;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="console-visually-hidden">
      <table aria-labelledby={id} data-testid={testId ? `${testId}-table` : undefined}>
        <caption id={id}>{label}</caption>
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LazyChart(props: EChartProps) {
  return (
    <div style={{ position: 'relative' }}>
      <Suspense
        fallback={
          <div style={{ height: props.height ?? 300 }}>
            <Skeleton animation text={{ rows: 4 }} />
          </div>
        }
      >
        <EChart {...props} />
      </Suspense>
      <ChartAlternative label={props.label} table={props.table} testId={props.testId} />
    </div>
  );
}
