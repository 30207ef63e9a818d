// The scenic section's calls (server: server/src/modules/scenic/routes.ts). Pages reach the API
// only through these and the shared client.
import { downloadFile, request, uploadSpreadsheet } from '@console/shared/api';
import type {
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
