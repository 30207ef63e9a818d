// The seed's four real calls (§7) plus the server-side role switch (product.md).
import type { LoginBody, UserInfo } from '../contracts/auth';
import type { ServerMenuItem } from '../contracts/auth';
import type { RecentVisitBody } from '../contracts/dashboard';
import { request } from './client';

export const userApi = {
  login: (body: LoginBody) =>
    request<unknown>({
      method: 'POST',
      url: '/user/login',
      data: body,
      silent: true,
      skipAuthRedirect: true,
    }),
  logout: () =>
    request<unknown>({ method: 'POST', url: '/user/logout', silent: true, skipAuthRedirect: true }),
  /** Asked by the route guard, which handles a failure itself (login with redirect). */
  info: () =>
    request<UserInfo>({ method: 'GET', url: '/user/info', silent: true, skipAuthRedirect: true }),
  /** Its failure is reported as a notification by the caller (seed §8). */
  menu: () => request<ServerMenuItem[]>({ method: 'POST', url: '/user/menu', silent: true }),
  /** The workplace's "recently visited": best effort, never shown to the user if it fails. */
  recordVisit: (body: RecentVisitBody) =>
    request<null>({ method: 'POST', url: '/user/recent', data: body, silent: true }),
  switchRole: (role: string) =>
    request<UserInfo>({ method: 'POST', url: '/user/switch-role', data: { role } }),
};
