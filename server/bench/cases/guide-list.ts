import { sql } from 'drizzle-orm';
import { isoToday } from '@console/shared';
import { defineCase } from '../framework';
import { CITIES, GIVEN_FEMALE, GIVEN_MALE, SURNAMES } from '../../src/modules/guide/seed';
import { nameSortKey } from '../../src/db/sort-key';

// Issue #7: the guide list with two filters (level and language) at 100 000 guides.
const TOTAL = 100_000;

const arr = (items: readonly string[]) =>
  sql`${`{${items.map((s) => `"${s}"`).join(',')}}`}::text[]`;

/**
 * Every name the seed composes and its sort key, written with the row as the product writes it
 * (db/sort-key.ts): a row left without one is filled at start-up, one update per guide, and
 * the list would then be measured over a table of dead rows.
 */
const sortKeys = () => {
  const keys: Record<string, string> = {};
  for (const surname of SURNAMES)
    for (const given of [...GIVEN_FEMALE, ...GIVEN_MALE])
      keys[surname + given] = nameSortKey(surname + given, true);
  return sql`${JSON.stringify(keys)}::jsonb`;
};

export default defineCase({
  kind: 'load',
  name: 'GET /api/guides (level + language, 100k guides)',
  async seed({ db }) {
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from guides`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    const from = n + 1;
    const to = TOTAL;
    if (to < from) return;
    const today = isoToday();
    // Generated in SQL so 100 000 guides (and ~220 000 language rows) load in seconds;
    // levels, languages and statuses spread roughly like the demo data.
    await db.execute(sql`
      insert into guides (code, name, name_sort, gender, birth_date, phone, email, home_city,
        employment_type, licence_no, licence_type, level, level_rank, level_obtained_on,
        licence_expiry, max_group_size, status)
      select 'B' || lpad(i::text, 6, '0'), n.name, ${sortKeys()} ->> n.name,
        case when i % 2 = 0 then 'female' else 'male' end,
        date '1970-01-01' + (i * 37) % 12000,
        '13' || lpad(((i::bigint * 7919) % 1000000000)::text, 9, '0'),
        'b' || i || '@example.com',
        (${arr(CITIES)})[1 + i % ${CITIES.length}],
        (array['staff','staff','contract','freelance'])[1 + i % 4],
        'BENCH-' || lpad(i::text, 7, '0'),
        (array['national','national','national','scenic_area','tour_leader'])[1 + i % 5],
        (array['junior','intermediate','senior','special'])[1 + (i / 7) % 4],
        (i / 7) % 4,
        date '2012-01-01' + (i % 3000),
        ${today}::date + (i % 1800) - 40,
        (array[20,30,40,45,50,60])[1 + i % 6],
        (array['active','active','active','active','active','active','active','active','active',
               'on_leave','suspended','inactive'])[1 + i % 12]
      from generate_series(${from}::int, ${to}::int) as i,
        lateral (select (${arr(SURNAMES)})[1 + (i * 7) % ${SURNAMES.length}] ||
          case when i % 2 = 0 then (${arr(GIVEN_FEMALE)})[1 + (i * 13) % ${GIVEN_FEMALE.length}]
               else (${arr(GIVEN_MALE)})[1 + (i * 13) % ${GIVEN_MALE.length}] end as name) n`);
    await db.execute(sql`
      insert into guide_languages (guide_id, language, proficiency, sort_order)
      select id, 'zh', 'native', 0 from guides where code like 'B%'
      union all
      select id, (array['en','en','en','ja','ko','fr','de','es','ru','th'])[1 + id % 10],
        (array['fluent','working','basic'])[1 + id % 3], 1
      from guides where code like 'B%' and id % 5 <> 0`);
    try {
      await db.execute(sql`vacuum analyze guides`);
      await db.execute(sql`vacuum analyze guide_languages`);
    } catch {
      await db.execute(sql`analyze guides`);
      await db.execute(sql`analyze guide_languages`);
    }
  },
  request: { path: '/api/guides?level=senior&language=en', as: 'user' },
});
