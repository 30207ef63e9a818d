import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { propertyCategories, propertyItems } from './schema';

let t: TestApp;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedIn(t.app, 'user');
});
afterAll(() => t.close());

describe('dictionaries for the forms’ choices', () => {
  it('lists the categories product.md names, with both labels', async () => {
    const res = await user.get('/api/properties/categories');
    expect(res.statusCode).toBe(200);
    const codes = res.json().data.map((c: { code: string }) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'guide_language',
        'guide_specialty',
        'scenic_category',
        'agency',
        'market',
      ]),
    );
    expect(res.json().data[0]).toMatchObject({
      nameZh: expect.any(String),
      nameEn: expect.any(String),
    });
  });

  it('lists a category’s items in order with Chinese and English labels', async () => {
    const res = await user.get('/api/properties/items?category=market');
    expect(res.json().data.map((i: { value: string }) => i.value)).toEqual([
      'domestic',
      'inbound',
      'outbound',
    ]);
    expect(res.json().data[1]).toMatchObject({
      labelZh: '入境游',
      labelEn: 'Inbound',
      enabled: true,
    });
  });

  it('follows the stored order and leaves disabled items out unless all=1', async () => {
    const [market] = await t.services.db
      .select()
      .from(propertyCategories)
      .where(eq(propertyCategories.code, 'market'));
    const item = (value: string) =>
      and(eq(propertyItems.categoryId, market.id), eq(propertyItems.value, value));
    await t.services.db.update(propertyItems).set({ sortOrder: -1 }).where(item('outbound'));
    await t.services.db.update(propertyItems).set({ enabled: false }).where(item('inbound'));
    const values = async (url: string) =>
      (await user.get(url)).json().data.map((i: { value: string }) => i.value);
    expect(await values('/api/properties/items?category=market')).toEqual(['outbound', 'domestic']);
    expect(await values('/api/properties/items?category=market&all=1')).toEqual([
      'outbound',
      'domestic',
      'inbound',
    ]);
  });

  it('answers 404 for an unknown category, in the caller’s language', async () => {
    const res = await user.get('/api/properties/items?category=unknown', {
      headers: { 'x-locale': 'en-US' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('No property category unknown');
  });
});
