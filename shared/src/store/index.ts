// The console's one Redux store, shared as a Module Federation singleton. The shell's slices
// are static; each section injects its own (`slice.injectInto(rootReducer)`), and declares it
// by augmenting `LazyLoadedSlices`. The API cache (RTK Query, api/rtk.ts) injects itself and
// its middleware when the API client first loads: the login page does not download it.
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { localeSlice } from './localeSlice';
import { settingsSlice } from './settingsSlice';
import { siteSlice } from './siteSlice';
import { userSlice } from './userSlice';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by sections
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  userSlice,
  settingsSlice,
  localeSlice,
  siteSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added after the store is made (the API cache's, api/rtk.ts). */
export const dynamicMiddleware = createDynamicMiddleware();

/**
 * Injected slices typed as always there: the API cache's (api/rtk.ts adds it here, as it adds
 * itself to `LazyLoadedSlices`, so this module needs no import of it: issue 27 item 5). It is
 * there from the first query on, since only the API module, which injects it as it loads, can
 * make one.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by api/rtk.ts
export interface InjectedBeforeUse {}

/** The store's state. */
export type RootState = ReturnType<typeof rootReducer> & InjectedBeforeUse;

export function createStore() {
  return configureStore({
    reducer: rootReducer as Reducer<RootState>,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export const store = createStore();

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export * from './session';
export * from './settingsSlice';
export * from './localeSlice';
export * from './siteSlice';
export * from './userSlice';
export * from './userThunks';
