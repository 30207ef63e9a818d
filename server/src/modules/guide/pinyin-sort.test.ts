// Issue #18 item 15: Chinese names sort by pinyin, the same on PGlite and PostgreSQL (this file
// runs on both), for guides and scenic spots, and rows older than the key column get one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody, guideUpdateBodyOf } from '../../../test/support/guides';
import { spotBody } from '../../../test/support/spots';
import { fillMissingNameSortKeys, nameSortKey } from '../../db/sort-key';
import { guides } from './schema';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

// Code-point order would be 万 丛 严 于 安 王 (U+4E07 … U+738B).
const PINYIN_ORDER = ['安', '丛', '万', '王', '严', '于'];

describe('nameSortKey', () => {
  it('orders by syllable, a shorter syllable first (wan before wang)', () => {
    expect(nameSortKey('万')).toBe('wan4');
    expect(nameSortKey('王')).toBe('wang2');
    expect(nameSortKey('ABC 景区')).toBe('abc jing3 qu1');
    // A surname is read as one in a person's name.
    expect(nameSortKey('单田芳', true)).toBe('shan4 tian2 fang1');
  });
});

describe('guide list sorted by name', () => {
  it('follows pinyin, ascending and descending', async () => {
    for (const surname of [...PINYIN_ORDER].reverse()) {
      const res = await operator.post('/api/guides', guideBody({ name: `${surname}拼序` }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const names = async (order: string) => {
      const res = await operator.get(
        `/api/guides?keyword=${encodeURIComponent('拼序')}&sortField=name&sortOrder=${order}`,
      );
      return (res.json().data.list as { name: string }[]).map((g) => g.name[0]);
    };
    expect(await names('ascend')).toEqual(PINYIN_ORDER);
    expect(await names('descend')).toEqual([...PINYIN_ORDER].reverse());
  });

  it('a renamed guide moves to its new place', async () => {
    const res = await operator.get(`/api/guides?keyword=${encodeURIComponent('安拼序')}`);
    const g = res.json().data.list[0];
    const full = (await operator.get(`/api/guides/${g.id}`)).json().data;
    const renamed = await operator.put(
      `/api/guides/${g.id}`,
      guideUpdateBodyOf(full, { name: '张拼序', certifications: [] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const list = await operator.get(
      `/api/guides?keyword=${encodeURIComponent('拼序')}&sortField=name&sortOrder=ascend`,
    );
    expect((list.json().data.list as { name: string }[]).map((x) => x.name[0])).toEqual([
      '丛',
      '万',
      '王',
      '严',
      '于',
      '张',
    ]);
  });

  it('rows written before the key column get their key at start-up', async () => {
    const db = t.services.db;
    const rows = await db
      .select({ id: guides.id })
      .from(guides)
      .where(inArray(guides.name, ['万拼序', '于拼序']));
    await db
      .update(guides)
      .set({ nameSort: '' })
      .where(
        inArray(
          guides.id,
          rows.map((r) => r.id),
        ),
      );
    expect(await fillMissingNameSortKeys(db)).toBe(2);
    const [wan] = await db.select().from(guides).where(eq(guides.name, '万拼序'));
    expect(wan.nameSort).toBe(nameSortKey('万拼序', true));
    expect(await fillMissingNameSortKeys(db)).toBe(0);
  });
});

describe('scenic list sorted by name', () => {
  it('follows pinyin', async () => {
    const names = ['颐和园拼序', '八达岭拼序', '天坛拼序', '北海拼序'];
    for (const name of names) {
      const res = await operator.post('/api/scenic/spots', spotBody({ name }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await operator.get(
      `/api/scenic/spots?keyword=${encodeURIComponent('拼序')}&sortField=name&sortOrder=ascend`,
    );
    expect((res.json().data.list as { name: string }[]).map((s) => s.name)).toEqual([
      '八达岭拼序',
      '北海拼序',
      '天坛拼序',
      '颐和园拼序',
    ]);
  });
});
