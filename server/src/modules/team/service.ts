// The team core (issue #13 points 2, 3, 5, 10, 11): create and edit teams, save itineraries
// within capacity, manual lifecycle moves, lists, export, the detail and its operation log, and
// the work of the start/finish and pending-todo jobs. Assignments and feedback are
// assignments*.ts / feedback*.ts; every status change goes through `moveTeam` (lifecycle.ts).
// No HTTP here.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  addDays,
  auditSentence,
  isoToday,
  MANUAL_TRANSITIONS,
  periodDates,
  SPREADSHEET_LIMITS,
  TEAM_EDITABLE_STATUSES,
  TEAM_ENUM_LABELS,
  TEAM_LIMITS,
  TEAM_FIELD_KEYS,
  TEAM_FIELD_SPECS,
  pickFields,
  teamDetail,
  teamListItem,
  type TeamField,
  type Widget,
  type AuditSubject,
  type CapacityWarning,
  type Clock,
  type ItinerarySaveBody,
  type Locale,
  type Page,
  type ScenicPlannedTeam,
  type SpotDayCapacity,
  type Team,
  type TeamCreateBody,
  type TeamFilter,
  type TeamListItem,
  type TeamListQuery,
  type TeamLogEntry,
  type TeamStatus,
  type TeamTransitionBody,
  type TeamUpdateBody,
} from '@console/shared';
import type { Emit, EventBus } from '../../events/bus';
import type { Db, DbOrTx } from '../../db/types';
import { fieldsOf } from '../../db/row-shape';
import { AppError } from '../../lib/app-error';
import { rebookTeam } from './rebook';
import { diffRecords } from '../audit/diff';
import { auditLog } from '../audit/schema';
import { recordAudit } from '../audit/writer';
import type { PropertiesService } from '../properties/service';
import type { ScenicServices } from '../scenic/scenic-services';
import type { SystemConfigService } from '../system-config/service';
import { checkCapacity, lockSpotDays, spotDayCapacity, type CapacityDeps } from './capacity';
import { nextTeamCode } from './code';
import { illegalTransition, moveTeam } from './lifecycle';
import * as q from './queries';
import { teamAssignments } from './schema';

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const statusLabel = (s: TeamStatus) => TEAM_ENUM_LABELS.status[s];

export const teamNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('团队不存在', 'No such team') });

/** The record as the audit diff sees it (no bookkeeping, no derived lists). */
type Snapshot = Record<string, unknown>;

/** Teams planning a spot from today on: the scenic module's port (services.ts). */
export const plannedTeamsSource =
  (clock: Clock) =>
  (db: DbOrTx, spotId: number): Promise<ScenicPlannedTeam[]> =>
    q.plannedTeamsAt(db, spotId, isoToday(clock.now()));

