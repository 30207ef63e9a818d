// The console's one Redux store, shared as a Module Federation singleton. The shell's slices
// are static; each section injects its own (`slice.injectInto(rootReducer)`), and declares it
// by augmenting `LazyLoadedSlices`.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { consoleApi } from '../api/rtk';
import { localeSlice } from './localeSlice';
import { settingsSlice } from './settingsSlice';
import { userSlice } from './userSlice';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by sections
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  userSlice,
  settingsSlice,
  localeSlice,
  consoleApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
}

export const store = createStore();

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export * from './session';
export * from './settingsSlice';
export * from './localeSlice';
export * from './userSlice';
export * from './userThunks';
