// Charts load after first paint: ECharts is a chunk of its own, fetched when a chart mounts.
// Each chart has its text alternative (the shared chart-alternative), there before the drawing
// arrives.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@arco-design/web-react';
import { ChartWithAlternative } from '@console/shared/components/chart-alternative';
import type { EChartProps } from './EChart';

const EChart = lazy(() => import(/* webpackChunkName: "chart" */ './EChart'));

export function LazyChart(props: EChartProps) {
  return (
    <ChartWithAlternative label={props.label} table={props.table} testId={props.testId}>
      <Suspense
        fallback={
          <div style={{ height: props.height ?? 300 }}>
            <Skeleton animation text={{ rows: 4 }} />
          </div>
        }
      >
        <EChart {...props} />
      </Suspense>
    </ChartWithAlternative>
  );
}
