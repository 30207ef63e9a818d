// What the console uses of Redux Toolkit, shared under the `@reduxjs/toolkit` key (see
// react-router-dom.ts beside this file and rspack.config.base.ts). An app importing a name that
// is missing here fails its build: add the name here. RTK Query (`@reduxjs/toolkit/query`, bundled
// into the `@console/shared` API module, itself one shared instance) imports from
// `@reduxjs/toolkit` too: its names are the second group.
export {
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createDynamicMiddleware,
  createReducer,
  createSelector,
  createSlice,
  isAnyOf,
  isFulfilled,
  isPending,
  isRejected,
  isRejectedWithValue,
  nanoid,
  // used by @reduxjs/toolkit/query and /query/react
  SHOULD_AUTOBATCH,
  combineReducers,
  createNextState,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAsyncThunkAction,
  isPlainObject,
  prepareAutoBatched,
} from '@reduxjs/toolkit';
