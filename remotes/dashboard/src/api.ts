// The dashboard section's calls (server: server/src/modules/dashboard/routes.ts). Pages reach
// the API only through these RTK Query endpoints and the shared client.
import { consoleApi, downloadFile } from '@console/shared/api';
import type {
  AnalysisBucket,
  AnalysisChart,
  AnalysisDimension,
  AnalysisRows,
  PropertyItem,
  Workplace,
} from '@console/shared';

export interface AnalysisRange {
  from: string;
  to: string;
}

/** The URL path of each analysis under /api/dashboard/analysis. */
export const ANALYSIS_PATHS: Record<AnalysisChart, string> = {
  visitors: 'visitors',
  peakHours: 'peak-hours',
  agencies: 'agencies',
  markets: 'markets',
  guides: 'guides',
  matrix: 'matrix',
};

const analysis = <C extends AnalysisChart>(chart: C, params: object) => ({
  method: 'GET' as const,
  url: `/dashboard/analysis/${ANALYSIS_PATHS[chart]}`,
  params,
});

const dashboardQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    workplace: build.query<Workplace, void>({
      query: () => ({ method: 'GET', url: '/dashboard/workplace' }),
      providesTags: [{ type: 'Dashboard', id: 'WORKPLACE' }],
    }),
    analysisVisitors: build.query<
      AnalysisRows<'visitors'>,
      AnalysisRange & { bucket: AnalysisBucket }
    >({
      query: (q) => analysis('visitors', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    analysisPeakHours: build.query<AnalysisRows<'peakHours'>, AnalysisRange>({
      query: (q) => analysis('peakHours', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    analysisAgencies: build.query<AnalysisRows<'agencies'>, AnalysisRange>({
      query: (q) => analysis('agencies', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    analysisMarkets: build.query<AnalysisRows<'markets'>, AnalysisRange>({
      query: (q) => analysis('markets', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    analysisGuides: build.query<AnalysisRows<'guides'>, AnalysisRange>({
      query: (q) => analysis('guides', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    analysisMatrix: build.query<
      AnalysisRows<'matrix'>,
      AnalysisRange & { dimension: AnalysisDimension }
    >({
      query: (q) => analysis('matrix', q),
      providesTags: [{ type: 'Dashboard', id: 'ANALYSIS' }],
    }),
    dashboardDictionary: build.query<PropertyItem[], string>({
      query: (category) => ({ method: 'GET', url: '/properties/items', params: { category } }),
      providesTags: (_r, _e, category) => [{ type: 'Dictionary', id: category }],
    }),
  }),
});

export const {
  useWorkplaceQuery,
  useAnalysisVisitorsQuery,
  useAnalysisPeakHoursQuery,
  useAnalysisAgenciesQuery,
  useAnalysisMarketsQuery,
  useAnalysisGuidesQuery,
  useAnalysisMatrixQuery,
  useDashboardDictionaryQuery,
} = dashboardQueries;

/** Downloads a chart's rows as xlsx (the server writes the same rows with their titles). */
export const exportAnalysis = (chart: AnalysisChart, params: object) =>
  downloadFile(
    `/dashboard/analysis/${ANALYSIS_PATHS[chart]}/export`,
    { ...params, format: 'xlsx' },
    `analysis-${chart}.xlsx`,
  );
