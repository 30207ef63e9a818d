// System configuration (issue #15 point 4): every key with its default, a save validated by
// the contract, audited with the diff and effective at once; reset returns to the default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { SYSTEM_CONFIG_KEYS } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

type Entry = {
  key: string;
  value: unknown;
  default: unknown;
  overridden: boolean;
  version: number;
};
const entry = async (key: string) =>
  ((await admin.get('/api/system-config')).json().data as Entry[]).find((e) => e.key === key)!;

describe('system config', () => {
  it('lists every key of the contract with its default', async () => {
    const data = (await admin.get('/api/system-config')).json().data as Entry[];
    expect(data.map((e) => e.key)).toEqual(SYSTEM_CONFIG_KEYS);
    expect(data.find((e) => e.key === 'audit.retentionDays')).toMatchObject({
      value: 365,
      default: 365,
      overridden: false,
      version: 0,
    });
  });

  it('saves, audits the diff, applies at once, and resets to the default', async () => {
    const res = await admin.put('/api/system-config', {
      changes: [{ key: 'capacity.warningPercent', value: 70, version: 0 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await t.services.config.get('capacity.warningPercent')).toBe(70);
    const [row] = await t.services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: 'systemConfig.update',
      entityType: 'system_config',
      diff: { 'capacity.warningPercent': { before: 80, after: 70 } },
    });
    const saved = await entry('capacity.warningPercent');
    expect(saved).toMatchObject({ value: 70, overridden: true, version: 1 });
    const stale = await admin.put('/api/system-config', {
      changes: [{ key: 'capacity.warningPercent', value: 75, version: 0 }],
    });
    expect(stale.statusCode).toBe(409);
    const reset = await admin.put('/api/system-config', {
      changes: [{ key: 'capacity.warningPercent', value: null, version: 1 }],
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.services.config.get('capacity.warningPercent')).toBe(80);
    expect(await entry('capacity.warningPercent')).toMatchObject({ overridden: false, version: 0 });
  });

  it('refuses a value its key’s schema rejects, naming the field', async () => {
    const res = await admin.put(
      '/api/system-config',
      { changes: [{ key: 'password.minLength', value: 4, version: 0 }] },
      { headers: { 'x-locale': 'en-US' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      expect.objectContaining({ path: 'changes.0.value', message: 'Must be at least 6' }),
    ]);
    const unknown = await admin.put('/api/system-config', {
      changes: [{ key: 'nope', value: 1, version: 0 }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is refused to the operator', async () => {
    const op = await signedIn(t.app, 'operator');
    const res = await op.put('/api/system-config', {
      changes: [{ key: 'capacity.warningPercent', value: 70, version: 0 }],
    });
    expect(res.statusCode).toBe(403);
  });
});
