// ECharts imported modularly (architecture.md: only the chart types and components drawn
// here): the core in a chunk of its own that `LazyChart` loads after the page's first paint,
// each chart type and component when an option first asks for it (install.ts). Follows the
// console theme with the shared palette of Arco's tokens, drawn as SVG.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import {
  CHART_PALETTES,
  echartsTheme,
  useChartPalette,
  type ChartPalette,
} from '@console/shared/components/chart-palette';

import { installFor } from './install';

echarts.use([SVGRenderer]);
for (const palette of Object.values(CHART_PALETTES))
  echarts.registerTheme(palette.name, echartsTheme(palette));

export interface EChartProps {
  /** The option, built with the palette of the current theme. */
  option: (palette: ChartPalette) => EChartsCoreOption;
  height?: number;
  testId?: string;
  label: string;
}

export default function EChart({ option, height = 300, testId, label }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const palette = useChartPalette();

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, palette.name, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [palette.name]);

  useEffect(() => {
    const full = { backgroundColor: 'transparent', ...option(palette) };
    let current = true;
    void installFor(full).then(() => {
      if (current) chart.current?.setOption(full, true);
    });
    return () => {
      current = false;
    };
  }, [option, palette]);

  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      style={{ width: '100%', height }}
      data-testid={testId}
    />
  );
}
