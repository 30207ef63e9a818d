import { sql } from 'drizzle-orm';
import { defineCase } from '../framework';
import guideList from './guide-list';

// Issue #15 point 6: backup and restore time and the server's peak memory with 1 M audit rows
// and 100 000 guides (the guide-list case's guides). Smaller runs:
//   BENCH_BACKUP_AUDIT_ROWS=200000 BENCH_CASE=backup BENCH_DB=pglite npm run bench
const AUDIT_ROWS = Number(process.env.BENCH_BACKUP_AUDIT_ROWS ?? 1_000_000);
const CHUNK = 100_000;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export default defineCase({
  kind: 'custom',
  name: `backup and restore (${AUDIT_ROWS.toLocaleString('en')} audit rows + 100k guides)`,
  async seed(ctx) {
    await guideList.seed?.(ctx);
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from audit_log`),
    );
    // Rows shaped like a busy day's log: a diff, a user agent, a request id each.
    for (let from = n + 1; from <= AUDIT_ROWS; from += CHUNK) {
      const to = Math.min(from + CHUNK - 1, AUDIT_ROWS);
      await ctx.db.execute(sql`
        insert into audit_log (at, user_id, username, role, action, entity_type, entity_id, diff,
          request_id, ip, user_agent, result, duration_ms, prev_hash, hash)
        select now() - (i || ' seconds')::interval, 1 + i % 3, 'operator', 'operator',
          'guide.update', 'guide', (1 + i % 100000)::text,
          jsonb_build_object('phone', jsonb_build_object('before', '1380000' || i, 'after', '1390000' || i)),
          md5(i::text), '10.0.' || (i % 250) || '.' || (i % 200),
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          200, i % 300, md5('p' || i) || md5('q' || i), md5('h' || i) || md5('k' || i)
        from generate_series(${from}::int, ${to}::int) as i`);
    }
  },
  async measure({ baseUrl, cookie, peakRss }) {
    const headers = {
      cookie: await cookie('admin'),
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    };
    let started = performance.now();
    const [made, backupRss] = await peakRss(async () => {
      const res = await fetch(`${baseUrl}/api/backups`, { method: 'POST', headers, body: '{}' });
      if (!res.ok) throw new Error(`backup: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: string; size: number; rows: number } }).data;
    });
    const backupS = (performance.now() - started) / 1000;
    started = performance.now();
    const [, restoreRss] = await peakRss(async () => {
      const res = await fetch(`${baseUrl}/api/backups/${made.id}/restore`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ confirm: true }),
      });
      if (!res.ok) throw new Error(`restore: ${res.status} ${await res.text()}`);
    });
    const restoreS = (performance.now() - started) / 1000;
    return {
      rows: made.rows,
      'file MB': mb(made.size),
      'backup s': Number(backupS.toFixed(1)),
      'backup peak rss MB': mb(backupRss),
      // Validation, the automatic pre-restore backup and the replacement.
      'restore s': Number(restoreS.toFixed(1)),
      'restore peak rss MB': mb(restoreRss),
    };
  },
});
