// Guides on teams (issue #13 points 6–9): the guide check, manual assignment under every hard
// rule, replace and remove with history kept, feedback after the tour, and the todos when an
// assigned guide stops being available. Every write is one transaction with its audit row
// (entity 'team'); the team's status follows through `moveTeam` (pending ↔ allocated). No HTTP.
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  ERRORS,
  formatMessage,
  guideCapacity,
  isoToday,
  paxUncovered,
  periodDays,
  systemMessage,
  TEAM_ASSIGNABLE_STATUSES,
  TEAM_ENUM_LABELS,
  TEAM_REPLACEABLE_STATUSES,
  type AssignmentCreateBody,
  type AssignmentReplaceBody,
  type AssignmentResult,
  type AssignmentRole,
  type Clock,
  type FeedbackBody,
  type FeedbackResult,
  type GuideCheckItem,
  type GuideCheckQuery,
  type Page,
  type TeamAssignment,
  type TeamStatus,
} from '@console/shared';
import type { Db, DbOrTx, Tx } from '../../db/types';
import type { Emit, EventBus } from '../../events/bus';
import { databaseErrorInfo, SQLSTATE } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/writer';
import type { AuthService } from '../auth/service';
import { guides } from '../guide/schema';
import type { GuideAbsence } from '../guide/ports';
import type { MessageService } from '../messages/service';
import type { SystemConfigService } from '../system-config/service';
import {
  checkGuides,
  firstBreach,
  ruleConfigOf,
  type RuleConfig,
  type RuleTeam,
} from './assignment-rules';
import { moveTeam } from './lifecycle';
import { assignmentPeriod } from './period';
import * as q from './queries';
import { teamAssignments, teamFeedback, teamItineraryItems, teams } from './schema';

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** Team states whose assigned guides a status change or leave concerns. */
const UPCOMING: readonly TeamStatus[] = ['pending', 'allocated', 'ongoing'];

/**
 * The team as the rules and the assignment path read it (this module's own small reader over
 * the tables; the team detail is the core service's). `lock` takes the row for update, so
 * assignment writes on one team take turns with each other and with edits of the team.
 */
export async function readRuleTeam(db: DbOrTx, id: number, lock = false): Promise<RuleTeam> {
  const base = db
    .select({
      id: teams.id,
      code: teams.code,
      status: teams.status,
      startDate: teams.startDate,
      endDate: teams.endDate,
      pax: teams.pax,
      language: teams.language,
      vip: teams.vip,
      pickupTime: teams.pickupTime,
      version: teams.version,
    })
    .from(teams)
    .where(eq(teams.id, id));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw teamNotFound();
  const items = await db
    .select({
      date: teamItineraryItems.date,
      plannedStart: teamItineraryItems.plannedStart,
      plannedEnd: teamItineraryItems.plannedEnd,
    })
    .from(teamItineraryItems)
    .where(eq(teamItineraryItems.teamId, id));
  return { ...row, items };
}

const teamNotFound = () => new AppError('NOT_FOUND', { detail: bi('团队不存在', 'No such team') });
const guideNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('导游不存在', 'No such guide') });
const assignmentNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('分配记录不存在', 'No such assignment') });

function notAssignable(status: TeamStatus) {
  const label = TEAM_ENUM_LABELS.status[status];
  return new AppError('TEAM_NOT_EDITABLE', {
    params: { status: label['zh-CN'] },
    detail: bi(
      `团队状态为“${label['zh-CN']}”，不能调整导游`,
      `The team is ${label['en-US']}; its guides cannot be changed`,
    ),
    data: { status },
  });
}

function feedbackBeforeCompletion(status: TeamStatus) {
  const label = TEAM_ENUM_LABELS.status[status];
  const msg = ERRORS.FEEDBACK_BEFORE_COMPLETION.msg;
  return new AppError('FEEDBACK_BEFORE_COMPLETION', {
    detail: {
      'zh-CN': formatMessage(msg['zh-CN'], { status: label['zh-CN'] }),
      'en-US': formatMessage(msg['en-US'], { status: label['en-US'].toLowerCase() }),
    },
    data: { status },
  });
}

function outsidePeriod(team: RuleTeam) {
  return new AppError('ASSIGNMENT_OUTSIDE_PERIOD', {
    params: { start: team.startDate, end: team.endDate },
    fields: [{ path: 'from', message: 'dayOutsidePeriod' }],
  });
}

