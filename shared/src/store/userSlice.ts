// The signed-in user's profile (seed §3 "User profile"), with the role the server made active.
import { createSlice } from '@reduxjs/toolkit';
import type { UserInfo } from '../contracts/auth';
import type { SessionEndReason } from '../contracts/events';
import { sessionEnded } from './session';
import { fetchUserInfo, login, switchRole } from './userThunks';

export type UserStatus = 'unknown' | 'loading' | 'ready' | 'failed';

export interface UserState {
  info: UserInfo | null;
  status: UserStatus;
  /** Why the last session ended under an open page (the login page's headline), until a sign-in. */
  endedReason: SessionEndReason | null;
}

/** One empty list, so a selector reading no user answers the same value every time. */
const NO_PERMISSIONS: readonly string[] = [];

const initialState: UserState = { info: null, status: 'unknown', endedReason: null };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchUserInfo.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchUserInfo.fulfilled, (state, action) => {
        state.info = action.payload;
        state.status = 'ready';
      })
      .addCase(fetchUserInfo.rejected, (state) => {
        state.info = null;
        state.status = 'failed';
      })
      .addCase(switchRole.fulfilled, (state, action) => {
        state.info = action.payload;
      })
      .addCase(login.fulfilled, (state) => {
        state.endedReason = null;
      })
      // A 401 that follows (the page's last reads) does not forget why the session ended.
      .addCase(sessionEnded, (state, action) => ({
        ...initialState,
        endedReason: action.payload ?? state.endedReason,
      }));
  },
  selectors: {
    selectUser: (state) => state.info,
    selectUserStatus: (state) => state.status,
    /** The active role; empty when unknown (seed §3: role defaults to ''). */
    selectRole: (state) => state.info?.role ?? '',
    selectPermissions: (state): readonly string[] => state.info?.permissions ?? NO_PERMISSIONS,
    selectSessionEndReason: (state) => state.endedReason,
  },
});

export const {
  selectUser,
  selectUserStatus,
  selectRole,
  selectPermissions,
  selectSessionEndReason,
} = userSlice.selectors;
