import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/support/app';
import { guides } from '../modules/guide/schema';
import { productErrorOf } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The error the database raises for `query`, on the driver under test. */
async function refusal(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await t.services.db.execute(query);
  } catch (err) {
    return err;
  }
  throw new Error('the database accepted it');
}

describe('database errors become product errors', () => {
  it('words a named unique constraint for its field (a guide code taken by a concurrent writer)', async () => {
    const [taken] = await t.services.db.select().from(guides).limit(1);
    const { id: _id, ...copy } = taken;
    let err: unknown;
    try {
      await t.services.db.insert(guides).values({ ...copy, licenceNo: `${copy.licenceNo}-x` });
    } catch (e) {
      err = e;
    }
    const mapped = productErrorOf(err);
    expect(mapped?.error).toBe('DUPLICATE');
    expect(mapped?.status).toBe(409);
    expect(mapped?.options.fields).toEqual([
      {
        path: 'code',
        message: { 'zh-CN': '导游编号已存在', 'en-US': 'That guide code already exists' },
      },
    ]);
  });

  it('answers 409 CONFLICT for a missing referenced row (foreign key)', async () => {
    const err = await refusal(
      sql`insert into guide_specialties (guide_id, specialty) values (2147483000, 'history')`,
    );
    expect(productErrorOf(err)).toMatchObject({ error: 'CONFLICT', status: 409 });
  });

  it('answers 409 WRITE_COLLISION for a deadlock or a serialisation failure', () => {
    for (const code of ['40P01', '40001']) {
      expect(productErrorOf({ message: 'wrapped', cause: { code } })?.error).toBe(
        'WRITE_COLLISION',
      );
    }
  });

  it('leaves other failures alone (a real fault stays a 500)', async () => {
    expect(productErrorOf(await refusal(sql`select 1 / 0`))).toBeUndefined();
    expect(productErrorOf(new Error('boom'))).toBeUndefined();
  });
});