type AssignmentRow = typeof teamAssignments.$inferSelect;

export class AssignmentService {
  constructor(
    private readonly db: Db,
    private readonly config: SystemConfigService,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly auth: AuthService,
    private readonly messages: MessageService,
  ) {}

  private today() {
    return isoToday(this.clock.now());
  }

  private async ruleConfig() {
    return ruleConfigOf(await this.config.all());
  }

  /** Every guide against the team's hard rules, a page at a time, eligible first. */
  async guideCheck(teamId: number, query: GuideCheckQuery): Promise<Page<GuideCheckItem>> {
    const team = await readRuleTeam(this.db, teamId);
    const from = query.from ?? team.startDate;
    const to = query.to ?? team.endDate;
    if (from < team.startDate || to > team.endDate || to < from) throw outsidePeriod(team);
    const pax = await paxToCover(this.db, team, { from, to });
    return checkGuides(this.db, team, { from, to, pax }, await this.ruleConfig(), {
      keyword: query.keyword || undefined,
      guideIds: query.guideId ? [query.guideId] : undefined,
      eligibleOnly: query.eligibleOnly === 'true',
      limit: query.pageSize,
      offset: (query.current - 1) * query.pageSize,
    });
  }

  /** POST /api/teams/:id/assignments: a guide on the team for [from, to], every rule kept. */
  async assign(
    teamId: number,
    body: AssignmentCreateBody,
    userId: number | null,
  ): Promise<AssignmentResult> {
    // Read before the transaction: a read on another pooled connection while holding one
    // could exhaust the pool when many bookings wait on each other.
    const config = await this.ruleConfig();
    return this.events.transaction(this.db, (tx, emit) =>
      this.assignIn(tx, emit, teamId, body, userId, config),
    );
  }

  /**
   * The manual assignment inside a caller's transaction (the allocation plan's commit makes
   * each of its bookings through here): every hard rule, the exclusion constraint, the audit
   * row, the team's status move and its live events. `chosen` records the plan's score.
   */
  async assignIn(
    tx: Tx,
    emit: Emit,
    teamId: number,
    body: AssignmentCreateBody,
    userId: number | null,
    config: RuleConfig,
    chosen?: { score: number; reasons: unknown[] },
  ): Promise<AssignmentResult> {
    const team = await readRuleTeam(tx, teamId, true);
    if (!TEAM_ASSIGNABLE_STATUSES.includes(team.status)) throw notAssignable(team.status);
    if (body.from < team.startDate || body.to > team.endDate) throw outsidePeriod(team);
    const booking = { guideId: body.guideId, role: body.role, from: body.from, to: body.to };
    const row = await this.book(tx, team, booking, config, userId, chosen);
    await recordAudit(tx, {
      entityType: 'team',
      entityId: teamId,
      action: 'team.assignment.create',
      diff: { assignment: { before: null, after: await summary(tx, row) } },
    });
    return this.settle(tx, team, row.id, userId, emit);
  }

  /** Another guide takes over an active assignment; the old row stays, `replaced`. */
  async replace(
    teamId: number,
    assignmentId: number,
    body: AssignmentReplaceBody,
    userId: number | null,
  ): Promise<AssignmentResult> {
    const config = await this.ruleConfig();
    return this.events.transaction(this.db, async (tx, emit) => {
      const team = await readRuleTeam(tx, teamId, true);
      if (!TEAM_REPLACEABLE_STATUSES.includes(team.status)) throw notAssignable(team.status);
      const old = await this.end(
        tx,
        teamId,
        assignmentId,
        body.version,
        'replaced',
        body.reason,
        userId,
      );
      // On a tour under way the stand-in takes over from today; the days gone stay the old
      // guide's.
      const from =
        team.status === 'ongoing' && this.today() > old.fromDate ? this.today() : old.fromDate;
      if (from > old.toDate) throw outsidePeriod(team);
      const booking = { guideId: body.guideId, role: old.role, from, to: old.toDate };
      const row = await this.book(tx, team, booking, config, userId);
      await recordAudit(tx, {
        entityType: 'team',
        entityId: teamId,
        action: 'team.assignment.replace',
        diff: {
          assignment: { before: await summary(tx, old), after: await summary(tx, row) },
        },
      });
      return this.settle(tx, team, row.id, userId, emit);
    });
  }

