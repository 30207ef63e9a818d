// Issue #15 point 5: the operation log's first page and the page 10 000 pages deep (keyset:
// `before` = the cursor at that depth), side by side with their ratio; the target is a deep
// page within 1.5× the first at 10 million rows on PostgreSQL.
//
// Rows: BENCH_AUDIT_ROWS (default 10 000 000 on PostgreSQL) and BENCH_AUDIT_ROWS_PGLITE
// (default 300 000: PGlite runs in one process and is not the production database).
import { sql } from 'drizzle-orm';
import { defineCase, median, percentile, type DbKind } from '../framework';

const PAGE_SIZE = 20;
const DEPTH = 10_000;
const SAMPLES = 40;
const WARMUP = 5;
const CHUNK = 1_000_000;

const rowsFor = (kind: DbKind) =>
  kind === 'postgres'
    ? Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000)
    : Number(process.env.BENCH_AUDIT_ROWS_PGLITE ?? 300_000);

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as { data?: { list: unknown[] } };
  if (res.status !== 200 || body.data?.list.length !== PAGE_SIZE) {
    throw new Error(`${url} answered ${res.status} with ${body.data?.list.length} rows`);
  }
  return performance.now() - started;
}

async function series(url: string, cookie: string) {
  for (let i = 0; i < WARMUP; i++) await timed(url, cookie);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) times.push(await timed(url, cookie));
  return times;
}

export default defineCase({
  kind: 'custom',
  name: 'operation log: first page vs page 10 000 (keyset)',
  async seed({ db, kind }) {
    const total = rowsFor(kind);
    // Generated in SQL, a million rows per statement; the chain hashes are placeholders
    // (paging never reads them; verification is not what this case measures).
    // The secondary indexes are built once after the load (much faster than row by row).
    await db.execute(sql`drop index if exists audit_at_idx, audit_user_idx, audit_entity_idx`);
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      const started = Date.now();
      await db.execute(sql`
        insert into audit_log (at, user_id, username, role, action, entity_type, entity_id,
          diff, request_id, ip, user_agent, result, duration_ms, prev_hash, hash)
        select now() - make_interval(secs => (${total}::int - i) * 3),
          1 + i % 3,
          (array['admin','operator','user'])[1 + i % 3],
          (array['admin','operator','user'])[1 + i % 3],
          (array['guide.update','guide.create','scenic.update','user.login','property.update'])[1 + i % 5],
          (array['guide','guide','scenic_spot','user','property_item'])[1 + i % 5],
          (i % 5000)::text,
          case when i % 4 = 0 then jsonb_build_object('name', jsonb_build_object('before', 'a', 'after', 'b')) end,
          md5(i::text), '10.0.' || (i % 250) || '.' || (i % 200), 'bench-agent/1.0',
          case when i % 50 = 0 then 403 else 200 end,
          i % 300,
          md5((i - 1)::text) || md5((i - 1)::text), md5(i::text) || md5(i::text)
        from generate_series(${from}::int, ${to}::int) as i`);
      console.log(
        `    audit rows ${to.toLocaleString('en')} / ${total.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    await db.execute(sql`create index audit_at_idx on audit_log (at, id)`);
    await db.execute(sql`create index audit_user_idx on audit_log (user_id, id)`);
    await db.execute(sql`create index audit_entity_idx on audit_log (entity_type, entity_id, id)`);
    try {
      await db.execute(sql`vacuum analyze audit_log`);
    } catch {
      await db.execute(sql`analyze audit_log`);
    }
  },
  async measure({ baseUrl, cookie, kind }) {
    const admin = await cookie('admin');
    const first = `${baseUrl}/api/audit?pageSize=${PAGE_SIZE}`;
    const head = (await (await fetch(first, { headers: { cookie: admin } })).json()) as {
      data: { list: { id: number }[] };
    };
    // Ids are consecutive (one generate_series), so the cursor DEPTH pages down is arithmetic.
    const cursor = head.data.list[0].id + 1 - DEPTH * PAGE_SIZE;
    const deep = `${first}&before=${cursor}`;
    const a = await series(first, admin);
    const b = await series(deep, admin);
    const m1 = median(a);
    const m2 = median(b);
    return {
      rows: rowsFor(kind),
      'first page median ms': Number(m1.toFixed(2)),
      'page 10 000 median ms': Number(m2.toFixed(2)),
      'ratio (deep / first)': Number((m2 / m1).toFixed(2)),
      'first p99 ms': Number(percentile(a, 99).toFixed(2)),
      'deep p99 ms': Number(percentile(b, 99).toFixed(2)),
    };
  },
});
