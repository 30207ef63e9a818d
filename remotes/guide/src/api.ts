// The guide section's calls (server: server/src/modules/guide/routes.ts). Pages reach the
// API only through these and the shared client.
import { request } from '@console/shared/api';
import type {
  Guide,
  GuideAuditEntry,
  GuideCreateBody,
  GuideListItem,
  GuideListQuery,
  GuideStatusBody,
  GuideUpdateBody,
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
  dictionary: (category: string) =>
    request<PropertyItem[]>({ method: 'GET', url: '/properties/items', params: { category } }),
  spots: () =>
    request<Page<{ id: number; code: string; name: string }>>({
      method: 'GET',
      url: '/scenic/spots',
      params: { pageSize: 100, sortField: 'code', sortOrder: 'ascend' },
    }),
};
