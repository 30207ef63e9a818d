// The scenic section's calls (server: server/src/modules/scenic/routes.ts). Pages reach the API
// only through these and the shared client. Reads are cached RTK Query endpoints; writes are
// mutations that invalidate the tags of their domain event (issue 27 item 6).
import { consoleApi, downloadFile, invalidatesOn, type DomainEvent } from '@console/shared/api';
import type { ImportConfig, UseImportProgress } from '@console/shared/components/search-table';
import type { AppDispatch } from '@console/shared/store';
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

/** The spot spreadsheets: the shared search table's import and export (files, not cached). */
export const scenicApi = {
  /** The search table's import: one that succeeded refetches what scenic.spot.imported names. */
  importUrl: '/scenic/spots/import',
  importEvent: { type: 'scenic.spot.imported' } satisfies ImportConfig['event'],
  template: (format: SpreadsheetFormat) =>
    downloadFile('/scenic/spots/import/template', { format }, `scenic-spots-template.${format}`),
  exportFile: (query: Record<string, unknown>, format: SpreadsheetFormat) =>
    downloadFile('/scenic/spots/export', { ...query, format }, `scenic-spots.${format}`),
};

/** The scenic section's cached reads (RTK Query); the writes below invalidate their tags. */
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

/**
 * The events a scenic write stands for (`invalidation.ts`): its `invalidatesTags`. The server
 * streams none of them (only a window coming into force or leaving it), so only the page that
 * wrote refreshes.
 */
export const scenicEvents = {
  created: (spot: ScenicSpot): DomainEvent[] => [{ type: 'scenic.spot.created', spotId: spot.id }],
  updated: (spot: ScenicSpot): DomainEvent[] => [{ type: 'scenic.spot.updated', spotId: spot.id }],
  deleted: (_r: unknown, { id }: { id: number }): DomainEvent[] => [
    { type: 'scenic.spot.deleted', spotId: id },
  ],
  windowChanged: (_r: unknown, { id }: { id: number }): DomainEvent[] => [
    { type: 'scenic.window.changed', spotId: id },
  ],
  gateKeyChanged: (_r: unknown, { id }: { id: number }): DomainEvent[] => [
    { type: 'scenic.gateKey.changed', spotId: id },
  ],
};

/** Shows the answered spot at once (the form goes on from it); its refetch follows the tags. */
async function showAnswered(
  _arg: unknown,
  api: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: ScenicSpot }> },
) {
  try {
    const spot = (await api.queryFulfilled).data;
    api.dispatch(scenicQueries.util.upsertQueryData('scenicSpot', spot.id, spot));
  } catch {
    /* refused: the caller shows why */
  }
}

/**
 * The scenic section's writes; each declares what it makes stale by its domain event
 * (`invalidatesOn`, the mapping the live channel uses). A refusal leaves the cache alone.
 */
export const scenicWrites = scenicQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors are shown on the form by the caller. */
    createSpot: build.mutation<ScenicSpot, ScenicSpotCreateBody>({
      query: (body) => ({ method: 'POST', url: '/scenic/spots', data: body, silent: true }),
      invalidatesTags: invalidatesOn(scenicEvents.created),
      onQueryStarted: showAnswered,
    }),
    /** Silent: field errors and a stale version (409) are shown by the caller. */
    updateSpot: build.mutation<ScenicSpot, { id: number; body: ScenicSpotUpdateBody }>({
      query: ({ id, body }) => ({
        method: 'PUT',
        url: `/scenic/spots/${id}`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn(scenicEvents.updated),
      onQueryStarted: showAnswered,
    }),
    /** The client shows a refusal (teams plan to visit the spot, a stale version). */
    deleteSpot: build.mutation<true, { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'DELETE',
        url: `/scenic/spots/${id}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(scenicEvents.deleted),
    }),
    /** The client shows a refusal (an overlapping window, a capacity over the daily one). */
    addWindow: build.mutation<ScenicMaintenanceWindow, { id: number; body: ScenicWindowBody }>({
      query: ({ id, body }) => ({
        method: 'POST',
        url: `/scenic/spots/${id}/maintenance`,
        data: body,
      }),
      invalidatesTags: invalidatesOn(scenicEvents.windowChanged),
    }),
    /** The client shows a refusal (as adding; a stale version). */
    updateWindow: build.mutation<
      ScenicMaintenanceWindow,
      { id: number; windowId: number; body: ScenicWindowUpdateBody }
    >({
      query: ({ id, windowId, body }) => ({
        method: 'PUT',
        url: `/scenic/spots/${id}/maintenance/${windowId}`,
        data: body,
      }),
      invalidatesTags: invalidatesOn(scenicEvents.windowChanged),
    }),
    removeWindow: build.mutation<true, { id: number; windowId: number; version: number }>({
      query: ({ id, windowId, version }) => ({
        method: 'DELETE',
        url: `/scenic/spots/${id}/maintenance/${windowId}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(scenicEvents.windowChanged),
    }),
    /** The answer holds the key itself, shown once. */
    createGateKey: build.mutation<ScenicGateKeyCreated, { id: number; name: string }>({
      query: ({ id, name }) => ({
        method: 'POST',
        url: `/scenic/spots/${id}/gate-keys`,
        data: { name },
      }),
      invalidatesTags: invalidatesOn(scenicEvents.gateKeyChanged),
    }),
    revokeGateKey: build.mutation<ScenicGateKey, { id: number; keyId: number }>({
      query: ({ id, keyId }) => ({
        method: 'DELETE',
        url: `/scenic/spots/${id}/gate-keys/${keyId}`,
      }),
      invalidatesTags: invalidatesOn(scenicEvents.gateKeyChanged),
    }),
  }),
});

export const {
  useCreateSpotMutation,
  useUpdateSpotMutation,
  useDeleteSpotMutation,
  useAddWindowMutation,
  useUpdateWindowMutation,
  useRemoveWindowMutation,
  useCreateGateKeyMutation,
  useRevokeGateKeyMutation,
} = scenicWrites;
