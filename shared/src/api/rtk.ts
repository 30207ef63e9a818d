// The console's one RTK Query API (architecture.md, "Front end": data fetching). Every section
// and the host add their endpoints with `consoleApi.injectEndpoints`; calls still go through
// the one HTTP client (`request`), so the envelope, the locale and CSRF headers and the seed §8
// error messages behave as before. Cached data is keyed by tags: a write invalidates the tags
// it changes, and live updates (server events) invalidate them with `invalidateApiTags`.
import type { AxiosRequestConfig } from 'axios';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import { apiErrorCode, apiErrorEnvelope, request } from './client';
import { apiErrorMessage, EnvelopeError, type ApiQueryError } from './errorCatalogue';
import { isAxiosError } from 'axios';
import { ID_MAX } from '../contracts/ids';
import { dynamicMiddleware, rootReducer, store } from '../store';

/** The kinds of cached data; a tag `{ type, id }` names one record, `{ type, id: 'LIST' }` its lists. */
export const API_TAG_TYPES = [
  'ScenicSpot',
  'ScenicWindow',
  'ScenicGateKey',
  'ScenicLoad',
  'Guide',
  'GuideUnavailability',
  'GuideAudit',
  'Dictionary',
  'Message',
  'UnreadCounts',
  'Profile',
  'Session',
  'Certification',
  'Activity',
  'SectionVersions',
  /** Teams (the team section); live team events refresh them. */
  'Team',
  /** A team's operation log, and the spots' day capacity as the teams' itineraries fill it. */
  'TeamLog',
  'TeamCapacity',
  /** Itinerary templates and guides' work orders (the team section). */
  'TeamTemplate',
  'WorkOrder',
  /** The allocation page's reads (waiting teams, candidates, the board) and its rules. */
  'Allocation',
  'AllocationRules',
  /** The dashboard's workplace figures and analyses; team and message events refresh them. */
  'Dashboard',
  /** The system section: users (and their sessions), roles, configuration, backups, the log. */
  'SystemUser',
  'SystemRole',
  'SystemConfig',
  'Backup',
  'Audit',
] as const;
export type ApiTagType = (typeof API_TAG_TYPES)[number];
export type ApiTag = ApiTagType | { type: ApiTagType; id?: string | number };
export type { ApiQueryError };

function toQueryError(error: unknown): ApiQueryError {
  const status =
    error instanceof EnvelopeError
      ? error.status
      : isAxiosError(error)
        ? (error.response?.status ?? 0)
        : 0;
  const envelope = apiErrorEnvelope(error);
  return {
    status,
    code: apiErrorCode(error),
    message: apiErrorMessage(error),
    ...(envelope ? { envelope } : {}),
  };
}

/** An endpoint's `query` returns the request as the HTTP client takes it. */
export const clientBaseQuery: BaseQueryFn<AxiosRequestConfig, unknown, ApiQueryError> = async (
  config,
  { signal },
) => {
  try {
    return { data: await request<unknown>({ ...config, signal }) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};

export const consoleApi = createApi({
  reducerPath: 'api',
  baseQuery: clientBaseQuery,
  tagTypes: API_TAG_TYPES,
  // A page opened again shows the cache at once and still asks the server (as it always did).
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

export type ConsoleApiState = ReturnType<typeof consoleApi.reducer>;

declare module '../store' {
  interface LazyLoadedSlices {
    api: ConsoleApiState;
  }
  interface InjectedBeforeUse {
    api: ConsoleApiState;
  }
}

// Into the one store as this module loads (the store does not import it: see store/index.ts);
// the action makes the reducer create the cache's state before any query reads it.
rootReducer.inject(consoleApi);
dynamicMiddleware.addMiddleware(consoleApi.middleware);
store.dispatch({ type: 'api/injected' });

/** Marks cached data stale so every page showing it fetches it again (writes, live events). */
export function invalidateApiTags(dispatch: Dispatch, tags: readonly ApiTag[]): void {
  dispatch(consoleApi.util.invalidateTags([...tags]));
}

/** Whether a failed query means "there is no such record" (404 or the NOT_FOUND code). */
export function isNotFoundError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as Partial<ApiQueryError>;
  return e.status === 404 || e.code === 'NOT_FOUND';
}

/** A route parameter as a record id: a positive 32-bit integer, else null (never NaN). */
export function parseRecordId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= ID_MAX ? id : null;
}
