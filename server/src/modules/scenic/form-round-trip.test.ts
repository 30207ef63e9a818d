// Form round trip of the spot form and the maintenance-window form (issue 25): GET → the body
// the form sends (the update contract's keys of the record) → PUT → GET. Saved untouched, the
// record is the same on every field of the response contract with the same version (a no-op);
// one field changed, only that field changes. Spots with every field set and with every
// optional field empty. A PUT that leaves a field out is refused, never blanks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCENIC_FIELD_SPECS,
  specKeys,
  scenicMaintenanceWindow,
  scenicSpot,
  scenicSpotCreateBody,
  scenicSpotUpdateBody,
  scenicWindowUpdateBody,
  type PropertyItem,
  type ScenicMaintenanceWindow,
  type ScenicSpot,
} from '@console/shared';
import { spotValues } from './spots-service';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import {
  changedKeys,
  changedValue,
  contractKeys,
  editedKeys,
  omittableKeys,
} from '../../../test/support/round-trip';

let t: TestApp;
let operator: Client;
let categories: string[];
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  operator = await signedIn(t.app, 'operator');
  categories = (
    (await operator.get('/api/properties/items?category=scenic_category')).json()
      .data as PropertyItem[]
  ).map((i) => i.value);
  expect(categories.length).toBeGreaterThanOrEqual(2);
});
afterAll(() => t.close());

const pick = (keys: readonly string[], record: object) =>
  Object.fromEntries(keys.map((k) => [k, (record as Record<string, unknown>)[k]]));
const toggle = <T>(value: T, a: T, b: T) => (value === a ? b : a);
let seq = 0;

// Spots -------------------------------------------------------------------------------------

/** Derived from readings, windows and the clock (the contract says so), never edited. */
const SPOT_DERIVED = ['status', 'load', 'activeWindow', 'updatedAt', 'version'];
const SPOT_KEYS = contractKeys(scenicSpot).filter((k) => !SPOT_DERIVED.includes(k));
const SPOT_EDITED = editedKeys(scenicSpotUpdateBody);
/** What the spot form sends for a spot (prices already back in fen). */
const spotFormBody = (s: ScenicSpot, changes: Record<string, unknown> = {}) => ({
  ...pick(SPOT_EDITED, s),
  version: s.version,
  ...changes,
});

const SPOT_ALTERNATIVES: Record<string, (s: ScenicSpot) => unknown> = {
  code: () => `RT-CHG-${++seq}-${Date.now().toString(36)}`,
  name: (s) => `${s.name}改`,
  grade: (s) => toggle(s.grade, 'AAAAA', 'AAAA'),
  category: (s) => categories.find((c) => c !== s.category),
  province: (s) => toggle(s.province, '江苏', '浙江'),
  city: (s) => toggle(s.city, '苏州', '杭州'),
  address: (s) => (s.address ? '' : '新地址 1 号'),
  latitude: (s) => s.latitude + 0.5,
  longitude: (s) => s.longitude + 0.5,
  openTime: (s) => toggle(s.openTime, '00:30', '00:00'),
  closeTime: (s) => toggle(s.closeTime, '23:30', '23:59'),
  avgVisitMinutes: (s) => s.avgVisitMinutes + 1,
  description: (s) => (s.description ? '' : '一段\n描述'),
  images: (s) => (s.images.length ? [] : ['/img/changed.png']),
  dailyCapacity: (s) => s.dailyCapacity + 1,
  instantCapacity: (s) => s.instantCapacity - 1,
  reservationRequired: (s) => !s.reservationRequired,
  certifiedGuidesOnly: (s) => !s.certifiedGuidesOnly,
  maxPaxPerGuide: (s) => s.maxPaxPerGuide + 1,
  priceAdult: (s) => s.priceAdult + 100,
  priceChild: (s) => s.priceChild + 100,
};

const spotBody = (over: Record<string, unknown> = {}) => ({
  code: `RT-${++seq}-${Date.now().toString(36)}`,
  name: '往返景点',
  grade: 'AAAA',
  category: categories[0],
  province: '浙江',
  city: '杭州',
  address: '西湖区 1 号',
  latitude: 30.2512345,
  longitude: 120.1554321,
  openTime: '00:00',
  closeTime: '23:59',
  avgVisitMinutes: 120,
  description: '第一行\n第二行',
  images: ['/img/a.png', 'https://example.com/b.jpg'],
  dailyCapacity: 1000,
  instantCapacity: 100,
  reservationRequired: true,
  certifiedGuidesOnly: true,
  maxPaxPerGuide: 30,
  priceAdult: 5050,
  priceChild: 2525,
  ...over,
});

