// The team lifecycle on the server (issue #13 point 3): every status change goes through
// `moveTeam`, which checks the transition table of the contract (shared/src/contracts/team.ts),
// checks the calendar of the move (a team starts on or after its first day and completes on or
// after its last, by the operation's local date: `teamCalendarBreach`, issue 25 defect 5),
// writes the status history and the audit row in the caller's transaction. Manual moves, the
// assignment path (pending ↔ allocated) and the start/finish job all use it.
import { and, eq, sql } from 'drizzle-orm';
import {
  canTransition,
  TEAM_CALENDAR_RULES,
  TEAM_ENUM_LABELS,
  teamCalendarBreach,
  type TeamCalendarBreach,
  type TeamStatus,
} from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import type { Emit } from '../../events/bus';
import { recordAudit } from '../audit/writer';
import { teams, teamStatusHistory } from './schema';

/** A refused move, naming both states in the caller's language. */
export function illegalTransition(from: TeamStatus, to: TeamStatus): AppError {
  const label = TEAM_ENUM_LABELS.status;
  return new AppError('ILLEGAL_TRANSITION', {
    detail: {
      'zh-CN': `团队状态不能从“${label[from]['zh-CN']}”变为“${label[to]['zh-CN']}”`,
      'en-US': `A team cannot go from ${label[from]['en-US']} to ${label[to]['en-US']}`,
    },
    data: { from, to },
  });
}

/** A move asked for before its day (409, the rule's own code), naming the day and today. */
export function tooEarly(from: TeamStatus, to: TeamStatus, breach: TeamCalendarBreach): AppError {
  return new AppError(breach.rule, {
    params: breach.facts,
    data: { from, to, rule: breach.rule, day: breach.day, today: breach.today },
  });
}

export interface TeamMove {
  teamId: number;
  from: TeamStatus;
  to: TeamStatus;
  /** The user who asked; null for the system (the start/finish job). */
  actorId: number | null;
  reason?: string;
  /** When the move happens: its local date is checked against the team's period. */
  at: Date;
  /** Checked against the row when given (a person's stale page → 409 STALE_VERSION). */
  version?: number;
  /** The transaction's live-event emitter (events/bus.ts): open consoles hear of the move. */
  emit?: Emit;
}

/**
 * Moves the team from `from` to `to` when the table allows it, its day has come (at `at`) and
 * the row is still in `from` (and at `version` when given); otherwise throws
 * ILLEGAL_TRANSITION / TEAM_STARTS_LATER / TEAM_ENDS_LATER / STALE_VERSION and changes
 * nothing. Returns the new version.
 */
export async function moveTeam(tx: DbOrTx, move: TeamMove): Promise<number> {
  if (!canTransition(move.from, move.to)) throw illegalTransition(move.from, move.to);
  if (Object.hasOwn(TEAM_CALENDAR_RULES, move.to)) {
    const [period] = await tx
      .select({ startDate: teams.startDate, endDate: teams.endDate })
      .from(teams)
      .where(eq(teams.id, move.teamId));
    if (!period) throw new AppError('NOT_FOUND');
    const breach = teamCalendarBreach(period, move.to, move.at);
    if (breach) throw tooEarly(move.from, move.to, breach);
  }
  const reason = move.reason ?? '';
  const conditions = [eq(teams.id, move.teamId), eq(teams.status, move.from)];
  if (move.version !== undefined) conditions.push(eq(teams.version, move.version));
  const [row] = await tx
    .update(teams)
    .set({
      status: move.to,
      statusReason: reason,
      statusChangedAt: move.at,
      updatedAt: move.at,
      ...(move.actorId !== null ? { updatedBy: move.actorId } : {}),
      version: sql`${teams.version} + 1`,
    })
    .where(and(...conditions))
    .returning({ version: teams.version });
  if (!row) {
    const [current] = await tx
      .select({ status: teams.status, version: teams.version })
      .from(teams)
      .where(eq(teams.id, move.teamId));
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status !== move.from) throw illegalTransition(current.status, move.to);
    throw new AppError('STALE_VERSION');
  }
  await tx.insert(teamStatusHistory).values({
    teamId: move.teamId,
    fromStatus: move.from,
    toStatus: move.to,
    actorId: move.actorId,
    reason,
    at: move.at,
  });
  move.emit?.({ type: 'team.status.changed', teamId: move.teamId });
  await recordAudit(tx, {
    entityType: 'team',
    entityId: move.teamId,
    action: `team.status.${move.to}`,
    // Outside a request (the job) the row records the system as the actor.
    diff: { status: { before: move.from, after: move.to } },
  });
  return row.version;
}
