// The scenic section's calls (server: server/src/modules/scenic/routes.ts). Pages reach the API
// only through these and the shared client.
import { useCallback } from 'react';
import {
  consoleApi,
  downloadFile,
  invalidateApiTags,
  request,
  uploadSpreadsheet,
  type ApiTag,
} from '@console/shared/api';
import type { UseImportProgress } from '@console/shared/components/search-table';
import { useAppDispatch } from '@console/shared/store';
import type {
  ImportProgress,
  Page,
  PropertyItem,
  ScenicGateKey,
  ScenicGateKeyCreated,
  ScenicLoadQuery,
  ScenicLoadSeries,
  ScenicMaintenanceWindow,
  ScenicPlannedTeam,
  ScenicSpot,
  ScenicSpotCreateBody,
  ScenicSpotListQuery,
  ScenicSpotUpdateBody,
  ScenicWindowBody,
  ScenicWindowUpdateBody,
  SpreadsheetFormat,
} from '@console/shared';
import { SCENIC_CATEGORY_DICTIONARY } from '@console/shared';

export const scenicApi = {
  /** Filters come from the search table's form; the server validates them. */
  list: (query: Partial<ScenicSpotListQuery> | Record<string, unknown>) =>
    request<Page<ScenicSpot>>({ method: 'GET', url: '/scenic/spots', params: query }),
  get: (id: number) => request<ScenicSpot>({ method: 'GET', url: `/scenic/spots/${id}` }),
  /** Field errors are shown on the form by the caller. */
  create: (body: ScenicSpotCreateBody) =>
    request<ScenicSpot>({ method: 'POST', url: '/scenic/spots', data: body, silent: true }),
  update: (id: number, body: ScenicSpotUpdateBody) =>
    request<ScenicSpot>({ method: 'PUT', url: `/scenic/spots/${id}`, data: body, silent: true }),
  remove: (id: number, version: number) =>
    request<true>({ method: 'DELETE', url: `/scenic/spots/${id}`, params: { version } }),
  windows: (id: number) =>
    request<ScenicMaintenanceWindow[]>({ method: 'GET', url: `/scenic/spots/${id}/maintenance` }),
  addWindow: (id: number, body: ScenicWindowBody) =>
    request<ScenicMaintenanceWindow>({
      method: 'POST',
      url: `/scenic/spots/${id}/maintenance`,
      data: body,
    }),
  updateWindow: (id: number, windowId: number, body: ScenicWindowUpdateBody) =>
    request<ScenicMaintenanceWindow>({
      method: 'PUT',
      url: `/scenic/spots/${id}/maintenance/${windowId}`,
      data: body,
    }),
  removeWindow: (id: number, windowId: number, version: number) =>
    request<true>({
      method: 'DELETE',
      url: `/scenic/spots/${id}/maintenance/${windowId}`,
      params: { version },
    }),
  load: (id: number, query: Partial<ScenicLoadQuery>) =>
    request<ScenicLoadSeries>({ method: 'GET', url: `/scenic/spots/${id}/load`, params: query }),
  teams: (id: number) =>
    request<ScenicPlannedTeam[]>({ method: 'GET', url: `/scenic/spots/${id}/teams` }),
  gateKeys: (id: number) =>
    request<ScenicGateKey[]>({ method: 'GET', url: `/scenic/spots/${id}/gate-keys` }),
  createGateKey: (id: number, name: string) =>
    request<ScenicGateKeyCreated>({
      method: 'POST',
      url: `/scenic/spots/${id}/gate-keys`,
      data: { name },
    }),
  revokeGateKey: (id: number, keyId: number) =>
    request<ScenicGateKey>({ method: 'DELETE', url: `/scenic/spots/${id}/gate-keys/${keyId}` }),
  categories: () =>
    request<PropertyItem[]>({
      method: 'GET',
      url: '/properties/items',
      params: { category: SCENIC_CATEGORY_DICTIONARY },
    }),
  importFile: (file: File) => uploadSpreadsheet('/scenic/spots/import', file),
  template: (format: SpreadsheetFormat) =>
    downloadFile('/scenic/spots/import/template', { format }, `scenic-spots-template.${format}`),
  exportFile: (query: Record<string, unknown>, format: SpreadsheetFormat) =>
    downloadFile('/scenic/spots/export', { ...query, format }, `scenic-spots.${format}`),
};

