// ECharts imported modularly (architecture.md: only the chart types and components used), and
// loaded with the detail page only. Follows the console theme (light / dark) with a palette of
// Arco's tokens (chartPalette.ts), drawn as SVG: crisp text, and text the browser tests can
// measure like the page's.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import {
  ChartImage,
  ChartWithAlternative,
  type ChartTable,
} from '@console/shared/components/chart-alternative';
import { CHART_PALETTES, echartsTheme, useChartPalette } from './chartPalette';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  SVGRenderer,
]);
for (const palette of Object.values(CHART_PALETTES))
  echarts.registerTheme(palette.name, echartsTheme(palette));

/**
 * The chart, an image named by `label`, followed by its text alternative (the shared
 * chart-alternative): the same figures as a visually hidden table captioned with the same name.
 */
export function EChart({
  option,
  height = 300,
  testId,
  label,
  table,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
  label: string;
  table: ChartTable;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const theme = useChartPalette().name;

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, theme, { renderer: 'svg' });
    chart.current = instance;
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, [theme]);

  useEffect(() => {
    // Drawn at once, without ECharts' own growing animation, when reduced motion is asked for.
    const animation = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches !== true;
    chart.current?.setOption({ backgroundColor: 'transparent', animation, ...option }, true);
  }, [option, theme]);

  return (
    <ChartWithAlternative label={label} table={table} testId={testId}>
      <ChartImage ref={ref} label={label} height={height} testId={testId} />
    </ChartWithAlternative>
  );
}
