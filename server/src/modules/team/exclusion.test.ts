// The database, not only the application, keeps a guide's bookings and leave apart
// (issue #13 point 7): the exclusion constraints of migration 0005, on both databases.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sqlState = async (query: SQL) => {
  try {
    await t.services.db.execute(query);
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code ?? String(err);
  }
};

const firstGuideId = async () => {
  const res = (await t.services.db.execute(sql`select id from guides order by id limit 1`)) as {
    rows: { id: number }[];
  };
  return res.rows[0].id;
};

it('refuses a second leave of one guide overlapping the first (23P01)', async () => {
  const g = await firstGuideId();
  const leave = (type: string, start: string, end: string) =>
    sqlState(
      sql`insert into guide_unavailability (guide_id, type, start_date, end_date) values (${g}, ${type}, ${start}, ${end})`,
    );
  expect(await leave('leave', '2031-01-01', '2031-01-05')).toBe('ok');
  expect(await leave('sick', '2031-01-05', '2031-01-07')).toBe('23P01');
  expect(await leave('sick', '2031-01-06', '2031-01-07')).toBe('ok');
});

it('refuses a second active booking of one guide overlapping the first, not a replaced one', async () => {
  const g = await firstGuideId();
  const team = async (code: string) => {
    const res = (await t.services.db.execute(
      sql`insert into teams (code, name, agency, market, pax_adults, language, lead_contact_name, lead_contact_phone, start_date, end_date)
          values (${code}, 'x', 'cits', 'domestic', 10, 'zh', 'Li', '13800000000', '2031-02-01', '2031-02-02') returning id`,
    )) as { rows: { id: number }[] };
    return res.rows[0].id;
  };
  const [a, b] = [await team('XCL-A'), await team('XCL-B')];
  const book = (teamId: number, busy: string, status = 'active') =>
    sqlState(
      sql`insert into team_assignments (team_id, guide_id, role, from_date, to_date, starts_at, ends_at, busy, status)
          values (${teamId}, ${g}, 'local_guide', '2031-02-01', '2031-02-02', '2031-02-01T00:00:00Z', '2031-02-02T10:00:00Z', ${busy}, ${status})`,
    );
  expect(await book(a, '[2031-02-01T00:00:00Z,2031-02-02T11:00:00Z)')).toBe('ok');
  expect(await book(b, '[2031-02-02T10:30:00Z,2031-02-03T11:00:00Z)')).toBe('23P01');
  expect(await book(b, '[2031-02-02T10:30:00Z,2031-02-03T11:00:00Z)', 'replaced')).toBe('ok');
  expect(await book(b, '[2031-02-02T11:00:00Z,2031-02-03T11:00:00Z)')).toBe('ok');
});
