// The guide section's calls (server: server/src/modules/guide/routes.ts). Pages reach the
// API only through these and the shared client. Reads are cached RTK Query endpoints; writes
// are mutations that invalidate the tags of their domain event (issue 27 item 6).
import { consoleApi, invalidatesOn, request, type DomainEvent } from '@console/shared/api';
import type { UseImportProgress } from '@console/shared/components/search-table';
import type { AppDispatch } from '@console/shared/store';
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

/** A read outside the cache: the full record as the server has it now (the drawer edits it). */
export const guideApi = {
  get: (id: number) => request<Guide>({ method: 'GET', url: `/guides/${id}` }),
};

type AuditPage = { list: GuideAuditEntry[]; next: number | null };

/** The guide section's cached reads (RTK Query); the writes below invalidate their tags. */
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

/**
 * The events a guide write stands for (`invalidation.ts`): its `invalidatesTags`. The server
 * streams none of them yet, so only the page that wrote refreshes.
 */
export const guideEvents = {
  created: (guide: Guide): DomainEvent[] => [{ type: 'guide.created', guideId: guide.id }],
  updated: (guide: Guide): DomainEvent[] => [{ type: 'guide.updated', guideId: guide.id }],
  statusChanged: (guide: Guide): DomainEvent[] => [
    { type: 'guide.status.changed', guideId: guide.id },
  ],
  unavailabilityChanged: (_r: unknown, { id }: { id: number }): DomainEvent[] => [
    { type: 'guide.unavailability.changed', guideId: id },
  ],
};

/** Shows the answered guide at once (a profile open on it); its refetch follows the tags. */
async function showAnswered(
  _arg: unknown,
  api: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: Guide }> },
) {
  try {
    const guide = (await api.queryFulfilled).data;
    api.dispatch(guideQueries.util.upsertQueryData('guide', guide.id, guide));
  } catch {
    /* refused: the caller shows why */
  }
}

/**
 * The guide section's writes; each declares what it makes stale by its domain event
 * (`invalidatesOn`, the mapping the live channel uses). A refusal leaves the cache alone.
 */
export const guideWrites = guideQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors are shown on the form by the caller. */
    createGuide: build.mutation<Guide, GuideCreateBody>({
      query: (body) => ({ method: 'POST', url: '/guides', data: body, silent: true }),
      invalidatesTags: invalidatesOn(guideEvents.created),
      onQueryStarted: showAnswered,
    }),
    /** Silent: field errors and a stale version (409) are shown by the caller. */
    updateGuide: build.mutation<Guide, { id: number; body: GuideUpdateBody }>({
      query: ({ id, body }) => ({ method: 'PUT', url: `/guides/${id}`, data: body, silent: true }),
      invalidatesTags: invalidatesOn(guideEvents.updated),
      onQueryStarted: showAnswered,
    }),
    /** The client shows a refusal (an expired licence, a stale version). */
    changeGuideStatus: build.mutation<Guide, { id: number; body: GuideStatusBody }>({
      query: ({ id, body }) => ({ method: 'POST', url: `/guides/${id}/status`, data: body }),
      invalidatesTags: invalidatesOn(guideEvents.statusChanged),
      onQueryStarted: showAnswered,
    }),
    /** The client shows a refusal (e.g. the overlapping period). */
    addUnavailability: build.mutation<
      UnavailabilityPeriod,
      { id: number; body: UnavailabilityBody }
    >({
      query: ({ id, body }) => ({
        method: 'POST',
        url: `/guides/${id}/unavailability`,
        data: body,
      }),
      invalidatesTags: invalidatesOn(guideEvents.unavailabilityChanged),
    }),
    removeUnavailability: build.mutation<true, { id: number; periodId: number }>({
      query: ({ id, periodId }) => ({
        method: 'DELETE',
        url: `/guides/${id}/unavailability/${periodId}`,
      }),
      invalidatesTags: invalidatesOn(guideEvents.unavailabilityChanged),
    }),
  }),
});

export const {
  useCreateGuideMutation,
  useUpdateGuideMutation,
  useChangeGuideStatusMutation,
  useAddUnavailabilityMutation,
  useRemoveUnavailabilityMutation,
} = guideWrites;
