// SQL of itinerary templates and the guide's work order (issue 29 items 2, 3). Spots are read
// joined to the itinerary the way `itineraryOf` (queries.ts) reads them.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TeamTemplateItem, TeamTemplateListQuery } from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { escapeLike } from '../../db/like';
import { users } from '../auth/schema';
import { guides } from '../guide/schema';
import { scenicSpots } from '../scenic/schema';
import { teamAssignments, teamItineraryItems, teams, teamTemplates } from './schema';

export type TemplateRow = typeof teamTemplates.$inferSelect & {
  sourceTeamCode: string | null;
  createdByName: string | null;
};

const templateColumns = {
  id: teamTemplates.id,
  name: teamTemplates.name,
  days: teamTemplates.days,
  items: teamTemplates.items,
  sourceTeamId: teamTemplates.sourceTeamId,
  createdAt: teamTemplates.createdAt,
  updatedAt: teamTemplates.updatedAt,
  createdBy: teamTemplates.createdBy,
  version: teamTemplates.version,
  sourceTeamCode: teams.code,
  createdByName: sql<
    string | null
  >`nullif(coalesce(nullif(${users.name}, ''), ${users.username}), '')`,
};

/** Name or a planned spot's name contains the keyword. */
function keywordCondition(keyword: string | undefined) {
  if (!keyword) return undefined;
  const pattern = `%${escapeLike(keyword)}%`;
  return sql`(${teamTemplates.name} like ${pattern} or exists (
    select 1 from jsonb_array_elements(${teamTemplates.items}) as e(item)
    join scenic_spots s on s.id = (e.item->>'spotId')::int
    where s.name like ${pattern}))`;
}

/** A page of templates, newest first, with the total. */
export async function listTemplates(db: DbOrTx, query: TeamTemplateListQuery) {
  const rows = await db
    .select({ ...templateColumns, total: sql<number>`(count(*) over ())::int` })
    .from(teamTemplates)
    .leftJoin(teams, eq(teams.id, teamTemplates.sourceTeamId))
    .leftJoin(users, eq(users.id, teamTemplates.createdBy))
    .where(keywordCondition(query.keyword))
    .orderBy(desc(teamTemplates.createdAt), desc(teamTemplates.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  if (rows.length > 0 || query.current === 1) return { rows, total: rows[0]?.total ?? 0 };
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(teamTemplates)
    .where(keywordCondition(query.keyword));
  return { rows, total };
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select(templateColumns)
    .from(teamTemplates)
    .leftJoin(teams, eq(teams.id, teamTemplates.sourceTeamId))
    .leftJoin(users, eq(users.id, teamTemplates.createdBy))
    .where(eq(teamTemplates.id, id));
  return row;
}

export async function insertTemplate(
  db: DbOrTx,
  values: {
    name: string;
    days: number;
    items: TeamTemplateItem[];
    sourceTeamId: number;
    createdBy: number | null;
    createdAt: Date;
  },
) {
  const [row] = await db
    .insert(teamTemplates)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: teamTemplates.id });
  return row;
}

/** Deletes the template when its version is `version`; false when stale or gone. */
export async function deleteTemplateVersioned(db: DbOrTx, id: number, version: number) {
  const gone = await db
    .delete(teamTemplates)
    .where(and(eq(teamTemplates.id, id), eq(teamTemplates.version, version)))
    .returning({ id: teamTemplates.id });
  return gone.length > 0;
}

/** Code and name of spots by id (a template's items name them). */
export function spotNames(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: scenicSpots.id, code: scenicSpots.code, name: scenicSpots.name })
    .from(scenicSpots)
    .where(inArray(scenicSpots.id, ids));
}

/** The itinerary with each spot's place and opening hours (the work order). */
export function itineraryWithPlaces(db: DbOrTx, teamId: number) {
  return db
    .select({
      date: teamItineraryItems.date,
      seq: teamItineraryItems.seq,
      plannedStart: teamItineraryItems.plannedStart,
      plannedEnd: teamItineraryItems.plannedEnd,
      notes: teamItineraryItems.notes,
      spot: {
        id: scenicSpots.id,
        code: scenicSpots.code,
        name: scenicSpots.name,
        province: scenicSpots.province,
        city: scenicSpots.city,
        address: scenicSpots.address,
        openTime: scenicSpots.openTime,
        closeTime: scenicSpots.closeTime,
      },
    })
    .from(teamItineraryItems)
    .innerJoin(scenicSpots, eq(scenicSpots.id, teamItineraryItems.spotId))
    .where(eq(teamItineraryItems.teamId, teamId))
    .orderBy(asc(teamItineraryItems.date), asc(teamItineraryItems.seq));
}

/** The team's active guides with their phones (the work order's guide and the others). */
export function activeGuidesWithPhones(db: DbOrTx, teamId: number) {
  return db
    .select({
      id: guides.id,
      code: guides.code,
      name: guides.name,
      phone: guides.phone,
      role: teamAssignments.role,
      from: teamAssignments.fromDate,
      to: teamAssignments.toDate,
    })
    .from(teamAssignments)
    .innerJoin(guides, eq(guides.id, teamAssignments.guideId))
    .where(and(eq(teamAssignments.teamId, teamId), eq(teamAssignments.status, 'active')))
    .orderBy(asc(teamAssignments.fromDate), asc(teamAssignments.id));
}
