// User and role management calls (server: server/src/modules/{users,roles}/routes.ts). Reads
// are cached (RTK Query) under the shared tags; writes are mutations that invalidate the tags
// of their domain event (issue 27 item 6).
import {
  consoleApi,
  downloadFile,
  invalidatesOn,
  refusedAsStale,
  type ApiQueryError,
  type DomainEvent,
} from '@console/shared/api';
import type {
  Page,
  RoleCreateBody,
  RoleUpdateBody,
  SpreadsheetFormat,
  SystemRole,
  SystemUser,
  OwnSession,
  SystemUserWithPassword,
  UserCreateBody,
  UserUpdateBody,
} from '@console/shared';

/** The users spreadsheet: the search table's export (a file, not cached). */
export const usersApi = {
  exportFile: (query: Record<string, unknown>, format: SpreadsheetFormat) =>
    downloadFile('/system/users/export', { ...query, format }, `users.${format}`),
};

export type UserSessionRow = OwnSession;

export const userQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    systemUsers: build.query<Page<SystemUser>, Record<string, unknown>>({
      query: (params) => ({ method: 'GET', url: '/system/users', params }),
      providesTags: [{ type: 'SystemUser', id: 'LIST' }],
    }),
    systemUserSessions: build.query<UserSessionRow[], number>({
      query: (id) => ({ method: 'GET', url: `/system/users/${id}/sessions` }),
      providesTags: (_r, _e, id) => [{ type: 'SystemUser', id: `sessions-${id}` }],
    }),
    /** Roles carry their user counts: user writes make them stale too. */
    systemRoles: build.query<Page<SystemRole>, Record<string, unknown>>({
      query: (params) => ({ method: 'GET', url: '/system/roles', params }),
      providesTags: [{ type: 'SystemRole', id: 'LIST' }],
    }),
  }),
});

export const { useSystemUsersQuery, useSystemUserSessionsQuery, useSystemRolesQuery } = userQueries;

/** Every role (for pickers and filters): one page of the largest size. */
export function useAllRoles() {
  const result = useSystemRolesQuery({ current: 1, pageSize: 100 });
  return result.data?.list ?? [];
}

/**
 * The events a user or role write stands for (`invalidation.ts`): its `invalidatesTags`. The
 * server streams none of them, so only the page that wrote refreshes.
 */
export const userEvents = {
  userChanged: (userId: number): DomainEvent[] => [{ type: 'system.user.changed', userId }],
  /** A row action refused because another admin changed the user since the list was read. */
  userStale: (error: ApiQueryError, { id }: { id: number }): DomainEvent[] =>
    refusedAsStale(error, ['STALE_VERSION']) ? userEvents.userChanged(id) : [],
  roleChanged: (): DomainEvent[] => [{ type: 'system.role.changed' }],
  /** A delete refused because the role changed or gained users since the list was read. */
  roleStale: (error: ApiQueryError): DomainEvent[] =>
    refusedAsStale(error, ['STALE_VERSION', 'ROLE_IN_USE']) ? userEvents.roleChanged() : [],
};

/** A write on one user (the argument names it): the user changed. */
const ofUser = (_r: unknown, { id }: { id: number }) => userEvents.userChanged(id);

/**
 * The users' and roles' writes; each declares what it makes stale by its domain event
 * (`invalidatesOn`, the mapping the live channel uses). A refused form leaves the cache alone;
 * a row action refused as stale reads the rows again.
 */
export const userWrites = userQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors are shown on the form by the caller. The answer holds the password. */
    createUser: build.mutation<SystemUserWithPassword, UserCreateBody>({
      query: (body) => ({ method: 'POST', url: '/system/users', data: body, silent: true }),
      invalidatesTags: invalidatesOn((answer) => userEvents.userChanged(answer.user.id)),
    }),
    /** Silent: field errors and a stale version (409) are shown on the form by the caller. */
    updateUser: build.mutation<SystemUser, { id: number; body: UserUpdateBody }>({
      query: ({ id, body }) => ({
        method: 'PUT',
        url: `/system/users/${id}`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn(ofUser),
    }),
    /** The client shows a refusal (one's own account, the last admin, a stale version). */
    setUserEnabled: build.mutation<SystemUser, { id: number; version: number; enabled: boolean }>({
      query: ({ id, version, enabled }) => ({
        method: 'POST',
        url: `/system/users/${id}/enabled`,
        data: { enabled, version },
      }),
      invalidatesTags: invalidatesOn(ofUser, userEvents.userStale),
    }),
    unlockUser: build.mutation<SystemUser, { id: number }>({
      query: ({ id }) => ({ method: 'POST', url: `/system/users/${id}/unlock` }),
      invalidatesTags: invalidatesOn(ofUser),
    }),
    /** Silent: a password the policy refuses is shown on the form. No password: generated. */
    resetUserPassword: build.mutation<SystemUserWithPassword, { id: number; password?: string }>({
      query: ({ id, password }) => ({
        method: 'POST',
        url: `/system/users/${id}/password`,
        data: password ? { password } : {},
        silent: true,
      }),
      invalidatesTags: invalidatesOn(ofUser),
    }),
    /** The client shows a refusal (one's own account, the last admin, a stale version). */
    deleteUser: build.mutation<true, { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'DELETE',
        url: `/system/users/${id}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(ofUser, userEvents.userStale),
    }),
    /** The browser holding the session is signed out at its next request. */
    revokeUserSession: build.mutation<true, { id: number; sessionId: number }>({
      query: ({ id, sessionId }) => ({
        method: 'DELETE',
        url: `/system/users/${id}/sessions/${sessionId}`,
      }),
      invalidatesTags: invalidatesOn(ofUser),
    }),
    /** Silent: field errors are shown on the form by the caller. */
    createRole: build.mutation<SystemRole, RoleCreateBody>({
      query: (body) => ({ method: 'POST', url: '/system/roles', data: body, silent: true }),
      invalidatesTags: invalidatesOn(userEvents.roleChanged),
    }),
    /** Silent: field errors and a stale version (409) are shown on the form by the caller. */
    updateRole: build.mutation<SystemRole, { id: number; body: RoleUpdateBody }>({
      query: ({ id, body }) => ({
        method: 'PUT',
        url: `/system/roles/${id}`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn(userEvents.roleChanged),
    }),
    /** The client shows a refusal (built in, still held by users, a stale version). */
    deleteRole: build.mutation<true, { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'DELETE',
        url: `/system/roles/${id}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(userEvents.roleChanged, userEvents.roleStale),
    }),
  }),
});

export const {
  useCreateUserMutation,
  useUpdateUserMutation,
  useSetUserEnabledMutation,
  useUnlockUserMutation,
  useResetUserPasswordMutation,
  useDeleteUserMutation,
  useRevokeUserSessionMutation,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = userWrites;
