// All SQL of the guide module.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  like,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { GuideLanguage, GuideListQuery } from '@console/shared';
import { bySortKey, withNameSort } from '../../db/sort-key';
import type { DbOrTx } from '../../db/types';
import { listShape, preparedByShape, presentFilters } from '../../db/prepared';
import { escapeLike } from '../../db/like';
import { chunks } from '../../db/chunks';
import {
  guideCertifications,
  guideCodeSeq,
  guideFilterCounts,
  guideLanguages,
  guides,
  guideSpecialties,
  guideUnavailability,
} from './schema';

export type GuideRow = typeof guides.$inferSelect;
export type GuideInsert = typeof guides.$inferInsert;
export type UnavailabilityRow = typeof guideUnavailability.$inferSelect;

const SORT_COLUMNS = {
  code: guides.code,
  // Pinyin order (issue #18 item 15).
  name: bySortKey(guides.nameSort),
  level: guides.levelRank,
  licenceExpiry: guides.licenceExpiry,
  maxGroupSize: guides.maxGroupSize,
  status: guides.status,
  createdAt: guides.createdAt,
  updatedAt: guides.updatedAt,
} as const;

/** A placeholder of the list query; `listValues` binds it. */
const ph = (name: keyof ReturnType<typeof listValues>) => sql.placeholder(name);

