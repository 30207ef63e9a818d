// A team's bookings follow its days (issue #13): when the itinerary's times or the pickup time
// change, each active booking's period is computed again from what the team now does, keeping
// the buffer it was booked with. The exclusion constraint then compares the new periods, so a
// change that would make a guide's two teams overlap is refused and nothing is written.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { databaseErrorInfo, SQLSTATE } from '../../db/errors';
import { readRuleTeam } from './assignments-service';
import { assignmentPeriod } from './period';
import { teamAssignments } from './schema';

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export async function rebookTeam(tx: DbOrTx, teamId: number): Promise<void> {
  const res = (await tx.execute(sql`
    select a.id, a.from_date::text as "from", a.to_date::text as "to", g.code, g.name,
      round(extract(epoch from upper(a.busy) - a.ends_at) / 60)::int as buffer
    from team_assignments a join guides g on g.id = a.guide_id
    where a.team_id = ${teamId} and a.status = 'active'
    order by a.id`)) as unknown as {
    rows: { id: number; from: string; to: string; code: string; name: string; buffer: number }[];
  };
  if (res.rows.length === 0) return;
  const team = await readRuleTeam(tx, teamId);
  for (const row of res.rows) {
    const period = assignmentPeriod(team, row.from, row.to, row.buffer);
    try {
      await tx
        .update(teamAssignments)
        .set({ startsAt: period.startsAt, endsAt: period.endsAt, busy: period.busy })
        .where(and(eq(teamAssignments.id, row.id), eq(teamAssignments.status, 'active')));
    } catch (err) {
      if (databaseErrorInfo(err)?.code !== SQLSTATE.exclusionViolation) throw err;
      throw new AppError('CONFLICT', {
        detail: bi(
          `改动后导游 ${row.name}（${row.code}）在本团的时间与其另一团重叠，未做任何更改`,
          `With this change guide ${row.name} (${row.code}) would overlap another of their teams; nothing was changed`,
        ),
      });
    }
  }
}
