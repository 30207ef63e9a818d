// The form round trip of the system configuration (issue 25, test family): the page sends the
// keys whose value differs from what it read, each with the version it read. Saved back
// untouched — every key at the value it shows — nothing changes, not even a version; one key
// changed changes that key only. Both with every key set and with every key at its default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CONFIG_KEYS, type SystemConfigEntry } from '@console/shared';
import { otherConfigValue } from '@console/shared/contracts/system-config.testing';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

const read = async () => (await admin.get('/api/system-config')).json().data as SystemConfigEntry[];

/** What the page sends for `entries` as it shows them (every key, at its version). */
const untouched = (entries: SystemConfigEntry[]) => ({
  changes: entries.map((e) => ({ key: e.key, value: e.value, version: e.version })),
});

const record = (entries: SystemConfigEntry[]) =>
  Object.fromEntries(entries.map((e) => [e.key, { ...e, updatedAt: undefined }]));

async function roundTrip() {
  const before = await read();
  const saved = await admin.put('/api/system-config', untouched(before));
  expect(saved.statusCode, saved.body).toBe(200);
  expect(record(await read())).toEqual(record(before));

  // One key changed: that key only (the last one of the contract, then the first).
  for (const key of [SYSTEM_CONFIG_KEYS.at(-1)!, SYSTEM_CONFIG_KEYS[0]]) {
    const now = await read();
    const entry = now.find((e) => e.key === key)!;
    const value = entry.overridden ? null : otherConfigValue(key);
    const res = await admin.put('/api/system-config', {
      changes: [{ key, value, version: entry.version }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = record(await read());
    const changed = Object.keys(after).filter(
      (k) => JSON.stringify(after[k]) !== JSON.stringify(record(now)[k]),
    );
    expect(changed).toEqual([key]);
  }
}

describe('system config form round trip', () => {
  it('every key at its default: saved untouched changes nothing; one change changes one key', async () => {
    expect((await read()).every((e) => !e.overridden)).toBe(true);
    await roundTrip();
  });

  it('every key set: saved untouched changes nothing; one change changes one key', async () => {
    const entries = await read();
    const setAll = await admin.put('/api/system-config', {
      changes: entries.map((e) => ({
        key: e.key,
        value: e.overridden ? e.value : otherConfigValue(e.key),
        version: e.version,
      })),
    });
    expect(setAll.statusCode, setAll.body).toBe(200);
    expect((await read()).every((e) => e.overridden)).toBe(true);
    await roundTrip();
  });
});
