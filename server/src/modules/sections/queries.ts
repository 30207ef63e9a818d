// All SQL of section versions.
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/types';
import { sectionEnvironments, sectionPinHistory, sectionPins, sectionVersions } from './schema';

export type EnvironmentRow = typeof sectionEnvironments.$inferSelect;
export type VersionRow = typeof sectionVersions.$inferSelect;
export type HistoryRow = typeof sectionPinHistory.$inferSelect;

export async function ensureEnvironments(
  db: DbOrTx,
  rows: { name: string; builtIn: boolean; description: string }[],
) {
  if (rows.length === 0) return;
  await db.insert(sectionEnvironments).values(rows).onConflictDoNothing();
}

export const listEnvironments = (db: DbOrTx) =>
  db.select().from(sectionEnvironments).orderBy(asc(sectionEnvironments.id));

export async function findEnvironment(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(sectionEnvironments)
    .where(eq(sectionEnvironments.name, name));
  return row ?? null;
}

export async function insertEnvironment(
  db: DbOrTx,
  row: { name: string; description: string; createdBy: number | null },
) {
  const [created] = await db
    .insert(sectionEnvironments)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

export async function findVersion(db: DbOrTx, section: string, version: string) {
  const [row] = await db
    .select()
    .from(sectionVersions)
    .where(and(eq(sectionVersions.section, section), eq(sectionVersions.version, version)));
  return row ?? null;
}

export async function insertVersion(db: DbOrTx, row: typeof sectionVersions.$inferInsert) {
  const [created] = await db.insert(sectionVersions).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function listVersions(
  db: DbOrTx,
  filter: { section?: string; version?: string },
  page: { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.section) conditions.push(eq(sectionVersions.section, filter.section));
  if (filter.version) conditions.push(eq(sectionVersions.version, filter.version));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(sectionVersions)
      .where(where)
      .orderBy(desc(sectionVersions.publishedAt), desc(sectionVersions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(sectionVersions).where(where),
  ]);
  return { rows, total: n };
}

const canaryVersions = alias(sectionVersions, 'canary_versions');

const pinColumns = {
  id: sectionPins.id,
  environmentId: sectionPins.environmentId,
  environment: sectionEnvironments.name,
  section: sectionPins.section,
  version: sectionVersions.version,
  pages: sectionVersions.pages,
  sectionVersionId: sectionPins.sectionVersionId,
  pinnedAt: sectionPins.updatedAt,
  pinnedBy: sectionPins.pinnedBy,
  rowVersion: sectionPins.version,
  canaryVersionId: sectionPins.canaryVersionId,
  canaryVersion: canaryVersions.version,
  canaryPages: canaryVersions.pages,
  canaryShare: sectionPins.canaryShare,
  canarySince: sectionPins.canarySince,
  canaryBy: sectionPins.canaryBy,
};

/** Current pins, optionally of one environment (and one section). */
export function listPins(db: DbOrTx, filter: { environmentId?: number; section?: string } = {}) {
  const conditions: SQL[] = [];
  if (filter.environmentId !== undefined)
    conditions.push(eq(sectionPins.environmentId, filter.environmentId));
  if (filter.section !== undefined) conditions.push(eq(sectionPins.section, filter.section));
  return db
    .select(pinColumns)
    .from(sectionPins)
    .innerJoin(sectionEnvironments, eq(sectionEnvironments.id, sectionPins.environmentId))
    .innerJoin(sectionVersions, eq(sectionVersions.id, sectionPins.sectionVersionId))
    .leftJoin(canaryVersions, eq(canaryVersions.id, sectionPins.canaryVersionId))
    .where(conditions.length ? and(...conditions) : undefined);
}
export type PinRow = Awaited<ReturnType<typeof listPins>>[number];

export async function insertPin(
  db: DbOrTx,
  row: { environmentId: number; section: string; sectionVersionId: number; actor: Actor },
) {
  const [created] = await db
    .insert(sectionPins)
    .values({
      environmentId: row.environmentId,
      section: row.section,
      sectionVersionId: row.sectionVersionId,
      pinnedBy: row.actor.name,
      createdBy: row.actor.id,
    })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

/**
 * Moves a pin only if nobody moved it since it was read (optimistic lock on `version`). A new
 * pinned version ends any canary.
 */
export async function updatePin(
  db: DbOrTx,
  id: number,
  rowVersion: number,
  sectionVersionId: number,
  actor: Actor,
) {
  const [updated] = await db
    .update(sectionPins)
    .set({
      sectionVersionId,
      pinnedBy: actor.name,
      updatedAt: new Date(),
      version: rowVersion + 1,
      ...NO_CANARY,
    })
    .where(and(eq(sectionPins.id, id), eq(sectionPins.version, rowVersion)))
    .returning();
  return updated ?? null;
}

const NO_CANARY = { canaryVersionId: null, canaryShare: null, canarySince: null, canaryBy: null };

/** Sets (or clears, with null) a pin's canary, on the row version it was read at. */
export async function updateCanary(
  db: DbOrTx,
  id: number,
  rowVersion: number,
  canary: { sectionVersionId: number; share: number; since: Date; by: string } | null,
) {
  const [updated] = await db
    .update(sectionPins)
    .set({
      ...(canary
        ? {
            canaryVersionId: canary.sectionVersionId,
            canaryShare: canary.share,
            canarySince: canary.since,
            canaryBy: canary.by,
          }
        : NO_CANARY),
      version: rowVersion + 1,
    })
    .where(and(eq(sectionPins.id, id), eq(sectionPins.version, rowVersion)))
    .returning();
  return updated ?? null;
}

export interface Actor {
  id: number | null;
  name: string;
}

export async function insertHistory(db: DbOrTx, row: typeof sectionPinHistory.$inferInsert) {
  await db.insert(sectionPinHistory).values(row);
}

/** The whole history of pins (oldest first), optionally of one environment and section. */
export function historyInOrder(
  db: DbOrTx,
  filter: { environmentId?: number; section?: string } = {},
) {
  const conditions: SQL[] = [];
  if (filter.environmentId !== undefined)
    conditions.push(eq(sectionPinHistory.environmentId, filter.environmentId));
  if (filter.section !== undefined) conditions.push(eq(sectionPinHistory.section, filter.section));
  return db
    .select()
    .from(sectionPinHistory)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(sectionPinHistory.id));
}

export async function pageHistory(
  db: DbOrTx,
  filter: { environmentId?: number; section?: string },
  page: { offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.environmentId !== undefined)
    conditions.push(eq(sectionPinHistory.environmentId, filter.environmentId));
  if (filter.section !== undefined) conditions.push(eq(sectionPinHistory.section, filter.section));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ row: sectionPinHistory, environment: sectionEnvironments.name })
      .from(sectionPinHistory)
      .innerJoin(sectionEnvironments, eq(sectionEnvironments.id, sectionPinHistory.environmentId))
      .where(where)
      .orderBy(desc(sectionPinHistory.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(sectionPinHistory).where(where),
  ]);
  return { rows, total: n };
}
