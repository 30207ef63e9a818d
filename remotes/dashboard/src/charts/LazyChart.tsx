// Charts load after first paint: ECharts is a chunk of its own, fetched when a chart mounts.
import { lazy, Suspense } from 'react';
import { Skeleton } from '@arco-design/web-react';
import type { EChartProps } from './EChart';

const EChart = lazy(() => import(/* webpackChunkName: "chart" */ './EChart'));

export function LazyChart(props: EChartProps) {
  return (
    <Suspense
      fallback={
        <div style={{ height: props.height ?? 300 }}>
          <Skeleton animation text={{ rows: 4 }} />
        </div>
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}
