// ECharts imported modularly (architecture.md: only the chart types and components used), and
// loaded with the detail page only. Follows the console theme (light / dark).
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { useAppSelector } from '@console/shared/store';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export function EChart({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const dark = useAppSelector(
    (state) => (state as { settings?: { theme?: string } }).settings?.theme === 'dark',
  );

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, dark ? 'dark' : undefined);
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, dark]);

  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} />;
}
