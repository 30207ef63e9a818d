// The signed-in user's profile (seed §3 "User profile"), with the role the server made active.
import { createSlice } from '@reduxjs/toolkit';
import type { UserInfo } from '../contracts/auth';
import { sessionEnded } from './session';
import { fetchUserInfo, switchRole } from './userThunks';

export type UserStatus = 'unknown' | 'loading' | 'ready' | 'failed';

export interface UserState {
  info: UserInfo | null;
  status: UserStatus;
}

/** One empty list, so a selector reading no user answers the same value every time. */
const NO_PERMISSIONS: readonly string[] = [];

const initialState: UserState = { info: null, status: 'unknown' };

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
      .addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectUser: (state) => state.info,
    selectUserStatus: (state) => state.status,
    /** The active role; empty when unknown (seed §3: role defaults to ''). */
    selectRole: (state) => state.info?.role ?? '',
    selectPermissions: (state): readonly string[] => state.info?.permissions ?? NO_PERMISSIONS,
  },
});

export const { selectUser, selectUserStatus, selectRole, selectPermissions } = userSlice.selectors;
