// Form round trip of the dictionary item form (property management; issue 25): GET → the body
// the form sends (the update contract's keys of the item) → PUT → GET. Saved untouched, the
// item is the same on every field of the response contract with the same version (a no-op);
// one field changed, only that field changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyItemAdmin, propertyItemUpdateBody, type PropertyItemAdmin } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import {
  changedKeys,
  changedValue,
  contractKeys,
  editedKeys,
} from '../../../test/support/round-trip';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

const CATEGORY = 'market';
const ITEM_KEYS = contractKeys(propertyItemAdmin).filter((k) => k !== 'version');
const EDITED = editedKeys(propertyItemUpdateBody);
const ALTERNATIVES: Record<string, (i: PropertyItemAdmin) => unknown> = {
  labelZh: (i) => `${i.labelZh}改`,
  labelEn: (i) => `${i.labelEn} (changed)`,
  enabled: (i) => !i.enabled,
};

const read = async (id: number) => {
  const res = await admin.get(`/api/properties/categories/${CATEGORY}/items`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as PropertyItemAdmin[]).find((i) => i.id === id)!;
};
const put = (item: PropertyItemAdmin, changes: Record<string, unknown> = {}) =>
  admin.put(`/api/properties/items/${item.id}`, {
    ...Object.fromEntries(EDITED.map((k) => [k, item[k as keyof PropertyItemAdmin]])),
    version: item.version,
    ...changes,
  });

describe.each([
  ['enabled', true],
  ['disabled', false],
])('the dictionary item form, an item %s', (name, enabled) => {
  let id: number;
  beforeAll(async () => {
    const res = await admin.post('/api/properties/items', {
      category: CATEGORY,
      value: `rt-${name}`,
      labelZh: `往返${name}`,
      labelEn: `Round trip ${name}`,
      enabled,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });

  it('saved untouched: every field and the version stay as they were', async () => {
    const before = await read(id);
    const res = await put(before);
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(id)).toEqual(before);
  });

  it.each(EDITED)('one field changed (%s): only that field changes', async (key) => {
    const before = await read(id);
    const res = await put(before, { [key]: changedValue(ALTERNATIVES, key, before) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(id);
    expect(changedKeys(ITEM_KEYS, before, after)).toEqual([key]);
    expect(after.version).toBe(before.version + 1);
  });

  it('a stale version is still 409 when nothing changed', async () => {
    const before = await read(id);
    expect((await put(before, { version: before.version + 1 })).statusCode).toBe(409);
  });
});
