// SQL of the guide list and its export: filters, sort, and the total in one statement.
import { and, asc, count, desc, eq, exists, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { guideListItem, type GuideLanguage, type GuideListQuery } from '@console/shared';
import { bySortKey } from '../../db/sort-key';
import type { DbOrTx } from '../../db/types';
import { listShape, preparedByShape, presentFilters } from '../../db/prepared';
import { escapeLike } from '../../db/like';
import { columnsFor } from '../../db/row-shape';
import { guideCertifications, guideFilterCounts, guideLanguages, guides } from './schema';
import type { GuideRow } from './guides-queries';

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

/** The list's columns: the list item's fields (languages and figures are read apart). */
const LIST_COLUMNS = columnsFor(guides, guideListItem, ['languages', 'figures']);

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
