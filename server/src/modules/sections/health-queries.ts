// All SQL of section-version health (issue 30): sessions served per version, browser reports.
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/types';
import type { SectionReportKind } from '@console/shared/contracts/sections';
import { sectionReports, sectionServed } from './schema';

// A served row's last serving is written at most this often, not on every page load.
const TOUCH_SERVED_SECONDS = 60;

export interface Served {
  sessionId: number;
  userId: number;
  environmentId: number;
  section: string;
  version: string;
}

/** Records which versions a session was given (one row per session × section × version). */
export async function recordServed(db: DbOrTx, rows: Served[], at: Date) {
  if (rows.length === 0) return;
  await db
    .insert(sectionServed)
    .values(rows.map((r) => ({ ...r, firstAt: at, lastAt: at })))
    .onConflictDoUpdate({
      target: [
        sectionServed.sessionId,
        sectionServed.environmentId,
        sectionServed.section,
        sectionServed.version,
      ],
      set: { lastAt: at },
      setWhere: sql`${sectionServed.lastAt} < ${at}::timestamptz - make_interval(secs => ${TOUCH_SERVED_SECONDS})`,
    });
}

/** The versions a session was given in an environment: `section/version` keys. */
export async function servedTo(db: DbOrTx, sessionId: number, environmentId: number) {
  const rows = await db
    .select({ section: sectionServed.section, version: sectionServed.version })
    .from(sectionServed)
    .where(
      and(eq(sectionServed.sessionId, sessionId), eq(sectionServed.environmentId, environmentId)),
    );
  return new Set(rows.map((r) => `${r.section}/${r.version}`));
}

/** A report keeps the session counted among the version's sessions of the window. */
export async function touchServed(db: DbOrTx, key: Omit<Served, 'userId'>, at: Date) {
  await db
    .update(sectionServed)
    .set({ lastAt: at })
    .where(
      and(
        eq(sectionServed.sessionId, key.sessionId),
        eq(sectionServed.environmentId, key.environmentId),
        eq(sectionServed.section, key.section),
        eq(sectionServed.version, key.version),
        lt(sectionServed.lastAt, at),
      ),
    );
}

export async function reportRowsOf(db: DbOrTx, sessionId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sectionReports)
    .where(eq(sectionReports.sessionId, sessionId));
  return n;
}

export interface ReportRow {
  sessionId: number;
  environmentId: number;
  section: string;
  version: string;
  kind: SectionReportKind;
  message: string;
  count: number;
}

const COUNT_MAX = 1_000_000_000;

/** Counts a report into its existing row; false when the session has no such row yet. */
export async function countIntoReport(db: DbOrTx, row: ReportRow, at: Date) {
  const updated = await db
    .update(sectionReports)
    .set({
      count: sql`least(${sectionReports.count} + ${row.count}, ${COUNT_MAX})`,
      lastAt: at,
    })
    .where(
      and(
        eq(sectionReports.sessionId, row.sessionId),
        eq(sectionReports.environmentId, row.environmentId),
        eq(sectionReports.section, row.section),
        eq(sectionReports.version, row.version),
        eq(sectionReports.kind, row.kind),
        eq(sectionReports.message, row.message),
      ),
    )
    .returning({ id: sectionReports.id });
  return updated.length > 0;
}

export async function insertReport(db: DbOrTx, row: ReportRow, at: Date) {
  await db
    .insert(sectionReports)
    .values({ ...row, firstAt: at, lastAt: at })
    .onConflictDoUpdate({
      target: [
        sectionReports.sessionId,
        sectionReports.environmentId,
        sectionReports.section,
        sectionReports.version,
        sectionReports.kind,
        sectionReports.message,
      ],
      set: {
        count: sql`least(${sectionReports.count} + ${row.count}, ${COUNT_MAX})`,
        lastAt: at,
      },
    });
}

export interface VersionFigures {
  section: string;
  version: string;
  sessions: number;
  sessionsWithError: number;
}

/** Sessions served and sessions with an error per version since `since` (one section or all). */
export async function versionFigures(
  db: DbOrTx,
  environmentId: number,
  since: Date,
  section?: string,
): Promise<VersionFigures[]> {
  const servedWhere = and(
    eq(sectionServed.environmentId, environmentId),
    gte(sectionServed.lastAt, since),
    section === undefined ? undefined : eq(sectionServed.section, section),
  );
  const reportWhere = and(
    eq(sectionReports.environmentId, environmentId),
    gte(sectionReports.lastAt, since),
    section === undefined ? undefined : eq(sectionReports.section, section),
  );
  const [served, failing] = await Promise.all([
    db
      .select({ section: sectionServed.section, version: sectionServed.version, n: count() })
      .from(sectionServed)
      .where(servedWhere)
      .groupBy(sectionServed.section, sectionServed.version),
    db
      .select({
        section: sectionReports.section,
        version: sectionReports.version,
        n: sql<number>`count(distinct ${sectionReports.sessionId})::int`,
      })
      .from(sectionReports)
      .where(reportWhere)
      .groupBy(sectionReports.section, sectionReports.version),
  ]);
  return served.map((s) => ({
    section: s.section,
    version: s.version,
    sessions: s.n,
    sessionsWithError:
      failing.find((f) => f.section === s.section && f.version === s.version)?.n ?? 0,
  }));
}

/** The `limit` most frequent errors of each version since `since`. */
export async function topErrors(db: DbOrTx, environmentId: number, since: Date, limit: number) {
  const grouped = db
    .select({
      section: sectionReports.section,
      version: sectionReports.version,
      kind: sectionReports.kind,
      message: sectionReports.message,
      count: sql<number>`sum(${sectionReports.count})::int`.as('total'),
      sessions: sql<number>`count(distinct ${sectionReports.sessionId})::int`.as('sessions'),
      rank: sql<number>`row_number() over (partition by ${sectionReports.section}, ${sectionReports.version} order by sum(${sectionReports.count}) desc, ${sectionReports.message})`.as(
        'rank',
      ),
    })
    .from(sectionReports)
    .where(and(eq(sectionReports.environmentId, environmentId), gte(sectionReports.lastAt, since)))
    .groupBy(
      sectionReports.section,
      sectionReports.version,
      sectionReports.kind,
      sectionReports.message,
    )
    .as('grouped');
  return db
    .select({
      section: grouped.section,
      version: grouped.version,
      kind: grouped.kind,
      message: grouped.message,
      count: grouped.count,
      sessions: grouped.sessions,
    })
    .from(grouped)
    .where(sql`${grouped.rank} <= ${limit}`)
    .orderBy(grouped.section, grouped.version, grouped.rank);
}

/** Retention: served rows and reports last touched before `cutoff`. */
export async function purgeBefore(db: DbOrTx, cutoff: Date) {
  const served = await db
    .delete(sectionServed)
    .where(lt(sectionServed.lastAt, cutoff))
    .returning({ id: sectionServed.sessionId });
  const reports = await db
    .delete(sectionReports)
    .where(lt(sectionReports.lastAt, cutoff))
    .returning({ id: sectionReports.id });
  return { served: served.length, reports: reports.length };
}
