// A chart's text alternative (issue 28 item 4), one for every section's charts: the drawing is
// an image named by the chart's title, and the same figures follow it as a visually hidden
// table captioned with the same name, there before the drawing arrives and whatever a screen
// reader makes of SVG. It draws nothing itself: a page imports no ECharts through it.
import { forwardRef, useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { resolveLocale, type Locale } from '../../contracts/locale';

/** A chart's figures as a table: what a screen reader reads instead of the drawing. */
export interface ChartTable {
  columns: ReactNode[];
  /** One row a point of the chart; its first cell says which (a row header). */
  rows: ReactNode[][];
}

export interface ChartAlternativeProps {
  /** The chart's title: the image's name and the table's caption. */
  label: string;
  table: ChartTable;
  /** The image's test id; the table's is `<testId>-table`. */
  testId?: string;
}

/** The element a chart is drawn into: an image named by the chart's title. */
export const ChartImage = forwardRef<
  HTMLDivElement,
  { label: string; height: number; testId?: string }
>(function ChartImage({ label, height, testId }, ref) {
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      style={{ width: '100%', height }}
      data-testid={testId}
    />
  );
});

/** The chart's figures as a visually hidden table captioned with the chart's title. */
export function ChartAlternative({ label, table, testId }: ChartAlternativeProps) {
  const captionId = useId();
  return (
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
  );
}

/** A chart (`children`: its image, or what stands in while it loads) and its text alternative. */
export function ChartWithAlternative({
  children,
  ...alternative
}: ChartAlternativeProps & { children: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      {children}
      <ChartAlternative {...alternative} />
    </div>
  );
}

const zhCN = {
  time: '时间',
  date: '日期',
};

/** Column names the charts' tables share: the time or the date of a point, both languages. */
export const CHART_TABLE_TEXTS: Record<Locale, Record<keyof typeof zhCN, string>> = {
  'zh-CN': zhCN,
  'en-US': { time: 'Time', date: 'Date' },
};

/** The shared column names in the language the page is shown in. */
export function useChartTableTexts() {
  return CHART_TABLE_TEXTS[resolveLocale(useIntl().locale)];
}
