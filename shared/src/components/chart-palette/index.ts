// The charts' colours in the console's two themes: Arco's text, border and fill tokens (the
// values `body[arco-theme=dark]` gives its CSS variables), so axis labels, legends, split lines
// and the capacity lines' labels read like the rest of the page. The chart keeps the card's
// background (transparent). The theme comes from the settings in the store, not from the
// body attribute, which the shell sets only after the section has rendered.
import { useAppSelector } from '../../store';

export interface ChartPalette {
  name: 'console-light' | 'console-dark';
  /** Primary text: legends, mark-line labels, tooltips. */
  text: string;
  /** Secondary text: axis labels and names. */
  textSecondary: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  series: string[];
  danger: string;
  warning: string;
}

export const CHART_PALETTES: Record<'light' | 'dark', ChartPalette> = {
  light: {
    name: 'console-light',
    text: '#1D2129',
    textSecondary: '#4E5969',
    axisLine: '#C9CDD4',
    splitLine: '#E5E6EB',
    tooltipBackground: '#FFFFFF',
    tooltipBorder: '#E5E6EB',
    // Nine: a chart of the six demo agencies drew the first and the sixth in the same blue.
    series: [
      '#165DFF',
      '#14C9C9',
      '#F7BA1E',
      '#722ED1',
      '#F77234',
      '#00B42A',
      '#D91AD9',
      '#9FDB1D',
      '#F5319D',
    ],
    danger: '#F53F3F',
    warning: '#FF7D00',
  },
  dark: {
    name: 'console-dark',
    text: 'rgba(255, 255, 255, 0.9)',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    axisLine: '#5F5F60',
    splitLine: '#333335',
    tooltipBackground: '#373739',
    tooltipBorder: '#484849',
    series: [
      '#3C7EFF',
      '#30C9C9',
      '#F9CC45',
      '#8D4EDA',
      '#F9925A',
      '#27C346',
      '#E13EDB',
      '#A9E34B',
      '#F754A8',
    ],
    danger: '#F76965',
    warning: '#FF9626',
  },
};

/** The palette of the theme the user has chosen. */
export function useChartPalette(): ChartPalette {
  const dark = useAppSelector(
    (state) => (state as { settings?: { theme?: string } }).settings?.theme === 'dark',
  );
  return CHART_PALETTES[dark ? 'dark' : 'light'];
}

/** An ECharts theme of a palette (registered once under `palette.name`). */
export function echartsTheme(p: ChartPalette): Record<string, unknown> {
  const axis = {
    axisLine: { lineStyle: { color: p.axisLine } },
    axisTick: { lineStyle: { color: p.axisLine } },
    axisLabel: { color: p.textSecondary },
    nameTextStyle: { color: p.textSecondary },
    splitLine: { lineStyle: { color: p.splitLine } },
  };
  return {
    darkMode: p.name === 'console-dark',
    color: p.series,
    backgroundColor: 'transparent',
    textStyle: { color: p.text },
    legend: {
      textStyle: { color: p.text },
      pageTextStyle: { color: p.text },
      inactiveColor: p.axisLine,
    },
    tooltip: {
      backgroundColor: p.tooltipBackground,
      borderColor: p.tooltipBorder,
      textStyle: { color: p.text },
    },
    axisPointer: { lineStyle: { color: p.axisLine }, crossStyle: { color: p.axisLine } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
  };
}

/**
 * A mark line's label in the palette: text colour, no outline (ECharts draws a light halo
 * round labels by default, glaring on a dark card).
 */
export function markLineLabel(p: ChartPalette) {
  return {
    formatter: '{b}',
    position: 'insideEndTop' as const,
    color: p.text,
    textBorderWidth: 0,
    textBorderColor: 'transparent',
  };
}
