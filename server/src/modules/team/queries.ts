// All SQL of the team core (records, lists, itinerary, detail, the job's selections). The
// assignment rules and writes live in assignments*.ts; this file reads assignments only for
// the detail, the list and the answer to an assignment write.
import {
  aliasedTable,
  and,
  getTableColumns,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  like,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  TEAM_LIMITS,
  TEAM_VIEWS,
  teamListItem,
  type ScenicPlannedTeam,
  type TeamAssignment,
  type TeamListQuery,
  type TeamStatus,
} from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { listShape, preparedByShape } from '../../db/prepared';
import { escapeLike } from '../../db/like';
import { columnsFor } from '../../db/row-shape';
import { users } from '../auth/schema';
import { guides } from '../guide/schema';
import { scenicSpots } from '../scenic/schema';
import {
  teamAssignments,
  teamFeedback,
  teamItineraryItems,
  teams,
  teamStatusHistory,
} from './schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamInsert = typeof teams.$inferInsert;
export type ItineraryInsert = typeof teamItineraryItems.$inferInsert;

const SORT_COLUMNS = {
  code: teams.code,
  name: teams.name,
  startDate: teams.startDate,
  endDate: teams.endDate,
  pax: teams.pax,
  status: teams.status,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
} as const;

type ListValues = ReturnType<typeof listValues>;
const ph = (name: keyof ListValues) => sql.placeholder(name);

/** The filters' conditions; values are placeholders except the view's statuses (in the shape). */
function listConditions(q: TeamListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.view) conds.push(inArray(teams.status, [...TEAM_VIEWS[q.view]]));
  if (q.status) conds.push(eq(teams.status, ph('status')));
  if (q.code) conds.push(like(teams.code, ph('codePrefix')));
  if (q.keyword)
    conds.push(
      or(
        like(teams.name, ph('keywordContains')),
        like(teams.code, ph('keywordUpperPrefix')),
        like(teams.agencyRef, ph('keywordPrefix')),
      ),
    );
  if (q.agency) conds.push(eq(teams.agency, ph('agency')));
  if (q.market) conds.push(eq(teams.market, ph('market')));
  if (q.language) conds.push(eq(teams.language, ph('language')));
  if (q.vip) conds.push(eq(teams.vip, ph('vip')));
  // The team's period overlaps [from, to]. A period lasts at most TEAM_LIMITS.periodMaxDays, so
  // a team ending on or after `from` starts no earlier than that many days before it: the
  // bound lets the (…, start_date) indexes read a range instead of every earlier team.
  if (q.from)
    conds.push(
      gte(teams.endDate, ph('from')),
      gte(teams.startDate, sql`(${ph('from')}::date - ${TEAM_LIMITS.periodMaxDays - 1}::int)`),
    );
  if (q.to) conds.push(lte(teams.startDate, ph('to')));
  return conds.length ? and(...conds) : undefined;
}

function listValues(q: TeamListQuery) {
  const kw = escapeLike(q.keyword ?? '');
  return {
    status: q.status ?? null,
    codePrefix: `${escapeLike((q.code ?? '').toUpperCase())}%`,
    keywordContains: `%${kw}%`,
    keywordPrefix: `${kw}%`,
    keywordUpperPrefix: `${kw.toUpperCase()}%`,
    agency: q.agency ?? null,
    market: q.market ?? null,
    language: q.language ?? null,
    vip: q.vip === undefined ? null : q.vip === 'true',
    from: q.from ?? null,
    to: q.to ?? null,
    limit: q.pageSize,
    offset: (q.current - 1) * q.pageSize,
  };
}

/** The view's statuses change the query's text, so the view is part of the shape. */
const shapeOf = (q: TeamListQuery) => `${listShape(q)}|${q.view ?? ''}`;

/** The list's columns: those the contract's list item names (one definition per field). */
const LIST_COLUMNS = columnsFor(teams, teamListItem, ['guides']);

export interface ListGuide {
  id: number;
  name: string;
  role: 'local_guide' | 'narrator' | 'assistant';
}
export interface TeamListRow extends Pick<TeamRow, keyof typeof LIST_COLUMNS> {
  guides: ListGuide[];
  total: number;
}