const readSpot = async (id: number): Promise<ScenicSpot> => {
  const res = await operator.get(`/api/scenic/spots/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
async function createSpot(over: Record<string, unknown>) {
  const res = await operator.post('/api/scenic/spots', spotBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as ScenicSpot).id;
}

describe('the spot form’s fields are the field specs’', () => {
  it('one spec per edited field; the write list is those fields, never the version', () => {
    expect([...specKeys(SCENIC_FIELD_SPECS)].sort()).toEqual([...SPOT_EDITED].sort());
    const body = { ...spotBody(), version: 3 } as Parameters<typeof spotValues>[0];
    expect(Object.keys(spotValues(body)).sort()).toEqual([...SPOT_EDITED].sort());
  });
});

const spots = {
  'every field set': () => createSpot({}),
  'every optional field empty': () =>
    createSpot(Object.fromEntries(omittableKeys(scenicSpotCreateBody).map((k) => [k, undefined]))),
};

describe.each(Object.entries(spots))('the spot form, a spot with %s', (_, make) => {
  let id: number;
  beforeAll(async () => {
    id = await make();
  });

  it('saved untouched: every field and the version stay as they were', async () => {
    const before = await readSpot(id);
    const res = await operator.put(`/api/scenic/spots/${id}`, spotFormBody(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await readSpot(id);
    expect(pick(SPOT_KEYS, after)).toEqual(pick(SPOT_KEYS, before));
    expect(after.version).toBe(before.version);
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it.each(SPOT_EDITED)('one field changed (%s): only that field changes', async (key) => {
    const before = await readSpot(id);
    const value = changedValue(SPOT_ALTERNATIVES, key, before);
    const res = await operator.put(
      `/api/scenic/spots/${id}`,
      spotFormBody(before, { [key]: value }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await readSpot(id);
    expect(changedKeys(SPOT_KEYS, before, after)).toEqual([key]);
    expect(after.version).toBe(before.version + 1);
  });

  it.each(omittableKeys(scenicSpotCreateBody))(
    'a save without %s is refused or leaves it as it was, never blanks it',
    async (key) => {
      const before = await readSpot(id);
      const { [key]: _left, ...body } = spotFormBody(before) as Record<string, unknown>;
      const res = await operator.put(`/api/scenic/spots/${id}`, body);
      if (res.statusCode === 400) {
        expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([key]);
      } else expect(res.statusCode, res.body).toBe(200);
      expect(pick(SPOT_KEYS, await readSpot(id))).toEqual(pick(SPOT_KEYS, before));
    },
  );
});

// Maintenance windows -----------------------------------------------------------------------

const WINDOW_KEYS = contractKeys(scenicMaintenanceWindow).filter(
  (k) => !['phase', 'updatedAt', 'version'].includes(k),
);
const WINDOW_EDITED = editedKeys(scenicWindowUpdateBody);
const HOUR = 3_600_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const WINDOW_ALTERNATIVES: Record<string, (w: ScenicMaintenanceWindow) => unknown> = {
  startAt: (w) => shift(w.startAt, -HOUR),
  endAt: (w) => shift(w.endAt, HOUR),
  reason: (w) => `${w.reason}（改）`,
  capacity: (w) => toggle(w.capacity, 10, 0),
};

const windows = {
  'reduced capacity, times to the second': { capacity: 400, startAt: '2031-03-01T02:00:30.000Z' },
  'closed (capacity 0)': { capacity: 0, startAt: '2031-04-01T02:00:00.000Z' },
};

describe.each(Object.entries(windows))('the window form, a window with %s', (_, over) => {
  let spotId: number;
  let windowId: number;
  const readWindow = async () => {
    const res = await operator.get(`/api/scenic/spots/${spotId}/maintenance`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as ScenicMaintenanceWindow[]).find((w) => w.id === windowId)!;
  };
  const put = (w: ScenicMaintenanceWindow, changes: Record<string, unknown> = {}) =>
    operator.put(`/api/scenic/spots/${spotId}/maintenance/${windowId}`, {
      ...pick(WINDOW_EDITED, w),
      version: w.version,
      ...changes,
    });
  beforeAll(async () => {
    spotId = await createSpot({});
    const res = await operator.post(`/api/scenic/spots/${spotId}/maintenance`, {
      reason: '栈道检修，分两段',
      endAt: shift(over.startAt, 48 * HOUR),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    windowId = res.json().data.id;
  });

  it('saved untouched: every field and the version stay as they were', async () => {
    const before = await readWindow();
    const res = await put(before);
    expect(res.statusCode, res.body).toBe(200);
    const after = await readWindow();
    expect(after).toEqual(before);
  });

  it.each(WINDOW_EDITED)('one field changed (%s): only that field changes', async (key) => {
    const before = await readWindow();
    const res = await put(before, { [key]: changedValue(WINDOW_ALTERNATIVES, key, before) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await readWindow();
    expect(changedKeys(WINDOW_KEYS, before, after)).toEqual([key]);
    expect(after.version).toBe(before.version + 1);
  });

  it('a stale version is still 409 when nothing changed', async () => {
    const before = await readWindow();
    const res = await put(before, { version: before.version + 1 });
    expect(res.statusCode).toBe(409);
  });
});
