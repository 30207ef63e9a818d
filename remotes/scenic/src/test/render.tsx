// What the scenic section's component tests render inside: the shared store (its cached reads
// filled as the server would answer, so no request leaves a test), Chinese messages, a router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { PropertyItem, ScenicMaintenanceWindow, ScenicSpot } from '@console/shared';
import { createStore } from '@console/shared/store';
import zhCN from '../locale/zh-CN';
import { scenicQueries } from '../api';

export const CATEGORIES: PropertyItem[] = [
  { id: 1, value: 'natural', labelZh: '自然风光', labelEn: 'Natural', sortOrder: 0, enabled: true },
  { id: 2, value: 'museum', labelZh: '博物馆', labelEn: 'Museum', sortOrder: 1, enabled: true },
];

export function renderScenic(
  ui: ReactElement,
  cached: {
    windows?: [number, ScenicMaintenanceWindow[]];
    /** A store the test already reads from (its probes); a new one by default. */
    store?: ReturnType<typeof createStore>;
  } = {},
) {
  const store = cached.store ?? createStore();
  void store.dispatch(
    scenicQueries.util.upsertQueryData('scenicCategories', undefined, CATEGORIES),
  );
  if (cached.windows) {
    void store.dispatch(scenicQueries.util.upsertQueryData('scenicWindows', ...cached.windows));
  }
  const wrap = (node: ReactElement) => (
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <MemoryRouter>{node}</MemoryRouter>
      </IntlProvider>
    </Provider>
  );
  const view = render(wrap(ui));
  return { ...view, store, rerender: (node: ReactElement) => view.rerender(wrap(node)) };
}

/** A spot with every field set (derived fields as the server reads them). */
export const SPOT: ScenicSpot = {
  id: 11,
  code: 'HZ-XIHU',
  name: '西湖',
  grade: 'AAAAA',
  category: 'natural',
  province: '浙江',
  city: '杭州',
  address: '西湖区龙井路 1 号',
  latitude: 30.251234,
  longitude: 120.155432,
  openTime: '06:30',
  closeTime: '21:45',
  avgVisitMinutes: 180,
  description: '第一行\n第二行',
  images: ['/img/xihu-1.jpg', 'https://example.com/xihu-2.jpg'],
  dailyCapacity: 80000,
  instantCapacity: 12000,
  reservationRequired: true,
  certifiedGuidesOnly: true,
  maxPaxPerGuide: 35,
  priceAdult: 5050,
  priceChild: 2525,
  status: 'open',
  load: {
    inPark: 3000,
    capacity: 12000,
    loadPercent: 25,
    band: 'quiet',
    warning: false,
    at: null,
  },
  activeWindow: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  createdBy: 1,
  version: 3,
};
