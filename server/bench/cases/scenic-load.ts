import { sql } from 'drizzle-orm';
import { defineCase } from '../framework';
import { rebuildRollUp } from '../../src/modules/scenic/flow-queries';

// Issue #6: the 30-day load (daily buckets) of one spot with 5 million flow rows in the table
// (500 000 on PGlite). The spot measured (the first demo spot) has a reading every 5 minutes
// for 30 days; the other rows are spread over the other spots and the last 60 days.
const ROWS = { postgres: 5_000_000, pglite: 500_000 } as const;
const SPOT_ROWS = 30 * 24 * 12;
const DAY_MS = 86_400_000;

const to = new Date();
const from = new Date(to.getTime() - 30 * DAY_MS);

export default defineCase({
  kind: 'load',
  name: 'GET /api/scenic/spots/:id/load (30 days by day; 5M flow rows, 500k on PGlite)',
  async seed({ db, kind }) {
    const rows = (q: ReturnType<typeof sql>) =>
      (db.execute(q) as unknown as Promise<{ rows: { n: number }[] }>).then((r) => r.rows[0].n);
    const spots = await rows(sql`select count(*)::int as n from scenic_spots`);
    const present = await rows(sql`select count(*)::int as n from scenic_flow`);
    const wanted = ROWS[kind];
    if (present >= wanted) return;
    await db.execute(sql`
      insert into scenic_flow (spot_id, at, entries, exits, in_park)
      select 1, now() - i * interval '5 minutes', (i * 7) % 60, (i * 5) % 50, (i * 11) % 9000
      from generate_series(1, ${SPOT_ROWS}::int) as i`);
    // In batches so PGlite's single connection does not hold one huge statement.
    const rest = wanted - present - SPOT_ROWS;
    const batch = 500_000;
    for (let start = 0; start < rest; start += batch) {
      const end = Math.min(rest, start + batch);
      await db.execute(sql`
        insert into scenic_flow (spot_id, at, entries, exits, in_park)
        select 2 + i % ${Math.max(1, spots - 1)}, now() - ((i::bigint * 7919) % 17280) * interval '5 minutes',
          i % 40, i % 35, i % 4000
        from generate_series(${start}::int, ${end - 1}::int) as i`);
    }
    await rebuildRollUp(db);
    await db.execute(sql`analyze scenic_flow`);
    await db.execute(sql`analyze scenic_flow_hourly`);
  },
  request: {
    path: `/api/scenic/spots/1/load?bucket=1d&from=${from.toISOString()}&to=${to.toISOString()}`,
    as: 'user',
  },
});