  /** Takes a guide off the team; the row stays, `cancelled`. */
  async remove(
    teamId: number,
    assignmentId: number,
    query: { version: number; reason?: string },
    userId: number | null,
  ): Promise<AssignmentResult> {
    return this.events.transaction(this.db, async (tx, emit) => {
      const team = await readRuleTeam(tx, teamId, true);
      if (!TEAM_ASSIGNABLE_STATUSES.includes(team.status)) throw notAssignable(team.status);
      const old = await this.end(
        tx,
        teamId,
        assignmentId,
        query.version,
        'cancelled',
        query.reason ?? '',
        userId,
      );
      await recordAudit(tx, {
        entityType: 'team',
        entityId: teamId,
        action: 'team.assignment.remove',
        diff: { assignment: { before: await summary(tx, old), after: null } },
      });
      return this.settle(tx, team, old.id, userId, emit);
    });
  }

  /** PUT /api/teams/:id/feedback: one score and comment per guide of a completed team. */
  async feedback(
    teamId: number,
    body: FeedbackBody,
    userId: number | null,
  ): Promise<FeedbackResult> {
    return this.db.transaction(async (tx) => {
      const team = await readRuleTeam(tx, teamId, true);
      const [worked] = await tx
        .select({ id: teamAssignments.id })
        .from(teamAssignments)
        .where(
          and(
            eq(teamAssignments.teamId, teamId),
            eq(teamAssignments.guideId, body.guideId),
            sql`${teamAssignments.status} in ('active', 'replaced')`,
          ),
        )
        .limit(1);
      // Feedback follows completion (product.md, "Allocation rules", last paragraph), and a
      // team completes on or after its last day (lifecycle.ts).
      if (team.status !== 'completed') throw feedbackBeforeCompletion(team.status);
      if (!worked) throw new AppError('FEEDBACK_NOT_ALLOWED', { data: { status: team.status } });
      const [before] = await tx
        .select({ score: teamFeedback.score, comment: teamFeedback.comment })
        .from(teamFeedback)
        .where(and(eq(teamFeedback.teamId, teamId), eq(teamFeedback.guideId, body.guideId)));
      const now = this.clock.now();
      const [row] = await tx
        .insert(teamFeedback)
        .values({
          teamId,
          guideId: body.guideId,
          score: body.score,
          comment: body.comment,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [teamFeedback.teamId, teamFeedback.guideId],
          set: {
            score: body.score,
            comment: body.comment,
            updatedAt: now,
            version: sql`${teamFeedback.version} + 1`,
          },
        })
        .returning();
      await recordAudit(tx, {
        entityType: 'team',
        entityId: teamId,
        action: 'team.feedback',
        diff: {
          [`feedback.${body.guideId}`]: {
            before: before ?? null,
            after: { score: row.score, comment: row.comment },
          },
        },
      });
      const version = await this.touch(tx, teamId, userId);
      // As the team detail reads it (its own query), so both name the author alike.
      const given = (await q.feedbackOf(tx, teamId)).find((f) => f.guideId === body.guideId)!;
      return {
        teamId,
        status: team.status,
        version,
        feedback: { ...given, createdAt: given.createdAt.toISOString() },
      };
    });
  }

