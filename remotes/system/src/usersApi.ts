// User and role management calls (server: server/src/modules/{users,roles}/routes.ts). Reads
// are cached (RTK Query); writes go through the one HTTP client and invalidate the tags.
import { useCallback } from 'react';
import { consoleApi, downloadFile, request } from '@console/shared/api';
import { useAppDispatch } from '@console/shared/store';
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

export const usersApi = {
  /** Field errors are shown on the form by the caller. */
  create: (body: UserCreateBody) =>
    request<SystemUserWithPassword>({
      method: 'POST',
      url: '/system/users',
      data: body,
      silent: true,
    }),
  update: (id: number, body: UserUpdateBody) =>
    request<SystemUser>({ method: 'PUT', url: `/system/users/${id}`, data: body, silent: true }),
  setEnabled: (user: SystemUser, enabled: boolean) =>
    request<SystemUser>({
      method: 'POST',
      url: `/system/users/${user.id}/enabled`,
      data: { enabled, version: user.version },
    }),
  unlock: (id: number) =>
    request<SystemUser>({ method: 'POST', url: `/system/users/${id}/unlock` }),
  resetPassword: (id: number, password?: string) =>
    request<SystemUserWithPassword>({
      method: 'POST',
      url: `/system/users/${id}/password`,
      data: password ? { password } : {},
      silent: true,
    }),
  remove: (user: SystemUser) =>
    request<true>({
      method: 'DELETE',
      url: `/system/users/${user.id}`,
      params: { version: user.version },
    }),
  revokeSession: (id: number, sessionId: number) =>
    request<true>({ method: 'DELETE', url: `/system/users/${id}/sessions/${sessionId}` }),
  exportFile: (query: Record<string, unknown>, format: SpreadsheetFormat) =>
    downloadFile('/system/users/export', { ...query, format }, `users.${format}`),
};

export const rolesApi = {
  create: (body: RoleCreateBody) =>
    request<SystemRole>({ method: 'POST', url: '/system/roles', data: body, silent: true }),
  update: (id: number, body: RoleUpdateBody) =>
    request<SystemRole>({ method: 'PUT', url: `/system/roles/${id}`, data: body, silent: true }),
  remove: (role: SystemRole) =>
    request<true>({
      method: 'DELETE',
      url: `/system/roles/${role.id}`,
      params: { version: role.version },
    }),
};

export type UserSessionRow = OwnSession;

const TAGS = ['SystemUser', 'SystemRole'] as const;

export const userQueries = consoleApi.enhanceEndpoints({ addTagTypes: TAGS }).injectEndpoints({
  endpoints: (build) => ({
    systemUsers: build.query<Page<SystemUser>, Record<string, unknown>>({
      query: (params) => ({ method: 'GET', url: '/system/users', params }),
      providesTags: [{ type: 'SystemUser', id: 'LIST' }],
    }),
    systemUserSessions: build.query<UserSessionRow[], number>({
      query: (id) => ({ method: 'GET', url: `/system/users/${id}/sessions` }),
      providesTags: (_r, _e, id) => [{ type: 'SystemUser', id: `sessions-${id}` }],
    }),
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

/** Marks users (or roles, which carry user counts) stale after a write. */
export function useInvalidate() {
  const dispatch = useAppDispatch();
  return useCallback(
    () => dispatch(userQueries.util.invalidateTags(['SystemUser', 'SystemRole'])),
    [dispatch],
  );
}
