// The system section's calls for property management, system config and the operation log
// (server: modules/properties, modules/system-config, modules/audit). Pages reach the API
// only through these and the shared client. Reads are cached RTK Query endpoints; writes are
// mutations that invalidate the tags of their domain event (issue 27 item 6).
import {
  consoleApi,
  invalidatesOn,
  refusedAsStale,
  request,
  type ApiQueryError,
  type DomainEvent,
} from '@console/shared/api';
import type { AppDispatch } from '@console/shared/store';
import type {
  AuditDetail,
  AuditFilter,
  AuditPage,
  AuditVerifyResult,
  PropertyCategory,
  PropertyItemAdmin,
  PropertyItemCreateBody,
  PropertyItemUpdateBody,
  SystemConfigEntry,
  SystemConfigUpdateBody,
} from '@console/shared';

export const systemApi = {
  /** One log row with its diff, opened from the list (not cached: read once per click). */
  auditDetail: (id: number) => request<AuditDetail>({ method: 'GET', url: `/audit/${id}` }),
};

/** The export link of a filter: the browser streams the CSV straight to a file. */
export function auditExportUrl(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `/api/audit/export${qs ? `?${qs}` : ''}`;
}

export type AuditListArgs = AuditFilter & { before?: number; after?: number; pageSize: number };

export const systemQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    propertyCategories: build.query<PropertyCategory[], void>({
      query: () => ({ method: 'GET', url: '/properties/categories' }),
    }),
    propertyItemsAdmin: build.query<PropertyItemAdmin[], string>({
      query: (code) => ({ method: 'GET', url: `/properties/categories/${code}/items` }),
      providesTags: (_r, _e, code) => [{ type: 'Dictionary', id: `admin:${code}` }],
    }),
    systemConfig: build.query<SystemConfigEntry[], void>({
      query: () => ({ method: 'GET', url: '/system-config' }),
      providesTags: [{ type: 'SystemConfig', id: 'ALL' }],
    }),
    /** Silent: the page shows its own error (403 for roles without system:audit:read). */
    auditPage: build.query<AuditPage, AuditListArgs>({
      query: (params) => ({ method: 'GET', url: '/audit', params, silent: true }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const {
  usePropertyCategoriesQuery,
  usePropertyItemsAdminQuery,
  useSystemConfigQuery,
  useAuditPageQuery,
} = systemQueries;

/**
 * The events a system write stands for (`invalidation.ts`): its `invalidatesTags`. The server
 * streams none of them, so only the page that wrote refreshes.
 */
export const systemEvents = {
  dictionaryChanged: (category: string): DomainEvent[] => [
    { type: 'dictionary.changed', category },
  ],
  /**
   * A row action (enable, delete, move) refused because the row shown is out of date: another
   * admin changed it, or a record started using it. The dictionary is read again.
   */
  dictionaryStale:
    (codes: readonly string[]) =>
    (error: ApiQueryError, { category }: { category: string }): DomainEvent[] =>
      refusedAsStale(error, codes) ? systemEvents.dictionaryChanged(category) : [],
  configChanged: (): DomainEvent[] => [{ type: 'system.config.changed' }],
  auditVerified: (): DomainEvent[] => [{ type: 'audit.verified' }],
};

/**
 * The property items' writes take the category they change (the dictionary event names it);
 * `id` and `version` identify the item.
 */
type ItemArg = { category: string };

/**
 * The system section's writes (dictionary, config, the audit chain); each declares what it
 * makes stale by its domain event (`invalidatesOn`, the mapping the live channel uses). A
 * refused form leaves the cache alone; a refused row action says the rows are stale.
 */
export const systemWrites = systemQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors are shown on the form by the caller. */
    createItem: build.mutation<PropertyItemAdmin, PropertyItemCreateBody>({
      query: (body) => ({ method: 'POST', url: '/properties/items', data: body, silent: true }),
      invalidatesTags: invalidatesOn((_r, { category }) =>
        systemEvents.dictionaryChanged(category),
      ),
    }),
    /** Silent: field errors and a stale version (409) are shown on the form by the caller. */
    updateItem: build.mutation<
      PropertyItemAdmin,
      ItemArg & { id: number; body: PropertyItemUpdateBody }
    >({
      query: ({ id, body }) => ({
        method: 'PUT',
        url: `/properties/items/${id}`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn((_r, { category }) =>
        systemEvents.dictionaryChanged(category),
      ),
    }),
    /** The table's switch: the client shows a refusal; a stale row is read again. */
    setItemEnabled: build.mutation<
      PropertyItemAdmin,
      ItemArg & { item: PropertyItemAdmin; enabled: boolean }
    >({
      query: ({ item, enabled }) => ({
        method: 'PUT',
        url: `/properties/items/${item.id}`,
        data: {
          labelZh: item.labelZh,
          labelEn: item.labelEn,
          enabled,
          version: item.version,
        } satisfies PropertyItemUpdateBody,
      }),
      invalidatesTags: invalidatesOn(
        (_r, { category }) => systemEvents.dictionaryChanged(category),
        systemEvents.dictionaryStale(['STALE_VERSION']),
      ),
    }),
    /** The client shows a refusal (a record uses the item, a stale version): rows read again. */
    deleteItem: build.mutation<true, ItemArg & { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'DELETE',
        url: `/properties/items/${id}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(
        (_r, { category }) => systemEvents.dictionaryChanged(category),
        systemEvents.dictionaryStale(['STALE_VERSION', 'PROPERTY_IN_USE']),
      ),
    }),
    /** Every item of the category in its new order; refused (400) when the list shown is stale. */
    reorderItems: build.mutation<PropertyItemAdmin[], ItemArg & { ids: number[] }>({
      query: ({ category, ids }) => ({
        method: 'POST',
        url: '/properties/items/reorder',
        data: { category, ids },
      }),
      invalidatesTags: invalidatesOn(
        (_r, { category }) => systemEvents.dictionaryChanged(category),
        systemEvents.dictionaryStale(['VALIDATION_FAILED']),
      ),
    }),
    /** The client shows a refusal (a stale version, a value out of range); the form stays. */
    saveConfig: build.mutation<SystemConfigEntry[], SystemConfigUpdateBody>({
      query: (body) => ({ method: 'PUT', url: '/system-config', data: body }),
      invalidatesTags: invalidatesOn(systemEvents.configChanged),
      onQueryStarted: showSavedConfig,
    }),
    verifyAudit: build.mutation<AuditVerifyResult, void>({
      query: () => ({ method: 'POST', url: '/audit/verify' }),
      invalidatesTags: invalidatesOn(systemEvents.auditVerified),
    }),
  }),
});

/**
 * The save answers every entry in effect: the page shows them at once (its form starts again
 * from them while the confirmation closes); the refetch the event asks for then changes nothing.
 */
async function showSavedConfig(
  _arg: unknown,
  api: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: SystemConfigEntry[] }> },
) {
  try {
    const entries = (await api.queryFulfilled).data;
    api.dispatch(systemQueries.util.upsertQueryData('systemConfig', undefined, entries));
  } catch {
    /* refused: the client showed why */
  }
}

export const {
  useCreateItemMutation,
  useUpdateItemMutation,
  useSetItemEnabledMutation,
  useDeleteItemMutation,
  useReorderItemsMutation,
  useSaveConfigMutation,
  useVerifyAuditMutation,
} = systemWrites;
