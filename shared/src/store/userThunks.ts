// The session's calls. The API client is imported when a call is made, not with the store: the
// login page renders before it is downloaded (issue 16, first-load budget).
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { LoginBody, UserInfo } from '../contracts/auth';
import { sessionEnded } from './session';
import { serverMenuCleared, serverMenuLoaded } from './settingsSlice';
import { storedLocale } from '../i18n/locale';

const MENU_FAILED_TITLE = {
  'zh-CN': '菜单加载失败',
  'en-US': 'The menu could not be loaded',
} as const;

const userCalls = () => import('../api/user').then((m) => m.userApi);

export const fetchUserInfo = createAsyncThunk(
  'user/fetchInfo',
  async () => (await userCalls()).info(),
  {
    condition: (_: void, { getState }) =>
      (getState() as { user: { status: string } }).user.status !== 'loading',
  },
);

/** Why a sign-in failed: the server's stable error code (ERRORS key) and its data. */
export interface LoginFailure {
  error?: string;
  data?: unknown;
}

export const login = createAsyncThunk<UserInfo, LoginBody, { rejectValue: LoginFailure }>(
  'user/login',
  async (body, { dispatch, rejectWithValue }) => {
    try {
      await (await userCalls()).login(body);
      return await dispatch(fetchUserInfo()).unwrap();
    } catch (error) {
      const { apiErrorEnvelope } = await import('../api/client');
      const envelope = apiErrorEnvelope(error);
      return rejectWithValue({ error: envelope?.error, data: envelope?.data });
    }
  },
);

/** Seed §4: the session is reset even when the logout call fails. */
export const logout = createAsyncThunk('user/logout', async (_: void, { dispatch }) => {
  try {
    await (await userCalls()).logout();
  } finally {
    dispatch(sessionEnded());
  }
});

/** The server switches the active role among the roles the user holds; never a client grant. */
export const switchRole = createAsyncThunk(
  'user/switchRole',
  async (role: string, { dispatch }) => {
    const info = await (await userCalls()).switchRole(role);
    // The menu the server allows follows the active role: ask it again when it is used.
    dispatch(serverMenuCleared());
    return info;
  },
);

// Turning menu-from-server on asks from the drawer and from the guard at once: one request.
let serverMenuInFlight = false;

/** Seed §8: a failure to load the server menu shows an error notification. */
export const fetchServerMenu = createAsyncThunk(
  'settings/fetchServerMenu',
  async (_: void, { dispatch }) => {
    serverMenuInFlight = true;
    try {
      const menu = await (await userCalls()).menu();
      dispatch(serverMenuLoaded(menu));
    } catch (error) {
      const { notifyFailure } = await import('../api/notify');
      notifyFailure(MENU_FAILED_TITLE[storedLocale()], error);
      // An empty menu admits only the whitelist, rather than leaving the guard waiting.
      dispatch(serverMenuLoaded([]));
      throw error;
    } finally {
      serverMenuInFlight = false;
    }
  },
  { condition: () => !serverMenuInFlight },
);
