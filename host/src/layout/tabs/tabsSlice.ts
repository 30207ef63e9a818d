// The tab bar's visited pages (seed §2): starts with the workplace, never holds redirect pages,
// reset when the session ends (seed §4: route listeners removed on logout), and a page the
// active role's permissions no longer open (after a role switch) leaves the bar.
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_ROUTE } from '@console/shared/contracts/menu';
import { pinnedRoutes } from '@console/shared/section';
import { isRouteAccessible } from '@console/shared/permission';
import { fetchUserInfo, rootReducer, sessionEnded, switchRole } from '@console/shared/store';

export interface Tab {
  /** The page's pathname: one tab per page. */
  path: string;
  /** The query the page was last shown with. */
  search: string;
  /** Route name, for the title. */
  routeKey: string;
  /** Bumped by "reload" so the kept-alive page mounts afresh. */
  version: number;
}

export interface TabsState {
  tabs: Tab[];
}

export const HOME_TAB: Tab = {
  path: DEFAULT_ROUTE,
  search: '',
  routeKey: 'dashboard/workplace',
  version: 0,
};

const initialState: TabsState = { tabs: [HOME_TAB] };

const tabsSlice = createSlice({
  name: 'tabs',
  initialState,
  reducers: {
    tabVisited(state, action: PayloadAction<Omit<Tab, 'version'>>) {
      const existing = state.tabs.find((t) => t.path === action.payload.path);
      if (existing) existing.search = action.payload.search;
      else state.tabs.push({ ...action.payload, version: 0 });
    },
    tabClosed(state, action: PayloadAction<string>) {
      if (action.payload === HOME_TAB.path) return;
      state.tabs = state.tabs.filter((t) => t.path !== action.payload);
    },
    otherTabsClosed(state, action: PayloadAction<string>) {
      state.tabs = state.tabs.filter((t) => t.path === HOME_TAB.path || t.path === action.payload);
    },
    tabReloaded(state, action: PayloadAction<string>) {
      const tab = state.tabs.find((t) => t.path === action.payload);
      if (tab) tab.version += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialState)
      .addMatcher(isAnyOf(fetchUserInfo.fulfilled, switchRole.fulfilled), (state, action) => {
        const { permissions } = action.payload;
        state.tabs = state.tabs.filter((tab) => {
          const route = pinnedRoutes().find((r) => r.key === tab.routeKey);
          return !route || isRouteAccessible(route, permissions);
        });
      });
  },
  selectors: {
    selectTabs: (state) => state.tabs,
  },
});

declare module '@console/shared/store' {
  interface LazyLoadedSlices {
    tabs: TabsState;
  }
}

const injected = tabsSlice.injectInto(rootReducer);

export const { tabVisited, tabClosed, otherTabsClosed, tabReloaded } = tabsSlice.actions;
export const { selectTabs } = injected.selectors;