/** The scenic section's cached reads (RTK Query); writes above invalidate their tags. */
export const scenicQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    scenicSpots: build.query<
      Page<ScenicSpot>,
      Partial<ScenicSpotListQuery> | Record<string, unknown>
    >({
      query: (params) => ({ method: 'GET', url: '/scenic/spots', params }),
      providesTags: [{ type: 'ScenicSpot', id: 'LIST' }],
    }),
    /** Silent: a page asking for a missing or bad id shows its own not-found state. */
    scenicSpot: build.query<ScenicSpot, number>({
      query: (id) => ({ method: 'GET', url: `/scenic/spots/${id}`, silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'ScenicSpot', id }],
    }),
    scenicWindows: build.query<ScenicMaintenanceWindow[], number>({
      query: (id) => ({ method: 'GET', url: `/scenic/spots/${id}/maintenance` }),
      providesTags: (_r, _e, id) => [{ type: 'ScenicWindow', id }],
    }),
    scenicTeams: build.query<ScenicPlannedTeam[], number>({
      query: (id) => ({ method: 'GET', url: `/scenic/spots/${id}/teams` }),
      providesTags: (_r, _e, id) => [{ type: 'ScenicSpot', id }],
    }),
    scenicLoad: build.query<ScenicLoadSeries, { id: number; query: Partial<ScenicLoadQuery> }>({
      query: ({ id, query }) => ({ method: 'GET', url: `/scenic/spots/${id}/load`, params: query }),
      providesTags: (_r, _e, { id }) => [{ type: 'ScenicLoad', id }],
    }),
    scenicGateKeys: build.query<ScenicGateKey[], number>({
      query: (id) => ({ method: 'GET', url: `/scenic/spots/${id}/gate-keys` }),
      providesTags: (_r, _e, id) => [{ type: 'ScenicGateKey', id }],
    }),
    scenicCategories: build.query<PropertyItem[], void>({
      query: () => ({
        method: 'GET',
        url: '/properties/items',
        params: { category: SCENIC_CATEGORY_DICTIONARY },
      }),
      providesTags: [{ type: 'Dictionary', id: SCENIC_CATEGORY_DICTIONARY }],
    }),
    /**
     * The caller's spot import under way (null when none), polled by the import dialog while
     * the upload runs; not kept once the dialog stops asking (the next import starts afresh).
     */
    scenicImportProgress: build.query<ImportProgress | null, void>({
      query: () => ({ method: 'GET', url: '/scenic/spots/import/progress', silent: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useScenicSpotsQuery,
  useScenicSpotQuery,
  useScenicWindowsQuery,
  useScenicTeamsQuery,
  useScenicLoadQuery,
  useScenicGateKeysQuery,
  useScenicCategoriesQuery,
  useScenicImportProgressQuery,
} = scenicQueries;

/** The import dialog's poll of the caller's spot import (the search table's `useProgress`). */
export const useScenicImportProgress: UseImportProgress = (pollingInterval) =>
  useScenicImportProgressQuery(undefined, { pollingInterval }).data;

/** After a write: marks the cached reads it changed stale (every page showing them refetches). */
export function useInvalidateScenic() {
  const dispatch = useAppDispatch();
  return useCallback((tags: readonly ApiTag[]) => invalidateApiTags(dispatch, tags), [dispatch]);
}

/** The tags a change to one spot touches (its record, the lists, the pickers). */
export const spotTags = (id?: number): ApiTag[] => [
  { type: 'ScenicSpot', id: 'LIST' },
  ...(id
    ? [
        { type: 'ScenicSpot' as const, id },
        { type: 'ScenicLoad' as const, id },
      ]
    : []),
];