/** The filters' conditions, every value a placeholder (the query is kept prepared per shape). */
function listConditions(q: GuideListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    // Names contain the keyword; codes, phones and licence numbers start with it. Plain LIKE
    // (Chinese has no case; codes are matched upper-cased): ILIKE costs 3–4× on 100 000 rows.
    conds.push(
      or(
        like(guides.name, ph('keywordContains')),
        like(guides.code, ph('keywordUpperPrefix')),
        like(guides.phone, ph('keywordPrefix')),
        like(guides.licenceNo, ph('keywordPrefix')),
        like(guides.licenceNo, ph('keywordUpperPrefix')),
      ),
    );
  }
  if (q.level) conds.push(eq(guides.levelRank, ph('levelRank')));
  if (q.status) conds.push(eq(guides.status, ph('status')));
  if (q.employmentType) conds.push(eq(guides.employmentType, ph('employmentType')));
  if (q.licenceType) conds.push(eq(guides.licenceType, ph('licenceType')));
  if (q.expiringWithinDays !== undefined) {
    conds.push(
      gte(guides.licenceExpiry, ph('today')),
      lte(guides.licenceExpiry, sql`(${ph('today')}::date + ${ph('expiringWithinDays')}::int)`),
    );
  }
  if (q.language) {
    conds.push(
      exists(
        sqlSelectOne(
          guideLanguages,
          and(eq(guideLanguages.guideId, guides.id), eq(guideLanguages.language, ph('language')))!,
        ),
      ),
    );
  }
  if (q.certifiedSpotId) {
    conds.push(
      exists(
        sqlSelectOne(
          guideCertifications,
          and(
            eq(guideCertifications.guideId, guides.id),
            eq(guideCertifications.spotId, ph('certifiedSpotId')),
            gte(guideCertifications.validUntil, ph('today')),
          )!,
        ),
      ),
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** What the list query's placeholders are bound to. */
function listValues(q: GuideListQuery, today: string, levelRank: number | undefined) {
  const kw = escapeLike(q.keyword ?? '');
  return {
    keywordContains: `%${kw}%`,
    keywordPrefix: `${kw}%`,
    keywordUpperPrefix: `${kw.toUpperCase()}%`,
    levelRank: levelRank ?? null,
    status: q.status ?? null,
    employmentType: q.employmentType ?? null,
    licenceType: q.licenceType ?? null,
    language: q.language ?? null,
    countLanguage: q.language ?? '',
    expiringWithinDays: q.expiringWithinDays ?? null,
    certifiedSpotId: q.certifiedSpotId ?? null,
    today,
    limit: q.pageSize,
    offset: (q.current - 1) * q.pageSize,
  };
}

function sqlSelectOne(table: typeof guideLanguages | typeof guideCertifications, where: SQL): SQL {
  return sql`(select 1 from ${table} where ${where})`;
}

/** The list's columns: what a row of the guide list shows. */
const LIST_COLUMNS = {
  id: guides.id,
  code: guides.code,
  name: guides.name,
  gender: guides.gender,
  phone: guides.phone,
  homeCity: guides.homeCity,
  employmentType: guides.employmentType,
  licenceNo: guides.licenceNo,
  licenceType: guides.licenceType,
  level: guides.level,
  licenceExpiry: guides.licenceExpiry,
  maxGroupSize: guides.maxGroupSize,
  status: guides.status,
  updatedAt: guides.updatedAt,
  version: guides.version,
};

/** Filters guide_filter_counts answers; any other filter present means counting guides. */
const COUNTED_FILTERS: ReadonlySet<string> = new Set<keyof GuideListQuery>([
  'level',
  'status',
  'employmentType',
  'licenceType',
  'language',
]);

/** The total from the counts table, when every filter given is one it keeps. */
function countedTotal(q: GuideListQuery): SQL<number> | undefined {
  const answerable = presentFilters(q).every((key) => COUNTED_FILTERS.has(key));
  if (!answerable) return undefined;
  const c = guideFilterCounts;
  const where = and(
    eq(c.language, ph('countLanguage')),
    q.level ? eq(c.levelRank, ph('levelRank')) : undefined,
    q.status ? eq(c.status, ph('status')) : undefined,
    q.employmentType ? eq(c.employmentType, ph('employmentType')) : undefined,
    q.licenceType ? eq(c.licenceType, ph('licenceType')) : undefined,
  );
  return sql<number>`(select coalesce(sum(${c.n}), 0)::int from ${c} where ${where})`;
}

interface ListRow extends Pick<GuideRow, keyof typeof LIST_COLUMNS> {
  languages: GuideLanguage[];
  total: number;
}
const listQuery = preparedByShape<ListRow[]>('guide_list');
const countQuery = preparedByShape<{ total: number }[]>('guide_count');
const exportQuery = preparedByShape<GuideRow[]>('guide_export');

/**
 * One page of the list with each guide's languages and the total, in one statement: the
 * total comes from guide_filter_counts when it can, else from a window count over the
 * matches. Only a page past the end, which has no row to carry it, counts separately.
 */
export async function listGuides(
  db: DbOrTx,
  q: GuideListQuery,
  today: string,
  levelRank: number | undefined,
) {
  const shape = listShape(q);
  const values = listValues(q, today, levelRank);
  const rows = await listQuery(db, shape, (db, name) => {
    const direction = q.sortOrder === 'ascend' ? asc : desc;
    const order = q.sortField
      ? [direction(SORT_COLUMNS[q.sortField]), direction(guides.id)]
      : [desc(guides.id)];
    return db
      .select({
        ...LIST_COLUMNS,
        // Qualified by hand: inside a select list Drizzle renders columns unqualified.
        languages: sql<GuideLanguage[]>`coalesce((select json_agg(json_build_object(
            'language', gl.language, 'proficiency', gl.proficiency) order by gl.sort_order)
          from ${guideLanguages} gl where gl.guide_id = "guides"."id"), '[]'::json)`,
        total: countedTotal(q) ?? sql<number>`(count(*) over ())::int`,
      })
      .from(guides)
      .where(listConditions(q))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  }).execute(values);
  if (rows.length > 0) return { rows, total: rows[0].total };
  if (values.offset === 0) return { rows, total: 0 };
  const [{ total }] = await countQuery(db, shape, (db, name) =>
    db.select({ total: count() }).from(guides).where(listConditions(q)).prepare(name),
  ).execute(values);
  return { rows, total };
}

export type GuideListRow = Awaited<ReturnType<typeof listGuides>>['rows'][number];

/** Every guide matching the filters (export), in list order, capped. */
export function allGuidesMatching(
  db: DbOrTx,
  q: GuideListQuery,
  today: string,
  levelRank: number | undefined,
  cap: number,
) {
  return exportQuery(db, listShape(q), (db, name) =>
    db
      .select()
      .from(guides)
      .where(listConditions(q))
      .orderBy(asc(guides.code))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({ ...listValues(q, today, levelRank), limit: cap });
}

export async function languagesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideLanguages)
    .where(inArray(guideLanguages.guideId, ids))
    .orderBy(asc(guideLanguages.guideId), asc(guideLanguages.sortOrder));
}

export async function specialtiesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideSpecialties)
    .where(inArray(guideSpecialties.guideId, ids))
    .orderBy(asc(guideSpecialties.guideId), asc(guideSpecialties.specialty));
}