export class TeamService {
  private readonly capacityDeps: CapacityDeps;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: SystemConfigService,
    /** Dictionaries (agency, market, language) and spots are other modules': their services. */
    private readonly properties: PropertiesService,
    private readonly scenic: Pick<ScenicServices, 'spots' | 'windows'>,
    /** Live events: status moves reach open consoles after commit. */
    private readonly events: EventBus,
  ) {
    this.capacityDeps = { scenic };
  }

  private today() {
    return isoToday(this.clock.now());
  }

  /** Name and code per id (as text), for audit sentences. */
  async auditSubjects(ids: number[]): Promise<Map<string, AuditSubject>> {
    const rows = ids.length ? await q.teamSubjects(this.db, ids) : [];
    return new Map(rows.map((r) => [String(r.id), { name: r.name, code: r.code }]));
  }

  // --- reads ------------------------------------------------------------------------------

  async list(query: TeamListQuery): Promise<Page<TeamListItem>> {
    const { rows, total } = await q.listTeams(this.db, query);
    return { list: rows.map((r) => fieldsOf(teamListItem, r)), total };
  }

  /** The teams matching the list's filters, as export rows (labels resolved by the sheet). */
  async exportRows(filter: TeamFilter) {
    const rows = await q.allTeamsMatching(
      this.db,
      { ...filter, current: 1, pageSize: 1 },
      SPREADSHEET_LIMITS.maxRows,
    );
    return rows.map((r) => ({
      code: r.code,
      status: r.status,
      ...editableFields(r),
      pax: r.pax,
      guides: r.guides.map((g) => g.name),
    }));
  }

  async get(id: number, db: DbOrTx = this.db): Promise<Team> {
    const row = await q.findTeam(db, id);
    if (!row) throw teamNotFound();
    return this.assemble(db, row);
  }

  private async assemble(db: DbOrTx, row: q.TeamRow): Promise<Team> {
    const [itinerary, assignments, feedback, history, createdBy, updatedBy] = [
      await q.itineraryOf(db, row.id),
      await q.assignmentsOf(db, row.id),
      await q.feedbackOf(db, row.id),
      await q.historyOf(db, row.id),
      await q.userName(db, row.createdBy),
      await q.userName(db, row.updatedBy),
    ];
    return {
      ...fieldsOf(teamDetail, row, [
        'guides',
        'itinerary',
        'assignments',
        'feedback',
        'history',
        'createdBy',
        'updatedBy',
      ]),
      guides: assignments
        .filter((a) => a.status === 'active')
        .map((a) => ({ id: a.guideId, name: a.guideName, role: a.role })),
      itinerary,
      assignments,
      feedback: feedback.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
      history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
      createdBy,
      updatedBy,
    };
  }

  /** What is left at a spot on a day (the itinerary step, when a spot is picked). */
  async capacity(spotId: number, date: string, excludeTeamId?: number): Promise<SpotDayCapacity> {
    return spotDayCapacity(this.db, this.capacityDeps, spotId, date, excludeTeamId);
  }

  /** The team's audit rows, newest first, as sentences in `locale`. */
  async operationLog(id: number, current: number, pageSize: number, locale: Locale) {
    const team = await q.findTeam(this.db, id);
    if (!team) throw teamNotFound();
    const where = and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(id)));
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          username: auditLog.username,
          action: auditLog.action,
          result: auditLog.result,
          diff: auditLog.diff,
        })
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset((current - 1) * pageSize),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    const subject = { name: team.name, code: team.code };
    const list: TeamLogEntry[] = rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      sentence: auditSentence({ action: r.action, result: r.result, subject }, locale),
    }));
    return { list, total };
  }

  // --- writes -----------------------------------------------------------------------------

  /** `capacity.warningPercent`; config is read outside transactions (PGlite: one connection). */
  private warningPercent() {
    return this.config.get('capacity.warningPercent');
  }

  async create(body: TeamCreateBody, userId: number | null): Promise<Team> {
    const pattern = await this.config.get('team.codePattern');
    return this.db.transaction(async (tx) => {
      await this.checkDictionaries(tx, body);
      const now = this.clock.now();
      const code = await nextTeamCode(tx, pattern, isoToday(now));
      const row = await q.insertTeam(tx, {
        ...editableFields(body),
        code,
        status: 'draft',
        statusChangedAt: now,
        createdBy: userId,
        updatedBy: userId,
        createdAt: now,
        updatedAt: now,
      });
      await q.insertHistory(tx, {
        teamId: row.id,
        fromStatus: null,
        toStatus: 'draft',
        actorId: userId,
        at: now,
      });
      const created = await this.assemble(tx, row);
      await recordAudit(tx, {
        entityType: 'team',
        entityId: row.id,
        diff: diffRecords(null, snapshot(created)),
      });
      return created;
    });
  }

  /**
   * PUT: the body holds every editable field (the contract requires them). Only what differs
   * from the record is written; a body equal to it writes nothing, not even a new version, so
   * an edit form saved untouched leaves the team as it was (issue 25).
   */
  async update(id: number, body: TeamUpdateBody, userId: number | null): Promise<Team> {
    const warningPercent = await this.warningPercent();
    return this.db.transaction(async (tx) => {
      const current = await this.lockForEdit(tx, id, body.version);
      const changed = changedEditableFields(current, body);
      if (changed.size === 0) return this.assemble(tx, current);
      // A value kept as it was stays valid even if its dictionary item was disabled since.
      await this.checkDictionaries(tx, body, changed);
      const datesChanged = body.startDate !== current.startDate || body.endDate !== current.endDate;
      if (datesChanged && (await q.activeAssignmentCount(tx, id)) > 0)
        throw new AppError('TEAM_HAS_GUIDES');
      const before = await this.assemble(tx, current);
      // A new start moves the itinerary with it (day n stays day n); days past the new end go.
      let items = before.itinerary.map((i) => ({ ...i }));
      if (datesChanged) {
        const shift = dayDiff(current.startDate, body.startDate);
        items = items
          .map((i) => ({ ...i, date: addDays(i.date, shift) }))
          .filter((i) => i.date >= body.startDate && i.date <= body.endDate);
        if (current.status !== 'draft') assertComplete(body.startDate, body.endDate, items);
      }
      const pax = body.paxAdults + body.paxChildren + body.paxSeniors;
      if (datesChanged || pax !== current.pax) {
        // Capacity again with the new pax and days; only going over it refuses an edit.
        await lockSpotDays(tx, items);
        await checkCapacity(
          tx,
          this.capacityDeps,
          { id, pax },
          items,
          new Map(items.map((i) => [i.spotId, i.spotName])),
          warningPercent,
          true,
        );
      }
      const now = this.clock.now();
      const row = await q.updateTeamVersioned(tx, id, body.version, {
        ...editableFields(body),
        updatedBy: userId,
        updatedAt: now,
      });
      if (!row) throw new AppError('STALE_VERSION');
      if (datesChanged) await q.replaceItinerary(tx, id, itineraryRows(id, items));
      // A new pickup time moves the first day's start of every booking.
      if (body.pickupTime !== current.pickupTime) await rebookTeam(tx, id);
      const after = await this.assemble(tx, row);
      await recordAudit(tx, {
        entityType: 'team',
        entityId: id,
        diff: diffRecords(snapshot(before), snapshot(after)),
      });
      return after;
    });
  }

  async saveItinerary(
    id: number,
    body: ItinerarySaveBody,
    userId: number | null,
  ): Promise<{ team: Team; warnings: CapacityWarning[] }> {
    const warningPercent = await this.warningPercent();
    return this.db.transaction(async (tx) => {
      const current = await this.lockForEdit(tx, id, body.version);
      const fields = body.items
        .map((item, i) =>
          item.date < current.startDate || item.date > current.endDate
            ? { path: `items.${i}.date`, message: 'dayOutsidePeriod' }
            : null,
        )
        .filter((f): f is { path: string; message: string } => f !== null);
      const spots = await this.scenic.spots.spotRefsByIds(
        [...new Set(body.items.map((i) => i.spotId))],
        tx,
      );
      const known = new Map(spots.map((s) => [s.id, s.name]));
      body.items.forEach((item, i) => {
        if (!known.has(item.spotId))
          fields.push({ path: `items.${i}.spotId`, message: 'unknownDictionaryValue' });
      });
      if (fields.length)
        throw new AppError('VALIDATION_FAILED', {
          fields,
          detail: bi(
            '行程中有日期不在团期内或景点不存在',
            'A day is outside the period or a spot does not exist',
          ),
        });
      // Saved untouched: nothing to write, not even a new version (issue 25).
      const before = await q.itineraryOf(tx, id);
      const rows = itineraryRows(id, body.items);
      if (sameItinerary(before, rows))
        return { team: await this.assemble(tx, current), warnings: [] };
      // A team past draft keeps a complete itinerary (it went to pending with one).
      if (current.status !== 'draft')
        assertComplete(current.startDate, current.endDate, body.items);
      await lockSpotDays(tx, body.items);
      const warnings = await checkCapacity(
        tx,
        this.capacityDeps,
        { id, pax: current.pax },
        body.items,
        known,
        warningPercent,
        body.confirmCapacityWarning,
      );
      const now = this.clock.now();
      const row = await q.updateTeamVersioned(tx, id, body.version, {
        updatedBy: userId,
        updatedAt: now,
      });
      if (!row) throw new AppError('STALE_VERSION');
      await q.replaceItinerary(tx, id, rows);
      // The bookings follow the new times (refused if a guide's teams would then overlap).
      await rebookTeam(tx, id);
      const team = await this.assemble(tx, row);
      await recordAudit(tx, {
        entityType: 'team',
        entityId: id,
        action: 'team.itinerary',
        diff: diffRecords(
          { itinerary: before.map(itinerarySummary) },
          { itinerary: team.itinerary.map(itinerarySummary) },
        ),
      });
      return { team, warnings };
    });
  }

  /** A move a person asks for (MANUAL_TRANSITIONS); the others follow from assignments. */
  async transition(id: number, body: TeamTransitionBody, userId: number | null): Promise<Team> {
    return this.events.transaction(this.db, async (tx, emit) => {
      const current = await q.lockTeam(tx, id);
      if (!current) throw teamNotFound();
      await assertVersion(tx, current, body.version);
      const from = current.status;
      if (!MANUAL_TRANSITIONS[from].includes(body.to)) throw illegalTransition(from, body.to);
      const now = this.clock.now();
      if (body.to === 'pending') {
        const items = await q.itineraryOf(tx, id);
        assertComplete(current.startDate, current.endDate, items);
      }
      if (body.to === 'cancelled') {
        // The team's guides are free again; their bookings stay in its history as cancelled.
        await tx
          .update(teamAssignments)
          .set({
            status: 'cancelled',
            endedBy: userId,
            endedAt: now,
            endReason: body.reason.slice(0, TEAM_LIMITS.reasonMax),
            version: sql`${teamAssignments.version} + 1`,
          })
          .where(and(eq(teamAssignments.teamId, id), eq(teamAssignments.status, 'active')));
      }
      await moveTeam(tx, {
        teamId: id,
        from,
        to: body.to,
        actorId: userId,
        reason: body.reason,
        at: now,
        version: body.version,
        emit,
      });
      return this.get(id, tx);
    });
  }

  // --- jobs -------------------------------------------------------------------------------

  /**
   * allocated → ongoing once the start day has begun, ongoing → completed once the end day is
   * over (local days), as the system (actor null), in the job's transaction.
   */
  async startAndFinish(tx: DbOrTx, now: Date, emit?: Emit) {
    const today = isoToday(now);
    const toStart = await q.teamsDue(tx, 'allocated', 'startBy', today);
    for (const t of toStart)
      await moveTeam(tx, {
        teamId: t.id,
        from: 'allocated',
        to: 'ongoing',
        actorId: null,
        at: now,
        emit,
      });
    const toFinish = await q.teamsDue(tx, 'ongoing', 'endedBefore', today);
    for (const t of toFinish)
      await moveTeam(tx, {
        teamId: t.id,
        from: 'ongoing',
        to: 'completed',
        actorId: null,
        at: now,
        emit,
      });
    return { started: toStart.map((t) => t.code), completed: toFinish.map((t) => t.code) };
  }

  /** Pending teams whose start falls within the next 48 hours (the todo job). */
  pendingStartingSoon(tx: DbOrTx, now: Date) {
    const today = isoToday(now);
    const until = isoToday(new Date(now.getTime() + TEAM_LIMITS.urgentHours * 3_600_000));
    return q.pendingStartingBetween(tx, today, until);
  }

  // --- helpers ----------------------------------------------------------------------------

  /** Locks the team, checks its version and that it may still be edited. */
  private async lockForEdit(tx: DbOrTx, id: number, version: number) {
    const current = await q.lockTeam(tx, id);
    if (!current) throw teamNotFound();
    await assertVersion(tx, current, version);
    if (!TEAM_EDITABLE_STATUSES.includes(current.status)) {
      const label = statusLabel(current.status);
      throw new AppError('TEAM_NOT_EDITABLE', {
        detail: bi(
          `团队状态为“${label['zh-CN']}”，不能再修改`,
          `The team is ${label['en-US'].toLowerCase()} and can no longer be changed`,
        ),
        data: { status: current.status },
      });
    }
    return current;
  }

  /** Agency, market and language (those in `only`, else all) must be enabled dictionary items. */
  private async checkDictionaries(db: DbOrTx, body: EditableFields, only?: ReadonlySet<string>) {
    const fields: { path: string; message: string }[] = [];
    for (const [path, category] of DICTIONARY_FIELDS) {
      if (only && !only.has(path)) continue;
      const enabled = await this.properties.enabledValues(category, db);
      if (!enabled.has(String(body[path])))
        fields.push({ path, message: 'unknownDictionaryValue' });
    }
    if (fields.length)
      throw new AppError('VALIDATION_FAILED', {
        fields,
        detail: bi(
          '组团社、客源市场或语种不在字典中',
          'The agency, market or language is not in its dictionary',
        ),
      });
  }
}

