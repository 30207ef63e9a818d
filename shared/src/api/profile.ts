// The user centre and user settings calls: own profile, console settings, avatar,
// password and sessions, certification and recent activity.
import type { ChangePasswordBody, OwnSession } from '../contracts/auth';
import type {
  ActivityPage,
  CertificationBody,
  CertificationInfo,
  CertificationRecord,
  CertificationRecordDetail,
  ProfileBody,
  ProfileInfo,
} from '../contracts/profile';
import type { UserSettings, UserSettingsBody } from '../contracts/settings';
import { request } from './client';
import { consoleApi } from './rtk';

/** One of the caller's own sessions (the contract's `ownSession`). */
export type SessionRow = OwnSession;

export const profileApi = {
  profile: () => request<ProfileInfo>({ method: 'GET', url: '/user/profile' }),
  /** Field errors are shown on the form by the caller. */
  updateProfile: (body: ProfileBody) =>
    request<ProfileInfo>({ method: 'PUT', url: '/user/profile', data: body, silent: true }),
  /** Saved in the background; a failure must not interrupt the user. */
  /** `keepalive`: the save outlives the page (sent while it unloads). */
  saveSettings: (settings: UserSettingsBody, options: { keepalive?: boolean } = {}) =>
    request<UserSettings>({
      method: 'PUT',
      url: '/user/settings',
      data: settings,
      silent: true,
      ...(options.keepalive ? { adapter: 'fetch', fetchOptions: { keepalive: true } } : {}),
    }),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<{ avatar: string }>({ method: 'POST', url: '/user/avatar', data: form });
  },
  changePassword: (body: ChangePasswordBody) =>
    request<true>({ method: 'POST', url: '/user/password', data: body, silent: true }),
  sessions: () => request<SessionRow[]>({ method: 'GET', url: '/user/sessions' }),
  signOutOthers: () =>
    request<true>({ method: 'POST', url: '/user/sessions/sign-out-others', data: {} }),
  certification: () => request<CertificationInfo>({ method: 'GET', url: '/user/certification' }),
  certificationRecord: (id: number) =>
    request<CertificationRecordDetail>({ method: 'GET', url: `/user/certification/records/${id}` }),
  submitCertification: (body: CertificationBody) =>
    request<CertificationRecord>({ method: 'POST', url: '/user/certification', data: body }),
  withdrawCertification: (id: number, version: number) =>
    request<CertificationRecord>({
      method: 'POST',
      url: `/user/certification/records/${id}/withdraw`,
      data: { version },
    }),
  activity: (before?: number, limit = 10) =>
    request<ActivityPage>({ method: 'GET', url: '/user/activity', params: { before, limit } }),
};

/** The user centre's and user settings' cached reads. */
export const profileQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<ProfileInfo, void>({
      query: () => ({ method: 'GET', url: '/user/profile' }),
      providesTags: ['Profile'],
    }),
    sessions: build.query<SessionRow[], void>({
      query: () => ({ method: 'GET', url: '/user/sessions' }),
      providesTags: ['Session'],
    }),
    certification: build.query<CertificationInfo, void>({
      query: () => ({ method: 'GET', url: '/user/certification' }),
      providesTags: ['Certification'],
    }),
    /** The user's own audit rows, newest first, keyset paged ("load more"). */
    activity: build.infiniteQuery<ActivityPage, number, number | undefined>({
      infiniteQueryOptions: {
        initialPageParam: undefined,
        getNextPageParam: (last) => last.next ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        method: 'GET',
        url: '/user/activity',
        params: { before: pageParam, limit: queryArg },
      }),
      providesTags: ['Activity'],
    }),
  }),
});

export const {
  useProfileQuery,
  useSessionsQuery,
  useCertificationQuery,
  useActivityInfiniteQuery,
} = profileQueries;
