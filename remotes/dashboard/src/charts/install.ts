// ECharts per chart type (issue 16: "imported per chart type"): each series type and component
// an option uses is a chunk of its own, fetched the first time a chart needs it, so the
// workplace's share pie does not download the analyses' heat map, bars and lines. Chart code
// is in `js/chart*.js` files (rspack.config.base.ts): `npm run bench:web` tells it apart.
import { use } from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';

type Installer = Parameters<typeof use>[0];
type Load = () => Promise<{ default: Installer }>;

const SERIES: Record<string, Load> = {
  pie: () => import(/* webpackChunkName: "chart-pie" */ './parts/pie'),
  bar: () => import(/* webpackChunkName: "chart-bar" */ './parts/bar'),
  line: () => import(/* webpackChunkName: "chart-line" */ './parts/line'),
  heatmap: () => import(/* webpackChunkName: "chart-heatmap" */ './parts/heatmap'),
};

/** Components, by the option key that asks for them. */
const COMPONENTS: Record<string, Load> = {
  xAxis: () => import(/* webpackChunkName: "chart-grid" */ './parts/grid'),
  legend: () => import(/* webpackChunkName: "chart-legend" */ './parts/legend'),
  tooltip: () => import(/* webpackChunkName: "chart-tooltip" */ './parts/tooltip'),
  visualMap: () => import(/* webpackChunkName: "chart-visualMap" */ './parts/visualMap'),
};

const installed = new Map<Load, Promise<void>>();
let parts = 0;

/** How many chart types and components are installed (an instance sees those before it). */
export const installedParts = () => parts;

function install(load: Load): Promise<void> {
  let done = installed.get(load);
  if (!done) {
    done = load().then((part) => {
      use(part.default);
      parts += 1;
    });
    installed.set(load, done);
  }
  return done;
}

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** Installs every series type and component `option` uses (an unknown type fails loudly). */
export function installFor(option: EChartsCoreOption): Promise<void> {
  const loads = new Set<Load>();
  for (const series of asList(option.series)) {
    const type = (series as { type?: string }).type ?? '';
    const load = SERIES[type];
    if (!load) return Promise.reject(new Error(`No ECharts chart installed for "${type}"`));
    loads.add(load);
  }
  for (const [key, load] of Object.entries(COMPONENTS)) if (key in option) loads.add(load);
  return Promise.all([...loads].map(install)).then(() => undefined);
}