  /**
   * The guide module's absence hook: a todo for every holder of `team:allocate` per active
   * assignment the absence overlaps, on teams not yet finished. The assignment stays; the
   * dispatchers replace or keep it. Deduplicated per assignment and cause.
   */
  async onGuideAbsence(tx: Tx, absence: GuideAbsence): Promise<number[]> {
    if (absence.cause.kind === 'status' && absence.cause.status === 'active') return [];
    const conditions = [
      eq(teamAssignments.guideId, absence.guideId),
      eq(teamAssignments.status, 'active'),
      sql`${teamAssignments.toDate} >= ${absence.from}::date`,
      sql`${teams.status} in (${sql.join(
        UPCOMING.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    ];
    if (absence.to) conditions.push(sql`${teamAssignments.fromDate} <= ${absence.to}::date`);
    const hit = await tx
      .select({
        id: teamAssignments.id,
        teamCode: teams.code,
        from: teamAssignments.fromDate,
        to: teamAssignments.toDate,
        guide: guides.name,
        code: guides.code,
      })
      .from(teamAssignments)
      .innerJoin(teams, eq(teams.id, teamAssignments.teamId))
      .innerJoin(guides, eq(guides.id, teamAssignments.guideId))
      .where(and(...conditions));
    if (hit.length === 0) return [];
    const recipients = await this.auth.usersWithPermission(tx, 'team:allocate');
    if (recipients.length === 0) return [];
    const now = this.clock.now();
    const { cause } = absence;
    const rows = hit.flatMap((a) => {
      const base = { team: a.teamCode, from: a.from, to: a.to, guide: a.guide, code: a.code };
      const message =
        cause.kind === 'status' && cause.status !== 'active'
          ? systemMessage(`team.guideStatus.${cause.status}`, base)
          : systemMessage('team.guideLeaveAdded', {
              ...base,
              leaveFrom: absence.from,
              leaveTo: absence.to ?? absence.from,
            });
      const dedupeKey =
        cause.kind === 'status'
          ? `team-guide-status:${a.id}:${cause.status}:${cause.at.toISOString()}`
          : `team-guide-leave:${a.id}:${cause.periodId}`;
      return recipients.map((userId) => ({
        userId,
        type: 'todo',
        ...message,
        messageType: 0,
        time: now,
        dedupeKey,
      }));
    });
    const created = await this.messages.sendOnce(tx, rows);
    return created > 0 ? recipients : [];
  }

  // --- inside the write transactions ---------------------------------------------------

  /** Checks every hard rule for the guide and inserts the booking (the constraint decides). */
  private async book(
    tx: Tx,
    team: RuleTeam,
    {
      guideId,
      role,
      from,
      to,
    }: { guideId: number; role: AssignmentRole; from: string; to: string },
    config: RuleConfig,
    userId: number | null,
    chosen?: { score: number; reasons: unknown[] },
  ): Promise<AssignmentRow> {
    // Shared: assignments of one guide run side by side (the exclusion constraint orders
    // them); a status change or new leave of the guide (which updates the row) waits.
    const [guide] = await tx
      .select({ id: guides.id })
      .from(guides)
      .where(eq(guides.id, guideId))
      .for('share');
    if (!guide) throw guideNotFound();
    // A local guide leads what the team's other local guides leave on those days (the
    // coverage rule: alone, or a share of a large group); any other role the whole team.
    const pax = role === 'local_guide' ? await paxToCover(tx, team, { from, to }) : team.pax;
    const window = { from, to, pax };
    const { breach } = await firstBreach(tx, team, window, config, guideId);
    if (breach) throw new AppError(breach.rule, { detail: breach.message, data: breach });
    const period = assignmentPeriod(team, from, to, config.bufferMinutes);
    try {
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(teamAssignments)
          .values({
            teamId: team.id,
            guideId,
            role,
            fromDate: from,
            toDate: to,
            startsAt: period.startsAt,
            endsAt: period.endsAt,
            busy: period.busy,
            assignedBy: userId,
            assignedAt: this.clock.now(),
            ...(chosen ? { score: chosen.score, reasons: chosen.reasons } : {}),
          })
          .returning();
        return row;
      });
    } catch (err) {
      if (databaseErrorInfo(err)?.code !== SQLSTATE.exclusionViolation) throw err;
      // A concurrent booking of the guide committed first: name it (now visible).
      const again = await firstBreach(tx, team, window, config, guideId);
      const busy = again.guide?.breaches.find((b) => b.rule === 'GUIDE_BUSY');
      throw busy
        ? new AppError('GUIDE_BUSY', { detail: busy.message, data: busy })
        : new AppError('GUIDE_BUSY', {
            detail: bi('导游在该时段已被分配', 'The guide is already booked in that period'),
          });
    }
  }

  /** Ends an active assignment (replaced / cancelled) at its version; the row is kept. */
  private async end(
    tx: Tx,
    teamId: number,
    assignmentId: number,
    version: number,
    status: 'replaced' | 'cancelled',
    reason: string,
    userId: number | null,
  ): Promise<AssignmentRow> {
    const [row] = await tx
      .update(teamAssignments)
      .set({
        status,
        endedBy: userId,
        endedAt: this.clock.now(),
        endReason: reason,
        version: sql`${teamAssignments.version} + 1`,
      })
      .where(
        and(
          eq(teamAssignments.id, assignmentId),
          eq(teamAssignments.teamId, teamId),
          eq(teamAssignments.status, 'active'),
          eq(teamAssignments.version, version),
        ),
      )
      .returning();
    if (row) return row;
    const [current] = await tx
      .select({ status: teamAssignments.status })
      .from(teamAssignments)
      .where(and(eq(teamAssignments.id, assignmentId), eq(teamAssignments.teamId, teamId)));
    if (!current) throw assignmentNotFound();
    if (current.status !== 'active')
      throw new AppError('CONFLICT', {
        detail: bi('该分配已结束', 'That assignment has already ended'),
        data: { status: current.status },
      });
    throw new AppError('STALE_VERSION');
  }

  /**
   * After an assignment change: the team's version moves on (its detail changed), and its
   * status follows its local guides — pending → allocated once they cover every day,
   * allocated → pending when they no longer do.
   */
  private async settle(
    tx: Tx,
    team: RuleTeam,
    assignmentId: number,
    userId: number | null,
    emit: Emit,
  ): Promise<AssignmentResult> {
    let version = await this.touch(tx, team.id, userId);
    let status = team.status;
    if (team.status === 'pending' || team.status === 'allocated') {
      const runs = await localGuideRuns(tx, [team.id]);
      const whole = uncoveredDays(team, runs.get(team.id) ?? []).length === 0;
      const to: TeamStatus | null =
        team.status === 'pending' && whole
          ? 'allocated'
          : team.status === 'allocated' && !whole
            ? 'pending'
            : null;
      if (to) {
        version = await moveTeam(tx, {
          teamId: team.id,
          from: team.status,
          to,
          actorId: userId,
          at: this.clock.now(),
          emit,
        });
        status = to;
      }
    }
    const assignment = await loadAssignment(tx, assignmentId);
    emit({
      type: assignment.status === 'active' ? 'team.assignment.made' : 'team.assignment.removed',
      teamId: team.id,
      guideId: assignment.guideId,
    });
    return { teamId: team.id, status, version, assignment };
  }

  /** The team's detail changed: its version moves on, so a stale edit of it is refused. */
  private async touch(tx: Tx, teamId: number, userId: number | null): Promise<number> {
    const [row] = await tx
      .update(teams)
      .set({
        version: sql`${teams.version} + 1`,
        updatedAt: this.clock.now(),
        ...(userId !== null ? { updatedBy: userId } : {}),
      })
      .where(eq(teams.id, teamId))
      .returning({ version: teams.version });
    return row.version;
  }
}

/** A run of calendar days, both ends included. */
export interface DayRun {
  from: string;
  to: string;
}

/** A local guide's run of days on a team and the pax he can lead there (guideCapacity). */
export interface CoverRun extends DayRun {
  capacity: number;
}

/** The team as coverage reads it. */
interface CoverTeam {
  startDate: string;
  endDate: string;
  pax: number;
}

/** The team's days to plan or book: a run of days not covered yet, and the pax left on them. */
export interface UncoveredRun extends DayRun {
  /** Pax no local guide holds yet on the run's worst day (the whole pax on a bare team). */
  pax: number;
}

/**
 * The first run of a team's days its local guides do not cover (paxUncovered > 0): what is left
 * to cover (a guide fell ill after the first days, a second guide takes the last ones, a large
 * group needs more guides). The whole period when every day or no day is covered.
 */
export function firstUncoveredRun(team: CoverTeam, covered: readonly CoverRun[]): UncoveredRun {
  const open = uncoveredDays(team, covered);
  if (open.length === 0 || open.length === periodDays(team.startDate, team.endDate)) {
    const whole = { from: team.startDate, to: team.endDate };
    return { ...whole, pax: open.length ? paxLeft(team, covered, whole) : 0 };
  }
  let to = open[0].day;
  for (const { day } of open.slice(1)) {
    if (day !== addDays(to, 1)) break;
    to = day;
  }
  const run = { from: open[0].day, to };
  return { ...run, pax: paxLeft(team, covered, run) };
}

/** The most pax left uncovered on a day of `run`. */
function paxLeft(team: CoverTeam, covered: readonly CoverRun[], run: DayRun): number {
  let left = 0;
  for (const { day, pax } of uncoveredDays(team, covered))
    if (day >= run.from && day <= run.to && pax > left) left = pax;
  return left;
}

/** The days of a team's period its local guides' capacities do not cover, in order. */
function uncoveredDays(
  team: CoverTeam,
  covered: readonly CoverRun[],
): { day: string; pax: number }[] {
  const open: { day: string; pax: number }[] = [];
  for (let day = team.startDate; day <= team.endDate; day = addDays(day, 1)) {
    const pax = paxUncovered(
      team.pax,
      covered.filter((c) => day >= c.from && day <= c.to).map((c) => c.capacity),
    );
    if (pax > 0) open.push({ day, pax });
  }
  return open;
}

/**
 * The runs of days the active local guides of `teamIds` hold, per team, each with the guide's
 * capacity over its days (his maximum group size, or the lowest max pax per guide of the
 * team's spots on those days when lower: guideCapacity).
 */
async function localGuideRuns(db: DbOrTx, teamIds: number[]): Promise<Map<number, CoverRun[]>> {
  const runs = new Map<number, CoverRun[]>();
  if (teamIds.length === 0) return runs;
  const result = (await db.execute(sql`
    select a.team_id, a.from_date::text as from_date, a.to_date::text as to_date,
      g.max_group_size,
      (select min(sp.max_pax_per_guide) from team_itinerary_items i
        join scenic_spots sp on sp.id = i.spot_id
        where i.team_id = a.team_id and i.date between a.from_date and a.to_date) as spot_max
    from team_assignments a join guides g on g.id = a.guide_id
    where a.team_id in (${sql.join(
      teamIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and a.status = 'active' and a.role = 'local_guide'`)) as unknown as {
    rows: {
      team_id: number;
      from_date: string;
      to_date: string;
      max_group_size: number;
      spot_max: number | null;
    }[];
  };
  for (const r of result.rows) {
    const list = runs.get(r.team_id) ?? [];
    list.push({
      from: r.from_date,
      to: r.to_date,
      capacity: guideCapacity(r.max_group_size, r.spot_max === null ? null : Number(r.spot_max)),
    });
    runs.set(r.team_id, list);
  }
  return runs;
}

/** The team's first run of days its local guides do not cover (firstUncoveredRun). */
export async function uncoveredRun(
  db: DbOrTx,
  team: CoverTeam & { id: number },
): Promise<UncoveredRun> {
  const runs = await localGuideRuns(db, [team.id]);
  return firstUncoveredRun(team, runs.get(team.id) ?? []);
}

/**
 * The pax no local guide holds yet on the days [from, to] of the team (the worst day): what a
 * guide booked there must lead, alone or as a share of a large group.
 */
export async function paxToCover(
  db: DbOrTx,
  team: CoverTeam & { id: number },
  window: DayRun,
): Promise<number> {
  const runs = await localGuideRuns(db, [team.id]);
  return paxLeft(team, runs.get(team.id) ?? [], window);
}

/** uncoveredRun of many teams in one statement (a batch plan's teams). */
export async function uncoveredRuns(
  db: DbOrTx,
  teams: readonly (CoverTeam & { id: number })[],
): Promise<Map<number, UncoveredRun>> {
  const runs = await localGuideRuns(
    db,
    teams.map((t) => t.id),
  );
  return new Map(teams.map((t) => [t.id, firstUncoveredRun(t, runs.get(t.id) ?? [])]));
}

/** One assignment as the team detail shows it (the detail's own read, queries.ts). */
export async function loadAssignment(db: DbOrTx, id: number): Promise<TeamAssignment> {
  const assignment = await q.assignmentById(db, id);
  if (!assignment) throw assignmentNotFound();
  return assignment;
}

/** What the audit row records of an assignment. */
async function summary(db: DbOrTx, row: AssignmentRow) {
  const [g] = await db
    .select({ name: guides.name, code: guides.code })
    .from(guides)
    .where(eq(guides.id, row.guideId));
  return {
    id: row.id,
    guide: g ? `${g.name} (${g.code})` : String(row.guideId),
    role: row.role,
    from: row.fromDate,
    to: row.toDate,
  };
}
