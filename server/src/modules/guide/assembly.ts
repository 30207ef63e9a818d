// A guide record between the database and the response: rows → whole guides (children, spot
// names, figures) in few queries, the columns a write sets, and what the audit diff compares.
// The field lists come from the contract's shapes (db/row-shape.ts) and field specs.
import {
  GUIDE_FIELD_SPECS,
  GUIDE_LEVELS,
  guideDetail,
  pickFields,
  specKeys,
  type GuideField,
  guideListItem,
  isoToday,
  type Clock,
  type Guide,
  type GuideCreateBody,
  type GuideFigures,
  type GuideSheetRow,
  type GuideUpdateBody,
} from '@console/shared';
import type { DbOrTx } from '../../db/types';
import { allQueries } from '../../db/prepared';
import { fieldsOf } from '../../db/row-shape';
import { diffRecords } from '../audit/diff';
import type { ScenicSpotService } from '../scenic/spots-service';
import type { GuideFiguresSource } from './ports';
import { GuideFiguresCache } from './figures-cache';
import type { EventBus } from '../../events/bus';
import { PgTransaction } from 'drizzle-orm/pg-core';
import * as q from './guides-queries';
import type { GuideListRow } from './list-queries';

/** The record as the audit diff sees it: scalar fields plus the child lists. */
export type GuideSnapshot = Record<string, unknown>;

type Children = Pick<Guide, 'languages' | 'specialties' | 'certifications'>;

export class GuideAssembler {
  private readonly kept: GuideFiguresCache;

  constructor(
    private readonly clock: Clock,
    private readonly figures: GuideFiguresSource,
    /** Certified spots' names come from the scenic module. */
    private readonly spots: Pick<ScenicSpotService, 'spotRefsByIds'>,
    /** Team events drop the kept figures (figures-cache.ts). */
    events: Pick<EventBus, 'subscribe' | 'onCommitted'>,
  ) {
    this.kept = new GuideFiguresCache(() => this.clock.now().getTime());
    events.subscribe((event) => this.kept.onEvent(event));
    // An assignment holds for this instance's very next page, before LISTEN hears it.
    events.onCommitted?.((event) => this.kept.onEvent(event));
  }

  /** Figures of guides as of `today` (list rows carry them too); read afresh inside a write. */
  figuresOf(db: DbOrTx, ids: number[], today = isoToday(this.clock.now())) {
    if (db instanceof PgTransaction) return this.figures(db, ids, today);
    return this.kept.get(ids, today, (missing) => this.figures(db, missing, today));
  }

  async assemble(db: DbOrTx, row: q.GuideRow): Promise<Guide> {
    const [many] = await this.assembleMany(db, [row]);
    return many;
  }

  /** Rows → full guides with children, spot names and figures, in few queries. */
  async assembleMany(db: DbOrTx, rows: q.GuideRow[]): Promise<Guide[]> {
    const ids = rows.map((r) => r.id);
    const [langs, specs, certs, figures] = await allQueries(db, [
      () => q.languagesOf(db, ids),
      () => q.specialtiesOf(db, ids),
      () => q.certificationsOf(db, ids),
      () => this.figuresOf(db, ids),
    ]);
    const spots = await this.spots.spotRefsByIds([...new Set(certs.map((c) => c.spotId))], db);
    const names = new Map(spots.map((sp) => [sp.id, sp.name]));
    const langsBy = groupBy(langs, (l) => l.guideId);
    const specsBy = groupBy(specs, (s) => s.guideId);
    const certsBy = groupBy(certs, (c) => c.guideId);
    return rows.map((row) => ({
      ...fieldsOf(guideDetail, row, ['languages', 'specialties', 'certifications', 'figures']),
      languages: (langsBy.get(row.id) ?? []).map(({ language, proficiency }) => ({
        language,
        proficiency,
      })),
      specialties: (specsBy.get(row.id) ?? []).map((s) => s.specialty),
      certifications: (certsBy.get(row.id) ?? []).map((c) => ({
        spotId: c.spotId,
        spotName: names.get(c.spotId) ?? null,
        validUntil: c.validUntil,
      })),
      figures: figures.get(row.id) ?? zeroFigures(),
    }));
  }
}

export const zeroFigures = (): GuideFigures => ({
  teamsLed: 0,
  daysWorked30: 0,
  averageRating: null,
});

/** A list row without its languages and figures, by the list item's shape. */
export const listItem = (r: Omit<GuideListRow, 'languages' | 'total'>) =>
  fieldsOf(guideListItem, r, ['languages', 'figures']);

/** Fields kept outside the guides row's own columns: child tables, and the generated code. */
const NOT_ROW_FIELDS = ['code', 'languages', 'specialties', 'certifications'] as const;
type RowField = Exclude<GuideField, (typeof NOT_ROW_FIELDS)[number]>;
/** The guides row's own columns, from the contract's field specs (one list per field). */
const ROW_FIELDS = specKeys(GUIDE_FIELD_SPECS).filter(
  (k): k is RowField => !(NOT_ROW_FIELDS as readonly string[]).includes(k),
);

/** Columns of the guides row a create, update or import writes. */
export function scalarFields(body: GuideCreateBody | GuideUpdateBody | GuideSheetRow) {
  return {
    ...pickFields(body, ROW_FIELDS),
    levelRank: GUIDE_LEVELS.indexOf(body.level),
  };
}

/** What the audit diff compares: the guide without bookkeeping and derived figures. */
export function snapshot(g: Guide | null): GuideSnapshot | null {
  if (!g) return null;
  const { figures: _f, updatedAt: _u, version: _v, createdAt: _c, ...rest } = g;
  const children: Children = {
    languages: g.languages,
    specialties: g.specialties,
    certifications: g.certifications.map((c) => ({ ...c, spotName: null })),
  };
  return { ...rest, ...children };
}

/**
 * Whether saving `body` would store exactly what `g` holds (an untouched save). The lists are
 * compared as the record reads them back: specialties as a set, certifications by spot.
 */
export function savesNothing(g: Guide, body: GuideUpdateBody, code: string): boolean {
  const { levelRank: _r, ...scalars } = scalarFields(body);
  const lists = (v: Pick<GuideUpdateBody, 'languages' | 'specialties' | 'certifications'>) => ({
    languages: v.languages.map(({ language, proficiency }) => ({ language, proficiency })),
    specialties: [...v.specialties].sort(),
    certifications: [...v.certifications]
      .sort((a, b) => a.spotId - b.spotId)
      .map(({ spotId, validUntil }) => ({ spotId, validUntil })),
  });
  const held = g as unknown as Record<string, unknown>;
  const before = Object.fromEntries(Object.keys(scalars).map((k) => [k, held[k]]));
  const diff = diffRecords(
    { ...before, code: g.code, ...lists(g) },
    { ...scalars, code, ...lists(body) },
  );
  return Object.keys(diff).length === 0;
}

function groupBy<T>(items: T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
