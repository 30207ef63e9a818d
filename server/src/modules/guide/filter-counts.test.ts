// The guide list's total for its select filters comes from guide_filter_counts, kept by
// triggers (migration 0002). Whatever writes the guides (the API, a bulk insert, a delete
// that cascades, a rolled-back transaction), the totals must equal counting the guides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  EMPLOYMENT_TYPES,
  GUIDE_LEVELS,
  GUIDE_STATUSES,
  isoToday,
  LICENCE_TYPES,
  type Guide,
  type GuideCreateBody,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody, guideUpdateBodyOf } from '../../../test/support/guides';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

const today = isoToday();
/** A junior, Japanese-speaking contract guide unless told otherwise. */
const body = (overrides: Partial<GuideCreateBody> = {}) =>
  guideBody({
    employmentType: 'contract',
    licenceType: 'scenic_area',
    level: 'junior',
    languages: [{ language: 'ja', proficiency: 'fluent' }],
    specialties: [],
    ...overrides,
  });

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Facts {
  level: string;
  status: string;
  employment: string;
  licence: string;
  languages: string[] | null;
}

/** Every filter combination's list total against counting the guides themselves. */
async function expectTotalsExact() {
  const guides = await rowsOf<Facts>(sql`
    select g.level, g.status, g.employment_type as employment, g.licence_type as licence,
      (select array_agg(l.language) from guide_languages l where l.guide_id = g.id) as languages
    from guides g`);
  const combos: Record<string, string>[] = [];
  for (const level of [undefined, ...GUIDE_LEVELS])
    for (const status of [undefined, ...GUIDE_STATUSES])
      for (const language of [undefined, 'en', 'ja', 'zh'])
        combos.push({
          ...(level && { level }),
          ...(status && { status }),
          ...(language && { language }),
        });
  for (const employmentType of EMPLOYMENT_TYPES)
    for (const licenceType of LICENCE_TYPES)
      combos.push({ employmentType, licenceType }, { employmentType, licenceType, language: 'en' });

  const mismatches: string[] = [];
  for (const combo of combos) {
    const expected = guides.filter(
      (g) =>
        (!combo.level || g.level === combo.level) &&
        (!combo.status || g.status === combo.status) &&
        (!combo.employmentType || g.employment === combo.employmentType) &&
        (!combo.licenceType || g.licence === combo.licenceType) &&
        (!combo.language || (g.languages ?? []).includes(combo.language)),
    ).length;
    const res = await operator.get(`/api/guides?${new URLSearchParams(combo)}`);
    const total = res.json().data.total as number;
    if (total !== expected) mismatches.push(`${JSON.stringify(combo)}: ${total} ≠ ${expected}`);
  }
  expect(mismatches).toEqual([]);
  // No combination is ever counted below zero.
  const [{ negative }] = await rowsOf<{ negative: number }>(
    sql`select count(*)::int as negative from guide_filter_counts where n < 0`,
  );
  expect(negative).toBe(0);
}

describe('guide list totals from guide_filter_counts', () => {
  it('match the demo guides', async () => {
    await expectTotalsExact();
  });

  it('follow creates, edits (level, employment, languages) and status changes through the API', async () => {
    const created: Guide[] = [];
    for (const overrides of [
      {},
      { level: 'special' as const, languages: [{ language: 'en', proficiency: 'basic' as const }] },
      { employmentType: 'freelance' as const, licenceType: 'tour_leader' as const },
    ]) {
      const res = await operator.post('/api/guides', body(overrides));
      expect(res.statusCode, res.body).toBe(200);
      created.push(res.json().data);
    }
    await expectTotalsExact();

    const g = created[0];
    // The record as the drawer sends it, three fields changed (a PUT names every field).
    const put = await operator.put(
      `/api/guides/${g.id}`,
      guideUpdateBodyOf(g, {
        level: 'senior',
        employmentType: 'staff',
        languages: [
          { language: 'zh', proficiency: 'native' },
          { language: 'en', proficiency: 'working' },
        ],
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    const status = await operator.post(`/api/guides/${created[1].id}/status`, {
      status: 'suspended',
      reason: '复核资质',
      version: created[1].version,
    });
    expect(status.statusCode, status.body).toBe(200);
    await expectTotalsExact();
  });

  it('are unchanged by a write that is refused and rolled back', async () => {
    const first = await operator.post('/api/guides', body());
    expect(first.statusCode).toBe(200);
    const clash = await operator.post(
      '/api/guides',
      body({ licenceNo: first.json().data.licenceNo, level: 'special' }),
    );
    expect(clash.statusCode).toBe(409);
    await expectTotalsExact();
  });

  it('follow writers other than the API: bulk inserts, language edits, cascading deletes', async () => {
    await t.database.db.execute(sql`
      insert into guides (code, name, gender, birth_date, phone, employment_type, licence_no,
        licence_type, level, level_rank, level_obtained_on, licence_expiry, max_group_size, status)
      select 'FB' || i, '批量', 'female', date '1990-01-01', '13900000000',
        (array['staff','contract','freelance'])[1 + i % 3], 'FB-LIC-' || i,
        (array['national','scenic_area','tour_leader'])[1 + i % 3],
        (array['junior','intermediate','senior','special'])[1 + i % 4], i % 4,
        date '2015-01-01', ${addDays(today, 100)}::date, 20,
        (array['active','on_leave','suspended','inactive'])[1 + i % 4]
      from generate_series(1, 40) as i`);
    await t.database.db.execute(sql`
      insert into guide_languages (guide_id, language, proficiency)
      select id, (array['en','ja','zh'])[1 + id % 3], 'basic' from guides where code like 'FB%'`);
    await expectTotalsExact();

    await t.database.db.execute(
      sql`update guide_languages set language = 'ja' where language = 'en' and guide_id in
          (select id from guides where code like 'FB%')`,
    );
    await t.database.db.execute(
      sql`update guides set level = 'special', level_rank = 3 where code like 'FB1%'`,
    );
    await t.database.db.execute(sql`delete from guides where code like 'FB2%'`);
    await expectTotalsExact();
  });

  it('are emptied by a truncate', async () => {
    await t.database.db.execute(sql`truncate guides cascade`);
    const [{ rows }] = await rowsOf<{ rows: number }>(
      sql`select count(*)::int as rows from guide_filter_counts`,
    );
    expect(rows).toBe(0);
    await expectTotalsExact();
  });
});
