// The demo data tell of what has happened: no record of it (created, changed, assigned, a
// status step, a sign-in, a message) is dated after the seed ran, or a team page would say it
// was created in January while the calendar reads November. Times that plan what is to come
// (a maintenance window, an assignment's period, a sign-in lock) are the exceptions, named here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { openTestDatabase } from '../../test/support/app';

const PLANNED = new Set([
  'scenic_maintenance_windows.start_at',
  'scenic_maintenance_windows.end_at',
  'team_assignments.starts_at',
  'team_assignments.ends_at',
  'login_throttle.locked_until',
  'sessions.expires_at',
]);

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('demo data times', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });

  it('no record of the past is dated after now', async () => {
    const { db } = t.database;
    const columns = await rows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type like 'timestamp%'
          order by table_name, column_name`,
    );
    const checked = columns.filter((c) => !PLANNED.has(`${c.table_name}.${c.column_name}`));
    // The seed's teams, guides and their histories are among them.
    expect(checked.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        'teams.created_at',
        'teams.status_changed_at',
        'team_status_history.at',
        'team_assignments.assigned_at',
        'team_feedback.created_at',
        'guides.created_at',
      ]),
    );
    const future: string[] = [];
    for (const { table_name: table, column_name: column } of checked) {
      const [{ n }] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table)}
            where ${sql.identifier(column)} > now()`,
      );
      if (n > 0) future.push(`${table}.${column}: ${n}`);
    }
    expect(future).toEqual([]);
    // And there is something to check: the demo teams are there.
    const [{ teams }] = await rows<{ teams: number }>(
      db,
      sql`select count(*)::int as teams from teams`,
    );
    expect(teams).toBeGreaterThan(50);
  });

  it("a demo team's status changed when its last history step says", async () => {
    const mismatched = await rows<{ id: number }>(
      t.database.db,
      sql`select t.id from teams t
          where t.status_changed_at is distinct from
            (select max(h.at) from team_status_history h where h.team_id = t.id)`,
    );
    expect(mismatched).toEqual([]);
  });

  it("a demo team's last change is not before its last status step made by a person", async () => {
    const stale = await rows<{ id: number }>(
      t.database.db,
      sql`select t.id from teams t
          where t.updated_at < (select max(h.at) from team_status_history h
                                where h.team_id = t.id and h.actor_id is not null)`,
    );
    expect(stale).toEqual([]);
  });
});