export async function certificationsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideCertifications)
    .where(inArray(guideCertifications.guideId, ids))
    .orderBy(asc(guideCertifications.guideId), asc(guideCertifications.spotId));
}

export async function findGuide(db: DbOrTx, id: number) {
  const [row] = await db.select().from(guides).where(eq(guides.id, id)).limit(1);
  return row;
}

/** Locks the guide row for the rest of the transaction (serialises writes to one guide). */
export async function lockGuide(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(guides).where(eq(guides.id, id)).limit(1).for('update');
  return row;
}

export async function findGuideByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(guides).where(eq(guides.code, code)).limit(1);
  return row;
}

/** Guides other than `exceptId` already holding the code or licence number. */
export async function duplicatesOf(
  db: DbOrTx,
  values: { code?: string; licenceNo: string },
  exceptId?: number,
) {
  const match = values.code
    ? or(eq(guides.code, values.code), eq(guides.licenceNo, values.licenceNo))
    : eq(guides.licenceNo, values.licenceNo);
  return db
    .select({ id: guides.id, code: guides.code, licenceNo: guides.licenceNo })
    .from(guides)
    .where(exceptId === undefined ? match : and(match, ne(guides.id, exceptId)));
}

export async function nextGuideCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const res = await db.execute<{ n: string }>(sql`select nextval(${guideCodeSeq.seqName}) as n`);
    const rows = (res as unknown as { rows?: { n: string }[] }).rows ?? (res as { n: string }[]);
    const code = `G${String(rows[0].n).padStart(6, '0')}`;
    // Codes may also be typed by hand or imported; skip numbers already taken.
    if (!(await findGuideByCode(db, code))) return code;
  }
}

export async function insertGuide(db: DbOrTx, values: GuideInsert) {
  const [row] = await db.insert(guides).values(withNameSort(values, true)).returning();
  return row;
}