/** STALE_VERSION naming who changed the team last (data.updatedBy) when the version is old. */
async function assertVersion(db: DbOrTx, row: q.TeamRow, version: number) {
  if (row.version === version) return;
  throw new AppError('STALE_VERSION', {
    data: {
      updatedBy: await q.userName(db, row.updatedBy),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    },
  });
}

/** Every day of the period has at least one item, else 409 ITINERARY_INCOMPLETE naming them. */
function assertComplete(start: string, end: string, items: { date: string }[]) {
  const planned = new Set(items.map((i) => i.date));
  const empty = periodDates(start, end).filter((d) => !planned.has(d));
  if (empty.length === 0) return;
  const shown = empty.slice(0, 10).join(', ') + (empty.length > 10 ? ' …' : '');
  throw new AppError('ITINERARY_INCOMPLETE', {
    params: { days: shown },
    data: { days: empty },
  });
}

const dayDiff = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Rows of an itinerary in the given order: sequence numbers restart each day. */
export function itineraryRows(
  teamId: number,
  items: {
    date: string;
    spotId: number;
    plannedStart: string;
    plannedEnd: string;
    notes: string;
  }[],
): q.ItineraryInsert[] {
  const seq = new Map<string, number>();
  return items.map((i) => {
    const n = (seq.get(i.date) ?? 0) + 1;
    seq.set(i.date, n);
    return {
      teamId,
      date: i.date,
      seq: n,
      spotId: i.spotId,
      plannedStart: i.plannedStart,
      plannedEnd: i.plannedEnd,
      notes: i.notes,
    };
  });
}

