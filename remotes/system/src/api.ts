// The system section's calls for property management, system config and the operation log
// (server: modules/properties, modules/system-config, modules/audit). Pages reach the API
// only through these and the shared client.
import { consoleApi, request } from '@console/shared/api';
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
  /** Field errors are shown on the form by the caller. */
  createItem: (body: PropertyItemCreateBody) =>
    request<PropertyItemAdmin>({
      method: 'POST',
      url: '/properties/items',
      data: body,
      silent: true,
    }),
  updateItem: (id: number, body: PropertyItemUpdateBody, silent = true) =>
    request<PropertyItemAdmin>({
      method: 'PUT',
      url: `/properties/items/${id}`,
      data: body,
      silent,
    }),
  deleteItem: (id: number, version: number) =>
    request<true>({ method: 'DELETE', url: `/properties/items/${id}`, params: { version } }),
  reorder: (category: string, ids: number[]) =>
    request<PropertyItemAdmin[]>({
      method: 'POST',
      url: '/properties/items/reorder',
      data: { category, ids },
    }),
  saveConfig: (body: SystemConfigUpdateBody) =>
    request<SystemConfigEntry[]>({ method: 'PUT', url: '/system-config', data: body }),
  auditDetail: (id: number) => request<AuditDetail>({ method: 'GET', url: `/audit/${id}` }),
  verify: () => request<AuditVerifyResult>({ method: 'POST', url: '/audit/verify' }),
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
    }),
    /** Silent: the page shows its own error (403 for roles without system:audit:read). */
    auditPage: build.query<AuditPage, AuditListArgs>({
      query: (params) => ({ method: 'GET', url: '/audit', params, silent: true }),
    }),
  }),
});

export const {
  usePropertyCategoriesQuery,
  usePropertyItemsAdminQuery,
  useSystemConfigQuery,
  useAuditPageQuery,
} = systemQueries;
