// ECharts imported modularly (architecture.md: only the chart types and components used), and
// loaded with the detail page only. Follows the console theme (light / dark) with a palette of
// Arco's tokens (chartPalette.ts), drawn as SVG: crisp text, and text the browser tests can
// measure like the page's.
import { useEffect, useId, useRef, type ReactNode } from 'react';
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

/** A chart's figures as a table: what a screen reader reads instead of the drawing. */
export interface ChartTable {
  columns: ReactNode[];
  rows: ReactNode[][];
}

/**
 * The chart, an image named by `label`, followed by its text alternative (issue 28 item 4): the
 * same figures as a visually hidden table captioned with the same name.
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
  const captionId = useId();

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
    <div style={{ position: 'relative' }}>
      <div
        ref={ref}
        role="img"
        aria-label={label}
        style={{ width: '100%', height }}
        data-testid={testId}
      />
      <div className="console-visually-hidden">
        <table aria-labelledby={captionId} data-testid={testId ? `${testId}-table` : undefined}>
          <caption id={captionId}>{label}</caption>
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
    </div>
  );
}
