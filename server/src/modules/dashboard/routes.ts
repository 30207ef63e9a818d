// Dashboard API (issue #16 §2, §4): the workplace in one call, and the analyses with their
// xlsx / csv exports. Each analysis is guarded by the permission its chart declares in the
// shared contract (ANALYSIS_CHARTS), so the page, the menu and the server agree.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ANALYSIS_CHARTS,
  analysisExportQuery,
  analysisMatrixQuery,
  analysisRangeQuery,
  analysisRows,
  analysisVisitorsQuery,
  envelopeOf,
  GUIDE_ENUM_LABELS,
  GUIDE_LEVELS,
  localDayStamp,
  workplaceSchema,
  type AnalysisChart,
  type Localized,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { sendSpreadsheet, writeSheet } from '../../lib/spreadsheet';
import { resolveSheet, type SheetColumn, type SheetSpec } from '../../lib/spreadsheet/sheet';

/** The export sheet of a chart: its contract's columns; guide levels written as their labels. */
function chartSheet(chart: AnalysisChart): SheetSpec<Record<string, unknown>> {
  const spec = ANALYSIS_CHARTS[chart];
  const entries = Object.entries(spec.columns) as [
    string,
    { title: Localized; type: 'string' | 'integer' | 'number'; dictionary?: string },
  ][];
  const columns = entries.map(([key, c]) => {
    const column: SheetColumn<Record<string, unknown>> = {
      key,
      header: c.title,
      type: c.type,
      dictionary: c.dictionary,
    };
    if (chart === 'guides' && key === 'level')
      column.options = GUIDE_LEVELS.map((value) => ({
        value,
        label: GUIDE_ENUM_LABELS.level[value],
      }));
    return column;
  });
  return {
    name: `analysis-${chart}`,
    title: spec.title,
    columns,
    row: analysisRows[chart].element as unknown as z.ZodType<Record<string, unknown>>,
  };
}

export const dashboardRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { dashboard, properties } = services;
  const tags = ['dashboard'];

  app.get(
    '/api/dashboard/workplace',
    {
      schema: { tags, response: { 200: envelopeOf(workplaceSchema) } },
      config: { access: 'dashboard:read' },
    },
    async (req) => ok(await dashboard.workplace(req.auth!, req.locale)),
  );

  /** One analysis: its read, and its export with the same query plus `format`. */
  function analysis<Q extends z.ZodType, C extends AnalysisChart>(
    chart: C,
    path: string,
    query: Q,
    read: (q: z.infer<Q>) => Promise<z.infer<(typeof analysisRows)[C]>>,
  ) {
    const access = ANALYSIS_CHARTS[chart].permission;
    app.get(
      `/api/dashboard/analysis/${path}`,
      {
        schema: { tags, querystring: query, response: { 200: envelopeOf(analysisRows[chart]) } },
        config: { access },
      },
      async (req) => ok(await read(req.query as z.infer<Q>)),
    );
    app.get(
      `/api/dashboard/analysis/${path}/export`,
      { schema: { tags, querystring: query.and(analysisExportQuery) }, config: { access } },
      async (req, reply) => {
        const { format } = req.query as { format: 'xlsx' | 'csv' };
        const sheet = await resolveSheet(
          chartSheet(chart),
          (category) => properties.items(category, true),
          'export',
        );
        const rows = (await read(req.query as z.infer<Q>)) as Record<string, unknown>[];
        const file = await writeSheet(sheet, rows, format, req.locale);
        return sendSpreadsheet(reply, file, `${sheet.name}-${localDayStamp()}`, format);
      },
    );
  }

  analysis('visitors', 'visitors', analysisVisitorsQuery, (q) => dashboard.visitors(q));
  analysis('peakHours', 'peak-hours', analysisRangeQuery, (q) => dashboard.peakHours(q));
  analysis('agencies', 'agencies', analysisRangeQuery, (q) => dashboard.agencies(q));
  analysis('markets', 'markets', analysisRangeQuery, (q) => dashboard.markets(q));
  analysis('guides', 'guides', analysisRangeQuery, (q) => dashboard.guides(q));
  analysis('matrix', 'matrix', analysisMatrixQuery, (q) => dashboard.matrix(q));
};
