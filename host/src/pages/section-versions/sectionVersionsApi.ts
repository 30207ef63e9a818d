// The Section versions page's calls (issue 5), through the console's one API client.
import { consoleApi, request } from '@console/shared/api';
import type {
  CanaryChange,
  EndCanaryBody,
  SectionBuckets,
  SectionHealthQuery,
  SectionHealthResponse,
  StartCanaryBody,
  WidenCanaryBody,
  CreateEnvironmentBody,
  PinChange,
  PinHistoryEntry,
  PinHistoryQuery,
  PinSectionBody,
  PublishedSectionVersion,
  RollbackSectionBody,
  SectionEnvironment,
  SectionVersionsQuery,
} from '@console/shared/contracts/sections';
import type { SectionName } from '@console/shared/contracts/menu';
import type { Page } from '@console/shared/contracts/envelope';

export type { Page };

export const sectionVersionsApi = {
  environments: () =>
    request<SectionEnvironment[]>({ method: 'GET', url: '/sections/environments' }),
  versions: (params: Partial<SectionVersionsQuery>) =>
    request<Page<PublishedSectionVersion>>({ method: 'GET', url: '/sections', params }),
  history: (params: Partial<PinHistoryQuery>) =>
    request<Page<PinHistoryEntry>>({ method: 'GET', url: '/sections/history', params }),
  pin: (section: SectionName, body: PinSectionBody) =>
    request<PinChange>({ method: 'POST', url: `/sections/${section}/pin`, data: body }),
  rollback: (section: SectionName, body: RollbackSectionBody) =>
    request<PinChange>({ method: 'POST', url: `/sections/${section}/rollback`, data: body }),
  startCanary: (section: SectionName, body: StartCanaryBody) =>
    request<CanaryChange>({ method: 'POST', url: `/sections/${section}/canary`, data: body }),
  widenCanary: (section: SectionName, body: WidenCanaryBody) =>
    request<CanaryChange>({ method: 'POST', url: `/sections/${section}/canary/widen`, data: body }),
  promoteCanary: (section: SectionName, body: EndCanaryBody) =>
    request<CanaryChange>({
      method: 'POST',
      url: `/sections/${section}/canary/promote`,
      data: body,
    }),
  abortCanary: (section: SectionName, body: EndCanaryBody) =>
    request<CanaryChange>({ method: 'POST', url: `/sections/${section}/canary/abort`, data: body }),
  buckets: (params: { environment: string; username: string }) =>
    request<SectionBuckets>({ method: 'GET', url: '/sections/buckets', params }),
  createEnvironment: (body: CreateEnvironmentBody) =>
    request<{ name: string }>({ method: 'POST', url: '/sections/environments', data: body }),
};

/** The page's cached reads; a pin, a rollback or a new environment invalidates them all. */
export const sectionVersionQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    sectionEnvironments: build.query<SectionEnvironment[], void>({
      query: () => ({ method: 'GET', url: '/sections/environments' }),
      providesTags: ['SectionVersions'],
    }),
    sectionVersions: build.query<Page<PublishedSectionVersion>, Partial<SectionVersionsQuery>>({
      query: (params) => ({ method: 'GET', url: '/sections', params }),
      providesTags: ['SectionVersions'],
    }),
    sectionPinHistory: build.query<Page<PinHistoryEntry>, Partial<PinHistoryQuery>>({
      query: (params) => ({ method: 'GET', url: '/sections/history', params }),
      providesTags: ['SectionVersions'],
    }),
    sectionHealth: build.query<SectionHealthResponse, SectionHealthQuery>({
      query: (params) => ({ method: 'GET', url: '/sections/health', params }),
      providesTags: ['SectionVersions'],
    }),
  }),
});

export const {
  useSectionEnvironmentsQuery,
  useSectionVersionsQuery,
  useSectionPinHistoryQuery,
  useSectionHealthQuery,
} = sectionVersionQueries;
