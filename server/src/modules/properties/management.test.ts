// Property management (issue #15 point 3): admin writes, audited; a used item cannot be
// deleted (409 with the count) but can be disabled, after which new choices omit it and the
// record that holds it still reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { auditLog } from '../audit/schema';

let t: TestApp;
let admin: Client;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

const items = async (category: string) =>
  (await admin.get(`/api/properties/categories/${category}/items`)).json().data as {
    id: number;
    value: string;
    labelZh: string;
    labelEn: string;
    enabled: boolean;
    version: number;
    usage: number;
  }[];
const lastAudit = async () =>
  (await t.services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('property management', () => {
  it('creates an item at the end of its category, audited; a duplicate value is refused', async () => {
    const res = await admin.post('/api/properties/items', {
      category: 'market',
      value: 'cruise',
      labelZh: '邮轮',
      labelEn: 'Cruise',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ value: 'cruise', enabled: true, usage: 0, version: 1 });
    expect((await items('market')).at(-1)!.value).toBe('cruise');
    expect(await lastAudit()).toMatchObject({
      action: 'property.create',
      entityType: 'property_item',
      entityId: String(res.json().data.id),
      result: 200,
      diff: {
        value: { before: null, after: 'cruise' },
        labelEn: { before: null, after: 'Cruise' },
      },
    });
    const dup = await admin.post('/api/properties/items', {
      category: 'market',
      value: 'cruise',
      labelZh: '邮轮2',
      labelEn: 'Cruise 2',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('DUPLICATE');
  });

  it('is refused to a role without system:property:write', async () => {
    const res = await operator.post('/api/properties/items', {
      category: 'market',
      value: 'x1',
      labelZh: 'x',
      labelEn: 'x',
    });
    expect(res.statusCode).toBe(403);
  });

  it('renames a label with the version read (stale → 409) and the form list follows', async () => {
    const en = (await items('guide_language')).find((i) => i.value === 'en')!;
    const res = await admin.put(`/api/properties/items/${en.id}`, {
      labelZh: '英文',
      labelEn: 'English (UK & US)',
      enabled: true,
      version: en.version,
    });
    expect(res.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'property.update',
      diff: { labelZh: { before: en.labelZh, after: '英文' } },
    });
    const stale = await admin.put(`/api/properties/items/${en.id}`, {
      labelZh: '英语',
      labelEn: 'English',
      enabled: true,
      version: en.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
    const choices = (await operator.get('/api/properties/items?category=guide_language')).json()
      .data as { value: string; labelZh: string }[];
    expect(choices.find((c) => c.value === 'en')!.labelZh).toBe('英文');
  });

  it('refuses to delete an item a record uses, naming the count; disabling keeps old records readable', async () => {
    const guide = (
      await operator.post(
        '/api/guides',
        guideBody({ languages: [{ language: 'th', proficiency: 'fluent' }] }),
      )
    ).json().data;
    expect(guide.id).toBeGreaterThan(0);
    const th = (await items('guide_language')).find((i) => i.value === 'th')!;
    expect(th.usage).toBeGreaterThanOrEqual(1);
    const del = await admin.delete(`/api/properties/items/${th.id}?version=${th.version}`, {
      headers: { 'x-locale': 'en-US' },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe('PROPERTY_IN_USE');
    expect(del.json().msg).toBe(
      `This item is used by ${th.usage} records and cannot be deleted; disable it instead`,
    );
    const off = await admin.put(`/api/properties/items/${th.id}`, {
      labelZh: th.labelZh,
      labelEn: th.labelEn,
      enabled: false,
      version: th.version,
    });
    expect(off.statusCode).toBe(200);
    const choices = (await operator.get('/api/properties/items?category=guide_language')).json()
      .data as { value: string }[];
    expect(choices.map((c) => c.value)).not.toContain('th');
    const read = (await operator.get(`/api/guides/${guide.id}`)).json().data;
    expect(read.languages.map((l: { language: string }) => l.language)).toContain('th');
  });

  it('deletes an unused item (audited) and reorders a category', async () => {
    const cruise = (await items('market')).find((i) => i.value === 'cruise')!;
    const del = await admin.delete(`/api/properties/items/${cruise.id}?version=${cruise.version}`);
    expect(del.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'property.delete',
      diff: { value: { before: 'cruise', after: null } },
    });
    const ids = (await items('market')).map((i) => i.id).reverse();
    const res = await admin.post('/api/properties/items/reorder', { category: 'market', ids });
    expect(res.statusCode).toBe(200);
    expect((await items('market')).map((i) => i.id)).toEqual(ids);
    expect((await lastAudit()).action).toBe('property.reorder');
    const partial = await admin.post('/api/properties/items/reorder', {
      category: 'market',
      ids: ids.slice(1),
    });
    expect(partial.statusCode).toBe(400);
  });
});
