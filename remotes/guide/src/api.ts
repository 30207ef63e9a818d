// The guide section's calls (server: server/src/modules/guide/routes.ts). Pages reach the
// API only through these and the shared client.
import { useCallback } from 'react';
import { consoleApi, invalidateApiTags, request, type ApiTag } from '@console/shared/api';
import type { UseImportProgress } from '@console/shared/components/search-table';
import { useAppDispatch } from '@console/shared/store';
import type {
  Guide,
  GuideAuditEntry,
  GuideCreateBody,
  GuideListItem,
  GuideListQuery,
  GuideStatusBody,
  GuideUpdateBody,
  ImportProgress,
  Page,
  PropertyItem,
  UnavailabilityBody,
  UnavailabilityPeriod,
} from '@console/shared';

export const guideApi = {
  /** Filters, page and sort as the search table sends them; the server validates them. */
  list: (query: Partial<GuideListQuery> | Record<string, unknown>) =>
    request<Page<GuideListItem>>({ method: 'GET', url: '/guides', params: query }),
  get: (id: number) => request<Guide>({ method: 'GET', url: `/guides/${id}` }),
  /** Field errors are shown on the form by the caller. */
  create: (body: GuideCreateBody) =>
    request<Guide>({ method: 'POST', url: '/guides', data: body, silent: true }),
  update: (id: number, body: GuideUpdateBody) =>
    request<Guide>({ method: 'PUT', url: `/guides/${id}`, data: body, silent: true }),
  changeStatus: (id: number, body: GuideStatusBody) =>
    request<Guide>({ method: 'POST', url: `/guides/${id}/status`, data: body }),
  unavailability: (id: number, from?: string, to?: string) =>
    request<UnavailabilityPeriod[]>({
      method: 'GET',
      url: `/guides/${id}/unavailability`,
      params: { from, to },
    }),
  addUnavailability: (id: number, body: UnavailabilityBody) =>
    request<UnavailabilityPeriod>({
      method: 'POST',
      url: `/guides/${id}/unavailability`,
      data: body,
    }),
  removeUnavailability: (id: number, periodId: number) =>
    request<true>({ method: 'DELETE', url: `/guides/${id}/unavailability/${periodId}` }),
  audit: (id: number, before?: number) =>
    request<{ list: GuideAuditEntry[]; next: number | null }>({
      method: 'GET',
      url: `/guides/${id}/audit`,
      params: { before, limit: 20 },
    }),
};

type AuditPage = { list: GuideAuditEntry[]; next: number | null };

/** The guide section's cached reads (RTK Query); writes above invalidate their tags. */
export const guideQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    guides: build.query<Page<GuideListItem>, Partial<GuideListQuery> | Record<string, unknown>>({
      query: (params) => ({ method: 'GET', url: '/guides', params }),
      providesTags: [{ type: 'Guide', id: 'LIST' }],
    }),
    /** Silent: a page asking for a missing or bad id shows its own not-found state. */
    guide: build.query<Guide, number>({
      query: (id) => ({ method: 'GET', url: `/guides/${id}`, silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'Guide', id }],
    }),
    guideUnavailability: build.query<
      UnavailabilityPeriod[],
      { id: number; from?: string; to?: string }
    >({
      query: ({ id, from, to }) => ({
        method: 'GET',
        url: `/guides/${id}/unavailability`,
        params: { from, to },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'GuideUnavailability', id }],
    }),
    /** The guide's history, newest first, keyset paged ("load more" asks the next page). */
    guideAudit: build.infiniteQuery<AuditPage, number, number | undefined>({
      infiniteQueryOptions: {
        initialPageParam: undefined,
        getNextPageParam: (last) => last.next ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        method: 'GET',
        url: `/guides/${queryArg}/audit`,
        params: { before: pageParam, limit: 20 },
      }),
      providesTags: (_r, _e, id) => [{ type: 'GuideAudit', id }],
    }),
    /** Every item, disabled ones too: old records still show their labels (issue #15). */
    guideDictionary: build.query<PropertyItem[], string>({
      query: (category) => ({
        method: 'GET',
        url: '/properties/items',
        params: { category, all: '1' },
      }),
      providesTags: (_r, _e, category) => [{ type: 'Dictionary', id: category }],
    }),
    /**
     * The caller's guide import under way (null when none), polled by the import dialog while
     * the upload runs; not kept once the dialog stops asking (the next import starts afresh).
     */
    guideImportProgress: build.query<ImportProgress | null, void>({
      query: () => ({ method: 'GET', url: '/guides/import/progress', silent: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGuidesQuery,
  useGuideQuery,
  useGuideUnavailabilityQuery,
  useGuideAuditInfiniteQuery,
  useGuideDictionaryQuery,
  useGuideImportProgressQuery,
} = guideQueries;

/** The import dialog's poll of the caller's guide import (the search table's `useProgress`). */
export const useGuideImportProgress: UseImportProgress = (pollingInterval) =>
  useGuideImportProgressQuery(undefined, { pollingInterval }).data;

/** The tags a change to one guide touches: its record, its history, the lists. */
export const guideTags = (id?: number): ApiTag[] => [
  { type: 'Guide', id: 'LIST' },
  ...(id
    ? [
        { type: 'Guide' as const, id },
        { type: 'GuideAudit' as const, id },
      ]
    : []),
];

/** After a write: marks the cached reads it changed stale (every page showing them refetches). */
export function useInvalidateGuides() {
  const dispatch = useAppDispatch();
  return useCallback((tags: readonly ApiTag[]) => invalidateApiTags(dispatch, tags), [dispatch]);
}
