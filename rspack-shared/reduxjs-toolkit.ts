// What the console uses of Redux Toolkit, shared under the `@reduxjs/toolkit` key (see
// react-router-dom.ts beside this file and rspack.config.base.ts). An app importing a name that
// is missing here fails its build: add the name here.
export {
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createReducer,
  createSelector,
  createSlice,
  isAnyOf,
  isFulfilled,
  isPending,
  isRejected,
  isRejectedWithValue,
  nanoid,
} from '@reduxjs/toolkit';
