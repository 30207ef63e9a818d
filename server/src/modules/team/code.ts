// Team codes (issue #13 point 2): `team.codePattern` (default `T{yyyyMMdd}{seq:3}`) filled with
// the creation day and that day's next sequence number. The counter row of the day is upserted
// in the creating transaction, so concurrent creates take turns on it and never share a number;
// a pattern without the day (or a code typed elsewhere) may still meet a taken code, which is
// skipped.
import { eq, sql } from 'drizzle-orm';
import { teamCodeFrom } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { teamCodeCounters, teams } from './schema';

/** The next sequence number of `day`, counted in `team_code_counters`. */
export async function nextSequence(tx: DbOrTx, day: string): Promise<number> {
  const [row] = await tx
    .insert(teamCodeCounters)
    .values({ day, last: 1 })
    .onConflictDoUpdate({
      target: teamCodeCounters.day,
      set: { last: sql`${teamCodeCounters.last} + 1` },
    })
    .returning({ last: teamCodeCounters.last });
  return row.last;
}

/** A code from `pattern` for a team created on `day` that no team holds yet. */
export async function nextTeamCode(tx: DbOrTx, pattern: string, day: string): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const code = teamCodeFrom(pattern, day, await nextSequence(tx, day));
    const [taken] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.code, code))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error(`No free team code for pattern ${pattern} on ${day}`);
}
