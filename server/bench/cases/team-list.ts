import { sql } from 'drizzle-orm';
import { addDays, isoToday } from '@console/shared';
import { defineCase } from '../framework';

// Issue #13: the team list with filters and a sort at 100 000 teams (the Waiting page: view,
// agency, language and a date range, sorted by start date). Target: p99 ≤ 50 ms on
// PostgreSQL at 20 connections.
const TOTAL = 100_000;
const AGENCIES = ['cits', 'cts', 'cyts', 'spring', 'ctrip', 'tuniu'];
const LANGUAGES = ['zh', 'zh', 'zh', 'zh', 'en', 'en', 'ja', 'ko'];
const STATUSES = ['draft', 'pending', 'allocated', 'ongoing', 'completed', 'cancelled'];

const arr = (items: readonly string[]) =>
  sql`${`{${items.map((s) => `"${s}"`).join(',')}}`}::text[]`;

const today = isoToday();

export default defineCase({
  kind: 'load',
  name: 'GET /api/teams (view + agency + language + dates, sort by start, 100k teams)',
  async seed({ db }) {
    const [{ n }] = (
      (await db.execute(sql`select count(*)::int as n from teams`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    if (n >= TOTAL) return;
    // Generated in SQL: periods of 1–5 days over two years around today, every state.
    await db.execute(sql`
      insert into teams (code, name, agency, agency_ref, market, pax_adults, pax_children,
        pax_seniors, language, vip, lead_contact_name, lead_contact_phone, start_date, end_date,
        status, status_reason)
      select 'BT' || lpad(i::text, 8, '0'), '压测团' || i,
        (${arr(AGENCIES)})[1 + i % ${AGENCIES.length}],
        'AG' || i,
        (array['domestic','inbound','outbound'])[1 + (i / 7) % 3],
        5 + i % 30, i % 3, i % 4,
        (${arr(LANGUAGES)})[1 + (i / 3) % ${LANGUAGES.length}],
        i % 9 = 0,
        '联系人' || (i % 100),
        '139' || lpad((i % 100000000)::text, 8, '0'),
        ${today}::date - 365 + (i % 730),
        ${today}::date - 365 + (i % 730) + (i % 5),
        (${arr(STATUSES)})[1 + (i / 11) % ${STATUSES.length}],
        case when (i / 11) % ${STATUSES.length} = 5 then '压测取消' else '' end
      from generate_series(${n + 1}::int, ${TOTAL}::int) as i`);
    try {
      await db.execute(sql`vacuum analyze teams`);
    } catch {
      await db.execute(sql`analyze teams`);
    }
  },
  request: {
    path:
      `/api/teams?view=waiting&agency=ctrip&language=en&from=${today}` +
      `&to=${addDays(today, 90)}&sortField=startDate&sortOrder=ascend&pageSize=20`,
    as: 'user',
  },
});
