// The Section versions page's calls (issue 5), through the console's one API client: cached
// reads, and writes that are RTK Query mutations declaring what they make stale by their domain
// event (issue 27 item 6), the mapping the live channel uses.
import {
  consoleApi,
  invalidatesOn,
  refusedAsStale,
  type ApiQueryError,
  type DomainEvent,
} from '@console/shared/api';
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

/** What every write here stands for: a pin or canary moved, or an environment was added. */
const versionsChanged = (): DomainEvent[] => [{ type: 'section.versions.changed' }];

/**
 * A refusal that says the pin or canary the page showed has moved since (another admin, the
 * canary's automatic rollback: `STALE_VERSION`, 409) reads the page again; any other refusal (a
 * field refused, an unknown version) leaves the cache as it was.
 */
const staleRefusal = (error: ApiQueryError): DomainEvent[] =>
  refusedAsStale(error) ? versionsChanged() : [];

/** A write's body for one section (the path names the section). */
type SectionWrite<Body> = { section: SectionName; body: Body };

const sectionWrite = <Body>(path: string) => ({
  query: ({ section, body }: SectionWrite<Body>) => ({
    method: 'POST',
    url: `/sections/${section}/${path}`,
    data: body,
  }),
  invalidatesTags: invalidatesOn(versionsChanged, staleRefusal),
});

/** The page's cached reads and its writes; every write makes every read stale. */
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
    // A lookup the admin triggers (the lazy hook), still a cached read: what a user gets changes
    // with the pins and canaries, so the table shown follows a pin or a canary step.
    sectionBuckets: build.query<SectionBuckets, { environment: string; username: string }>({
      query: (params) => ({ method: 'GET', url: '/sections/buckets', params }),
      providesTags: ['SectionVersions'],
    }),
    // The writes: a refused one keeps the page's dialog open (the client shows why).
    pinSection: build.mutation<PinChange, SectionWrite<PinSectionBody>>(
      sectionWrite<PinSectionBody>('pin'),
    ),
    rollbackSection: build.mutation<PinChange, SectionWrite<RollbackSectionBody>>(
      sectionWrite<RollbackSectionBody>('rollback'),
    ),
    startSectionCanary: build.mutation<CanaryChange, SectionWrite<StartCanaryBody>>(
      sectionWrite<StartCanaryBody>('canary'),
    ),
    widenSectionCanary: build.mutation<CanaryChange, SectionWrite<WidenCanaryBody>>(
      sectionWrite<WidenCanaryBody>('canary/widen'),
    ),
    promoteSectionCanary: build.mutation<CanaryChange, SectionWrite<EndCanaryBody>>(
      sectionWrite<EndCanaryBody>('canary/promote'),
    ),
    abortSectionCanary: build.mutation<CanaryChange, SectionWrite<EndCanaryBody>>(
      sectionWrite<EndCanaryBody>('canary/abort'),
    ),
    createSectionEnvironment: build.mutation<{ name: string }, CreateEnvironmentBody>({
      query: (body) => ({ method: 'POST', url: '/sections/environments', data: body }),
      invalidatesTags: invalidatesOn(versionsChanged, staleRefusal),
    }),
  }),
});

export const {
  useSectionEnvironmentsQuery,
  useSectionVersionsQuery,
  useSectionPinHistoryQuery,
  useSectionHealthQuery,
  useLazySectionBucketsQuery,
  usePinSectionMutation,
  useRollbackSectionMutation,
  useStartSectionCanaryMutation,
  useWidenSectionCanaryMutation,
  usePromoteSectionCanaryMutation,
  useAbortSectionCanaryMutation,
  useCreateSectionEnvironmentMutation,
} = sectionVersionQueries;
