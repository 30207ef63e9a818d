// The user centre and user settings calls: own profile, console settings, avatar,
// password and sessions, certification and recent activity. Reads are cached RTK Query
// endpoints; writes are mutations that invalidate the tags of their domain event (issue 27
// item 6).
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
import { invalidatesOn, type DomainEvent } from './invalidation';
import { consoleApi } from './rtk';

/** One of the caller's own sessions (the contract's `ownSession`). */
export type SessionRow = OwnSession;

/** Calls outside the cache. */
export const profileApi = {
  /**
   * Saved in the background; a failure must not interrupt the user. `keepalive`: the save
   * outlives the page (sent while it unloads). A plain request, not a mutation: a mutation
   * dispatched from `pagehide` would run its lifecycle in a store the page is leaving, and no
   * cached read shows the settings (the user's info carries them), so it would invalidate nothing.
   */
  saveSettings: (settings: UserSettingsBody, options: { keepalive?: boolean } = {}) =>
    request<UserSettings>({
      method: 'PUT',
      url: '/user/settings',
      data: settings,
      silent: true,
      ...(options.keepalive ? { adapter: 'fetch', fetchOptions: { keepalive: true } } : {}),
    }),
  /** One record as the server has it now (the panel's "check"). */
  certificationRecord: (id: number) =>
    request<CertificationRecordDetail>({ method: 'GET', url: `/user/certification/records/${id}` }),
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

/**
 * The events a user-centre write stands for (`invalidation.ts`): its `invalidatesTags`. The
 * server streams none of them, so only the page that wrote refreshes.
 */
export const profileEvents = {
  profileUpdated: (): DomainEvent[] => [{ type: 'profile.updated' }],
  sessionsChanged: (): DomainEvent[] => [{ type: 'own.sessions.changed' }],
  certificationChanged: (): DomainEvent[] => [{ type: 'certification.changed' }],
};

/** The user centre's writes; each declares what it makes stale by its domain event. */
export const profileWrites = profileQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors and a stale version are shown on the form by the caller. */
    updateProfile: build.mutation<ProfileInfo, ProfileBody>({
      query: (body) => ({ method: 'PUT', url: '/user/profile', data: body, silent: true }),
      invalidatesTags: invalidatesOn(profileEvents.profileUpdated),
      // The form goes on from the saved profile at once (its new version); the refetch follows.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const saved = (await queryFulfilled).data;
          dispatch(profileQueries.util.upsertQueryData('profile', undefined, saved));
        } catch {
          /* refused: the caller shows why */
        }
      },
    }),
    /** The client shows a refusal (type, size). The version stays: unsaved edits are kept. */
    uploadAvatar: build.mutation<{ avatar: string }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { method: 'POST', url: '/user/avatar', data: form };
      },
      invalidatesTags: invalidatesOn(profileEvents.profileUpdated),
      // The new avatar shows at once; the refetch follows.
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        try {
          const { avatar } = (await queryFulfilled).data;
          dispatch(
            profileQueries.util.updateQueryData('profile', undefined, (info) => {
              info.avatar = avatar;
            }),
          );
        } catch {
          /* refused: the client showed why */
        }
      },
    }),
    /** Silent: a wrong old password or the policy's refusal is shown on the form by the caller. */
    changePassword: build.mutation<true, ChangePasswordBody>({
      query: (body) => ({ method: 'POST', url: '/user/password', data: body, silent: true }),
      invalidatesTags: invalidatesOn(profileEvents.sessionsChanged),
    }),
    signOutOthers: build.mutation<true, void>({
      query: () => ({ method: 'POST', url: '/user/sessions/sign-out-others', data: {} }),
      invalidatesTags: invalidatesOn(profileEvents.sessionsChanged),
    }),
    /** The client shows a refusal (an application already under audit). */
    submitCertification: build.mutation<CertificationRecord, CertificationBody>({
      query: (body) => ({ method: 'POST', url: '/user/certification', data: body }),
      invalidatesTags: invalidatesOn(profileEvents.certificationChanged),
    }),
    /** The client shows a refusal (no longer under audit, a stale version). */
    withdrawCertification: build.mutation<CertificationRecord, { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'POST',
        url: `/user/certification/records/${id}/withdraw`,
        data: { version },
      }),
      invalidatesTags: invalidatesOn(profileEvents.certificationChanged),
    }),
  }),
});

export const {
  useProfileQuery,
  useSessionsQuery,
  useCertificationQuery,
  useActivityInfiniteQuery,
} = profileQueries;

export const {
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useChangePasswordMutation,
  useSignOutOthersMutation,
  useSubmitCertificationMutation,
  useWithdrawCertificationMutation,
} = profileWrites;