/** Active guides of the row's team, qualified by hand (Drizzle renders select lists unqualified). */
const activeGuides = sql<ListGuide[]>`coalesce((select json_agg(json_build_object(
    'id', g.id, 'name', g.name, 'role', a.role) order by a.role, a.from_date, a.id)
  from ${teamAssignments} a join ${guides} g on g.id = a.guide_id
  where a.team_id = "teams"."id" and a.status = 'active'), '[]'::json)`;

function orderOf(q: TeamListQuery) {
  const direction = q.sortOrder === 'ascend' ? asc : q.sortOrder === 'descend' ? desc : undefined;
  if (q.sortField)
    return [(direction ?? asc)(SORT_COLUMNS[q.sortField]), (direction ?? asc)(teams.id)];
  // Default: the nearest start first, as the waiting and ongoing pages read.
  return [desc(teams.startDate), desc(teams.id)];
}

const listQuery = preparedByShape<TeamListRow[]>('team_list');
const countQuery = preparedByShape<{ total: number }[]>('team_count');
const exportQuery = preparedByShape<(TeamRow & { guides: ListGuide[] })[]>('team_export');

/** One page with each team's active guides and the total (window count) in one statement. */
export async function listTeams(db: DbOrTx, q: TeamListQuery) {
  const shape = shapeOf(q);
  const values = listValues(q);
  const rows = await listQuery(db, shape, (db, name) =>
    db
      .select({
        ...LIST_COLUMNS,
        guides: activeGuides,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(teams)
      .where(listConditions(q))
      .orderBy(...orderOf(q))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  ).execute(values);
  if (rows.length > 0) return { rows, total: rows[0].total };
  if (values.offset === 0) return { rows, total: 0 };
  const [{ total }] = await countQuery(db, shape, (db, name) =>
    db.select({ total: count() }).from(teams).where(listConditions(q)).prepare(name),
  ).execute(values);
  return { rows, total };
}

/** Every team matching the filters (export), in list order, capped. */
export function allTeamsMatching(db: DbOrTx, q: TeamListQuery, cap: number) {
  return exportQuery(db, shapeOf(q), (db, name) =>
    db
      .select({ ...getTableColumns(teams), guides: activeGuides })
      .from(teams)
      .where(listConditions(q))
      .orderBy(...orderOf(q))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ ...listValues(q), limit: cap });
}

// --- one team ----------------------------------------------------------------------------

export async function findTeam(db: DbOrTx, id: number) {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  return row;
}

/** Locks the team row for the rest of the transaction (serialises writes to one team). */
export async function lockTeam(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(teams).where(eq(teams.id, id)).limit(1).for('update');
  return row;
}

export async function insertTeam(db: DbOrTx, values: TeamInsert) {
  const [row] = await db.insert(teams).values(values).returning();
  return row;
}

/** Writes only when the stored version is `version`; undefined when stale or missing. */
export async function updateTeamVersioned(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<TeamInsert>,
) {
  const [row] = await db
    .update(teams)
    .set({ ...values, version: sql`${teams.version} + 1` })
    .where(and(eq(teams.id, id), eq(teams.version, version)))
    .returning();
  return row;
}

export async function userName(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [row] = await db
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row ? row.name || row.username : null;
}

export function itineraryOf(db: DbOrTx, teamId: number) {
  return db
    .select({
      id: teamItineraryItems.id,
      date: teamItineraryItems.date,
      seq: teamItineraryItems.seq,
      spotId: teamItineraryItems.spotId,
      spotName: scenicSpots.name,
      spotCode: scenicSpots.code,
      plannedStart: teamItineraryItems.plannedStart,
      plannedEnd: teamItineraryItems.plannedEnd,
      notes: teamItineraryItems.notes,
    })
    .from(teamItineraryItems)
    .innerJoin(scenicSpots, eq(scenicSpots.id, teamItineraryItems.spotId))
    .where(eq(teamItineraryItems.teamId, teamId))
    .orderBy(asc(teamItineraryItems.date), asc(teamItineraryItems.seq));
}

/** An itinerary item's place (day, sequence) and what is planned there. */
export type ItineraryPlace = Pick<
  ItineraryInsert,
  'date' | 'seq' | 'spotId' | 'plannedStart' | 'plannedEnd' | 'notes'
>;

/**
 * Makes the team's itinerary `items`, place by place (day, sequence): an item at a place already
 * planned is updated there and keeps its id, places no longer planned go, new places are added.
 * So a change of one item changes that item only (issue 25, form round trip).
 */
export async function replaceItinerary(tx: DbOrTx, teamId: number, items: ItineraryInsert[]) {
  const stored = await tx
    .select({
      id: teamItineraryItems.id,
      date: teamItineraryItems.date,
      seq: teamItineraryItems.seq,
      spotId: teamItineraryItems.spotId,
      plannedStart: teamItineraryItems.plannedStart,
      plannedEnd: teamItineraryItems.plannedEnd,
      notes: teamItineraryItems.notes,
    })
    .from(teamItineraryItems)
    .where(eq(teamItineraryItems.teamId, teamId));
  const byPlace = new Map(stored.map((s) => [`${s.date}#${s.seq}`, s]));
  const kept = new Set<number>();
  const added: ItineraryInsert[] = [];
  for (const item of items) {
    const at = byPlace.get(`${item.date}#${item.seq}`);
    if (!at) {
      added.push(item);
      continue;
    }
    kept.add(at.id);
    const { spotId, plannedStart, plannedEnd, notes = '' } = item;
    if (
      at.spotId !== spotId ||
      at.plannedStart !== plannedStart ||
      at.plannedEnd !== plannedEnd ||
      at.notes !== notes
    )
      await tx
        .update(teamItineraryItems)
        .set({ spotId, plannedStart, plannedEnd, notes })
        .where(eq(teamItineraryItems.id, at.id));
  }
  const gone = stored.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(teamItineraryItems).where(inArray(teamItineraryItems.id, gone));
  if (added.length) await tx.insert(teamItineraryItems).values(added);
}

const assigner = aliasedTable(users, 'assigner');
const ender = aliasedTable(users, 'ender');

/**
 * Assignments as every reader shows them (the team detail, the answer to an assignment write):
 * guide name and code, who assigned / ended it by name (else username). One read, so the two
 * never drift (issue 25 defect 15).
 */
async function assignmentsWhere(db: DbOrTx, where: SQL): Promise<TeamAssignment[]> {
  const rows = await db
    .select({
      id: teamAssignments.id,
      guideId: teamAssignments.guideId,
      guideName: guides.name,
      guideCode: guides.code,
      role: teamAssignments.role,
      from: teamAssignments.fromDate,
      to: teamAssignments.toDate,
      status: teamAssignments.status,
      score: teamAssignments.score,
      assignedBy: sql<
        string | null
      >`nullif(coalesce(nullif(${assigner.name}, ''), ${assigner.username}), '')`,
      assignedAt: teamAssignments.assignedAt,
      endedBy: sql<
        string | null
      >`nullif(coalesce(nullif(${ender.name}, ''), ${ender.username}), '')`,
      endedAt: teamAssignments.endedAt,
      endReason: teamAssignments.endReason,
      version: teamAssignments.version,
    })
    .from(teamAssignments)
    .innerJoin(guides, eq(guides.id, teamAssignments.guideId))
    .leftJoin(assigner, eq(assigner.id, teamAssignments.assignedBy))
    .leftJoin(ender, eq(ender.id, teamAssignments.endedBy))
    .where(where)
    .orderBy(asc(teamAssignments.fromDate), asc(teamAssignments.id));
  return rows.map((a) => ({
    ...a,
    assignedAt: a.assignedAt.toISOString(),
    endedAt: a.endedAt ? a.endedAt.toISOString() : null,
  }));
}

/** The team's assignments (every status). */
export const assignmentsOf = (db: DbOrTx, teamId: number) =>
  assignmentsWhere(db, eq(teamAssignments.teamId, teamId));

/** One assignment, or undefined. */
export const assignmentById = async (db: DbOrTx, id: number) =>
  (await assignmentsWhere(db, eq(teamAssignments.id, id)))[0];

export function feedbackOf(db: DbOrTx, teamId: number) {
  return db
    .select({
      guideId: teamFeedback.guideId,
      guideName: guides.name,
      score: teamFeedback.score,
      comment: teamFeedback.comment,
      createdBy: sql<
        string | null
      >`nullif(coalesce(nullif(${users.name}, ''), ${users.username}), '')`,
      createdAt: teamFeedback.createdAt,
    })
    .from(teamFeedback)
    .innerJoin(guides, eq(guides.id, teamFeedback.guideId))
    .leftJoin(users, eq(users.id, teamFeedback.createdBy))
    .where(eq(teamFeedback.teamId, teamId))
    .orderBy(asc(teamFeedback.id));
}

export function historyOf(db: DbOrTx, teamId: number) {
  return db
    .select({
      from: teamStatusHistory.fromStatus,
      to: teamStatusHistory.toStatus,
      actor: sql<string | null>`nullif(coalesce(nullif(${users.name}, ''), ${users.username}), '')`,
      reason: teamStatusHistory.reason,
      at: teamStatusHistory.at,
    })
    .from(teamStatusHistory)
    .leftJoin(users, eq(users.id, teamStatusHistory.actorId))
    .where(eq(teamStatusHistory.teamId, teamId))
    .orderBy(asc(teamStatusHistory.at), asc(teamStatusHistory.id));
}

export async function insertHistory(db: DbOrTx, values: typeof teamStatusHistory.$inferInsert) {
  await db.insert(teamStatusHistory).values(values);
}

/** How many active assignments the team has (dates may not move under them). */
export async function activeAssignmentCount(db: DbOrTx, teamId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(teamAssignments)
    .where(and(eq(teamAssignments.teamId, teamId), eq(teamAssignments.status, 'active')));
  return n;
}

// --- other modules and the job ---------------------------------------------------------------

/** Non-cancelled teams visiting the spot from `today` on (the scenic detail; deletion guard). */
export function plannedTeamsAt(
  db: DbOrTx,
  spotId: number,
  today: string,
): Promise<ScenicPlannedTeam[]> {
  return db
    .selectDistinct({
      teamId: teams.id,
      code: teams.code,
      name: teams.name,
      day: teamItineraryItems.date,
      pax: teams.pax,
      status: teams.status,
    })
    .from(teamItineraryItems)
    .innerJoin(teams, eq(teams.id, teamItineraryItems.teamId))
    .where(
      and(
        eq(teamItineraryItems.spotId, spotId),
        gte(teamItineraryItems.date, today),
        ne(teams.status, 'cancelled'),
      ),
    )
    .orderBy(asc(teamItineraryItems.date), asc(teams.code))
    .limit(200);
}

/** Teams in `status` whose `field` date compares to `day` (the start/finish job). */
export function teamsDue(
  db: DbOrTx,
  status: TeamStatus,
  which: 'startBy' | 'endedBefore',
  day: string,
) {
  return db
    .select({ id: teams.id, code: teams.code })
    .from(teams)
    .where(
      and(
        eq(teams.status, status),
        which === 'startBy' ? lte(teams.startDate, day) : sql`${teams.endDate} < ${day}`,
      ),
    )
    .orderBy(asc(teams.id))
    .for('update', { skipLocked: true });
}

/** Pending teams starting within [from, to] (the 48-hour todo). */
export function pendingStartingBetween(db: DbOrTx, from: string, to: string) {
  return db
    .select({ id: teams.id, code: teams.code, name: teams.name, startDate: teams.startDate })
    .from(teams)
    .where(and(eq(teams.status, 'pending'), gte(teams.startDate, from), lte(teams.startDate, to)))
    .orderBy(asc(teams.startDate), asc(teams.id));
}

/** Names and codes of teams, for audit sentences. */
export const teamSubjects = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: teams.id, name: teams.name, code: teams.code })
    .from(teams)
    .where(inArray(teams.id, ids));