const itinerarySummary = (i: {
  date: string;
  spotId: number;
  plannedStart: string;
  plannedEnd: string;
}) => `${i.date} ${i.plannedStart}-${i.plannedEnd} #${i.spotId}`;

/** The fields a person edits: the contract's field specs, each a column of the same name. */
type EditableFields = Pick<TeamCreateBody, TeamField>;

/** The dictionary-backed fields and their categories, from their specs' widgets. */
const DICTIONARY_FIELDS = TEAM_FIELD_KEYS.flatMap((key) => {
  const widget: Widget = TEAM_FIELD_SPECS[key].widget;
  return widget.kind === 'dictionary' ? [[key, widget.category] as const] : [];
});

/** Columns a create or update writes from the body: the write list is the specs' keys. */
export function editableFields(body: EditableFields): EditableFields {
  return pickFields(body, TEAM_FIELD_KEYS);
}

/** The editable fields whose value in `body` differs from the stored `row`. */
function changedEditableFields(row: EditableFields, body: EditableFields): Set<string> {
  return new Set(TEAM_FIELD_KEYS.filter((k) => row[k] !== body[k]));
}

/** Whether `rows` (in the body's order) are the stored itinerary `items`, place by place. */
function sameItinerary(items: q.ItineraryPlace[], rows: q.ItineraryInsert[]): boolean {
  if (items.length !== rows.length) return false;
  const stored = new Map(items.map((i) => [`${i.date}#${i.seq}`, i]));
  return rows.every((r) => {
    const i = stored.get(`${r.date}#${r.seq}`);
    return (
      i !== undefined &&
      i.spotId === r.spotId &&
      i.plannedStart === r.plannedStart &&
      i.plannedEnd === r.plannedEnd &&
      i.notes === r.notes
    );
  });
}

/** What the audit diff compares: the editable fields, status and the itinerary in brief. */
export function snapshot(t: Team): Snapshot {
  return {
    code: t.code,
    ...editableFields(t),
    status: t.status,
    itinerary: t.itinerary.map(itinerarySummary),
  };
}
