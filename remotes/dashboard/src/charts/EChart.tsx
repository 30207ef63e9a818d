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
import { ChartImage, type ChartTable } from '@console/shared/components/chart-alternative';

import { installedParts, installFor } from './install';

echarts.use([SVGRenderer]);
for (const palette of Object.values(CHART_PALETTES))
  echarts.registerTheme(palette.name, echartsTheme(palette));

const reducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export interface EChartProps {
  /** The option, built with the palette of the current theme. */
  option: (palette: ChartPalette) => EChartsCoreOption;
  height?: number;
  testId?: string;
  label: string;
  /** Its text alternative (LazyChart shows it): a visually hidden table of the same figures. */
  table: ChartTable;
}

export default function EChart({ option, height = 300, testId, label }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<{ instance: echarts.ECharts; theme: string; parts: number } | null>(null);
  const palette = useChartPalette();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => chart.current?.instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Drawn at once, without ECharts' own growing animation, when reduced motion is asked for.
    const full = {
      backgroundColor: 'transparent',
      animation: !reducedMotion(),
      ...option(palette),
    };
    let current = true;
    void installFor(full).then(() => {
      if (!current || !ref.current) return;
      // An instance takes the layouts and visuals installed before it was created: after a
      // new chart type or component (or another theme) it is created again.
      const parts = installedParts();
      const drawn = chart.current;
      if (!drawn || drawn.theme !== palette.name || drawn.parts !== parts) {
        drawn?.instance.dispose();
        const instance = echarts.init(ref.current, palette.name, { renderer: 'svg' });
        chart.current = { instance, theme: palette.name, parts };
      }
      chart.current?.instance.setOption(full, true);
    });
    return () => {
      current = false;
    };
  }, [option, palette]);

  return <ChartImage ref={ref} label={label} height={height} testId={testId} />;
}
