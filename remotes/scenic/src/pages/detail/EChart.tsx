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
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, theme]);

  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} />;
}