export async function insertGuides(db: DbOrTx, values: GuideInsert[]) {
  const ids: number[] = [];
  for (const chunk of chunks(values, 500)) {
    const rows = await db
      .insert(guides)
      .values(chunk.map((v) => withNameSort(v, true)))
      .returning({ id: guides.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Writes only when the stored version is `version`; undefined when stale or missing. */
export async function updateGuideVersioned(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<GuideInsert>,
) {
  const [row] = await db
    .update(guides)
    .set({
      ...withNameSort(values, true),
      updatedAt: new Date(),
      version: sql`${guides.version} + 1`,
    })
    .where(and(eq(guides.id, id), eq(guides.version, version)))
    .returning();
  return row;
}

export async function replaceGuideChildren(
  db: DbOrTx,
  guideId: number,
  children: {
    languages: { language: string; proficiency: string }[];
    specialties: string[];
    certifications: { spotId: number; validUntil: string }[];
  },
) {
  await db.delete(guideLanguages).where(eq(guideLanguages.guideId, guideId));
  await db.delete(guideSpecialties).where(eq(guideSpecialties.guideId, guideId));
  await db.delete(guideCertifications).where(eq(guideCertifications.guideId, guideId));
  await insertGuideChildren(db, [{ guideId, ...children }]);
}

/** Bulk insert of the children of many guides (create, import, demo data). */
export async function insertGuideChildren(
  db: DbOrTx,
  items: {
    guideId: number;
    languages: { language: string; proficiency: string }[];
    specialties: string[];
    certifications: { spotId: number; validUntil: string }[];
  }[],
) {
  const langs = items.flatMap((g) =>
    g.languages.map((l, i) => ({
      guideId: g.guideId,
      language: l.language,
      proficiency: l.proficiency as (typeof guideLanguages.$inferInsert)['proficiency'],
      sortOrder: i,
    })),
  );
  const specs = items.flatMap((g) =>
    g.specialties.map((specialty) => ({ guideId: g.guideId, specialty })),
  );
  const certs = items.flatMap((g) => g.certifications.map((c) => ({ guideId: g.guideId, ...c })));
  for (const chunk of chunks(langs)) await db.insert(guideLanguages).values(chunk);
  for (const chunk of chunks(specs)) await db.insert(guideSpecialties).values(chunk);
  for (const chunk of chunks(certs)) await db.insert(guideCertifications).values(chunk);
}

/** Guides already holding any of these codes or licence numbers. */
export async function existingCodesAndLicences(db: DbOrTx, codes: string[], licences: string[]) {
  const conds = [
    codes.length ? inArray(guides.code, codes) : undefined,
    licences.length ? inArray(guides.licenceNo, licences) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (conds.length === 0) return [];
  return db
    .select({ code: guides.code, licenceNo: guides.licenceNo })
    .from(guides)
    .where(or(...conds));
}

// --- unavailability --------------------------------------------------------------------

export function listUnavailability(db: DbOrTx, guideId: number, from?: string, to?: string) {
  const conds = [eq(guideUnavailability.guideId, guideId)];
  if (from) conds.push(gte(guideUnavailability.endDate, from));
  if (to) conds.push(lte(guideUnavailability.startDate, to));
  return db
    .select()
    .from(guideUnavailability)
    .where(and(...conds))
    .orderBy(asc(guideUnavailability.startDate), asc(guideUnavailability.id));
}

/** Periods of the guide sharing at least one day with [start, end] (dates inclusive). */
export function overlappingUnavailability(db: DbOrTx, guideId: number, start: string, end: string) {
  return db
    .select()
    .from(guideUnavailability)
    .where(
      and(
        eq(guideUnavailability.guideId, guideId),
        lte(guideUnavailability.startDate, end),
        gte(guideUnavailability.endDate, start),
      ),
    )
    .orderBy(asc(guideUnavailability.startDate))
    .limit(5);
}

export async function insertUnavailability(
  db: DbOrTx,
  values: typeof guideUnavailability.$inferInsert,
) {
  const [row] = await db.insert(guideUnavailability).values(values).returning();
  return row;
}

export async function insertUnavailabilityMany(
  db: DbOrTx,
  values: (typeof guideUnavailability.$inferInsert)[],
) {
  for (const chunk of chunks(values)) await db.insert(guideUnavailability).values(chunk);
}

export async function deleteUnavailability(db: DbOrTx, guideId: number, periodId: number) {
  const [row] = await db
    .delete(guideUnavailability)
    .where(and(eq(guideUnavailability.id, periodId), eq(guideUnavailability.guideId, guideId)))
    .returning();
  return row;
}

// --- audit history ---------------------------------------------------------------------

// --- licence-expiry reminders ----------------------------------------------------------

/** Guides still on the books whose licence expires within [from, to]. */
export function guidesWithLicenceExpiring(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: guides.id,
      code: guides.code,
      name: guides.name,
      licenceNo: guides.licenceNo,
      licenceExpiry: guides.licenceExpiry,
    })
    .from(guides)
    .where(
      and(
        gte(guides.licenceExpiry, from),
        lte(guides.licenceExpiry, to),
        ne(guides.status, 'inactive'),
      ),
    )
    .orderBy(asc(guides.licenceExpiry), asc(guides.id));
}

/** Names and codes of guides, for audit sentences ("Edited guide 卢晓东 (G000120)"). */
export const guideSubjects = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: guides.id, name: guides.name, code: guides.code })
    .from(guides)
    .where(inArray(guides.id, ids));
