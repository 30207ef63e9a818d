import { sql } from 'drizzle-orm';
import { defineCase } from '../framework';
import { nameSortKey } from '../../src/db/sort-key';

// Issue #6: the filtered spot list at 10 000 spots (grade + province filter, sorted by load,
// with the derived status and live load of every row on the page).
const TOTAL = 10_000;
/** The spots' name, numbered; its sort key is written with the row as the product writes it
 * (db/sort-key.ts), so that start-up has no key to fill and the table no dead rows. */
const NAME = '压测景点';
const PROVINCES = ['北京', '上海', '浙江', '江苏', '陕西', '四川', '安徽', '湖南', '广西', '云南'];
const CATEGORIES = [
  'natural',
  'historic',
  'museum',
  'theme_park',
  'religious',
  'urban',
  'water',
  'mountain',
];

const arr = (items: readonly string[]) =>
  sql`${`{${items.map((s) => `"${s}"`).join(',')}}`}::text[]`;

export default defineCase({
  kind: 'load',
  name: 'GET /api/scenic/spots (grade + province, sort by load, 10k spots)',
  async seed({ db }) {
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from scenic_spots`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if (n >= TOTAL) return;
    // Generated in SQL so 10 000 spots load in well under a second; a third has a live count.
    await db.execute(sql`
      insert into scenic_spots (code, name, name_sort, grade, category, province, city, latitude, longitude,
        open_time, close_time, avg_visit_minutes, daily_capacity, instant_capacity,
        max_pax_per_guide, price_adult, price_child, live_in_park, live_at)
      select 'BENCH-' || lpad(i::text, 5, '0'), ${NAME} || i, ${nameSortKey(NAME)} || ' ' || i,
        (array['none','A','AA','AAA','AAAA','AAAAA'])[1 + i % 6],
        (${arr(CATEGORIES)})[1 + i % ${CATEGORIES.length}],
        (${arr(PROVINCES)})[1 + (i / 6) % ${PROVINCES.length}],
        '城市' || (i % 50),
        20 + (i % 2000) / 100.0, 100 + (i % 3000) / 100.0,
        '00:00', '23:59', 120, 10000 + (i % 50) * 1000, 3000 + (i % 50) * 300, 30,
        (i % 30) * 1000, (i % 30) * 500,
        case when i % 3 = 0 then (i * 37) % 6000 else 0 end,
        case when i % 3 = 0 then now() else null end
      from generate_series(1, ${TOTAL - n}::int) as i`);
    try {
      await db.execute(sql`vacuum analyze scenic_spots`);
    } catch {
      await db.execute(sql`analyze scenic_spots`);
    }
  },
  request: {
    path: `/api/scenic/spots?grade=AAAAA&province=${encodeURIComponent('浙江')}&sortField=loadPercent&sortOrder=descend&pageSize=20`,
    as: 'user',
  },
});
