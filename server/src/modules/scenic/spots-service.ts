// Scenic spots (product.md, "Scenic spot"; issue #6): a unique code, a category of the
// dictionary, optimistic locking, derived status and load; import and export of the list.
// No HTTP here.
import {
  effectiveInstantCapacity,
  scenicLoadBand,
  scenicLoadPercent,
  pickFields,
  scenicSpot,
  specKeys,
  SCENIC_CATEGORY_DICTIONARY,
  SCENIC_FIELD_SPECS,
  type AuditSubject,
  type Clock,
  type Page,
  type ScenicLoad,
  type ScenicPlannedTeam,
  type ScenicSpot,
  type ScenicSpotCreateBody,
  type ScenicSpotFilter,
  type ScenicSpotListQuery,
  type ScenicSpotOption,
  type ScenicSpotOptionsQuery,
  type ScenicSpotUpdateBody,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { fieldsOf } from '../../db/row-shape';
import { AppError, staleVersion } from '../../lib/app-error';
import type { ParsedRow, RecordImport, RowProblem } from '../../lib/spreadsheet';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { PropertiesService } from '../properties/service';
import type { SystemConfigService } from '../system-config/service';
import { invalid, spotNotFound } from './errors';
import * as q from './spots-queries';

/** Audit entity type of spots (flow readings are recorded on their spot too). */
export const AUDIT_SPOT = 'scenic_spot';

/** The row's columns a create, update or import writes: one per field spec of the contract. */
const SPOT_FIELDS = specKeys(SCENIC_FIELD_SPECS);
export const spotValues = (body: ScenicSpotCreateBody | ScenicSpotUpdateBody) =>
  pickFields(body, SPOT_FIELDS);

/** Most spots an export writes (far above any real operation; keeps memory bounded). */
const EXPORT_MAX = 100_000;

/**
 * Teams whose itinerary plans a visit to the spot (today or later). The team module owns
 * itineraries: its query is passed in through the constructor (server/src/services.ts).
 */
export type PlannedTeamsSource = (db: DbOrTx, spotId: number) => Promise<ScenicPlannedTeam[]>;

export class ScenicSpotService {
  constructor(
    private readonly db: Db,
    private readonly config: SystemConfigService,
    /** The clock status derivation uses (tests move it to band edges). */
    private readonly clock: Clock,
    private readonly plannedTeamsSource: PlannedTeamsSource,
    private readonly properties: PropertiesService,
  ) {}

  /** Name and code per id (as text), for audit sentences. */
  async auditSubjects(ids: number[]): Promise<Map<string, AuditSubject>> {
    const rows = ids.length ? await q.spotSubjects(this.db, ids) : [];
    return new Map(rows.map((r) => [String(r.id), { name: r.name, code: r.code }]));
  }

  /** Id, code and name of spots by id, for records that refer to spots (certifications). */
  spotRefsByIds(ids: number[], db: DbOrTx = this.db) {
    return q.spotRefsByIds(db, ids);
  }

  /** Id, code and name of spots by code (imports refer to spots by code). */
  spotRefsByCodes(codes: string[], db: DbOrTx = this.db) {
    return q.spotRefsByCodes(db, codes);
  }

  /** The load percent at which a spot counts as limited (system config). */
  warningPercent() {
    return this.config.get('capacity.warningPercent');
  }

  async list(query: ScenicSpotListQuery): Promise<Page<ScenicSpot>> {
    const { current, pageSize, ...filter } = query;
    const warn = await this.warningPercent();
    const { rows, total } = await q.listSpots(
      this.db,
      filter,
      { offset: (current - 1) * pageSize, limit: pageSize },
      this.clock.now(),
      warn,
    );
    return { list: rows.map((r) => toSpot(r, warn)), total };
  }

  /**
   * Every spot's live load, fullest first, up to `limit` spots (the monitor's load board), with
   * the warning line it was judged against.
   */
  async loadBoard(
    limit: number,
  ): Promise<{ spots: ScenicSpot[]; total: number; warningPercent: number }> {
    const warn = await this.warningPercent();
    const { rows, total } = await q.listSpots(
      this.db,
      { sortField: 'loadPercent', sortOrder: 'descend' },
      { offset: 0, limit },
      this.clock.now(),
      warn,
    );
    return { spots: rows.map((r) => toSpot(r, warn)), total, warningPercent: warn };
  }

  /** Search-as-you-type options for spot pickers (never the whole table at once). */
  async options(query: ScenicSpotOptionsQuery): Promise<Page<ScenicSpotOption>> {
    const { current, pageSize, ...filter } = query;
    const { rows, total } = await q.spotOptions(this.db, filter, {
      offset: (current - 1) * pageSize,
      limit: pageSize,
    });
    return { list: rows, total };
  }

  async get(id: number, db: DbOrTx = this.db): Promise<ScenicSpot> {
    const warn = await this.warningPercent();
    const row = await q.findSpotDerived(db, id, this.clock.now(), warn);
    if (!row) throw spotNotFound();
    return toSpot(row, warn);
  }

  async create(body: ScenicSpotCreateBody, userId: number | null) {
    await this.assertCategory(body.category);
    // A taken code breaks the unique constraint: db/errors.ts answers DUPLICATE on `code`.
    const row = await this.db.transaction(async (tx) => {
      const inserted = await q.insertSpot(tx, { ...spotValues(body), createdBy: userId });
      await recordAudit(tx, {
        entityType: AUDIT_SPOT,
        entityId: inserted.id,
        diff: diffRecords(null, editable(inserted)),
      });
      return inserted;
    });
    return this.get(row.id);
  }

  async update(id: number, body: ScenicSpotUpdateBody, _userId: number | null) {
    const before = await q.findSpot(this.db, id);
    if (!before) throw spotNotFound();
    const { version } = body;
    const values = spotValues(body);
    if (version !== before.version) throw staleVersion();
    // Saved untouched: nothing is written (the version stays; no diff).
    const asked = Object.fromEntries(
      Object.keys(values).map((k) => [k, before[k as keyof typeof before]]),
    );
    if (Object.keys(diffRecords(asked, values)).length === 0) return this.get(id);
    if (values.category !== before.category) await this.assertCategory(values.category);
    const after = await this.db.transaction(async (tx) => {
      const row = await q.updateSpot(tx, id, version, values);
      if (row)
        await recordAudit(tx, {
          entityType: AUDIT_SPOT,
          entityId: id,
          diff: diffRecords(editable(before), editable(row)),
        });
      return row;
    });
    if (!after) throw (await q.findSpot(this.db, id)) ? staleVersion() : spotNotFound();
    return this.get(id);
  }

  /** Deletes a spot no team plans to visit; a planned one gets 409 naming the teams. */
  async remove(id: number, version: number | undefined) {
    return this.db.transaction(async (tx) => {
      const before = await q.findSpot(tx, id, true);
      if (!before) throw spotNotFound();
      if (version !== undefined && version !== before.version) throw staleVersion();
      const teams = await this.plannedTeamsSource(tx, id);
      if (teams.length > 0) {
        const names = teams
          .slice(0, 5)
          .map((t) => `${t.code} ${t.name}`)
          .join(', ');
        const more = teams.length > 5 ? ` (+${teams.length - 5})` : '';
        throw new AppError('CONFLICT', {
          detail: {
            'zh-CN': `景点已被以下团队计划游览，不能删除：${names}${more}`,
            'en-US': `Teams plan to visit this spot, so it cannot be deleted: ${names}${more}`,
          },
          data: { teams },
        });
      }
      await q.deleteSpot(tx, id);
      await recordAudit(tx, {
        entityType: AUDIT_SPOT,
        entityId: id,
        diff: diffRecords(editable(before), null),
      });
    });
  }

  plannedTeams(id: number): Promise<ScenicPlannedTeam[]> {
    return this.plannedTeamsSource(this.db, id);
  }

  private categoryValues() {
    return this.properties.enabledValues(SCENIC_CATEGORY_DICTIONARY);
  }

  private async assertCategory(category: string) {
    if (!(await this.categoryValues()).has(category)) throw invalid('category', 'unknownCategory');
  }

  // Import / export -------------------------------------------------------------------------

  /** Problems beyond the row contract: dictionary category, codes unique in file and database. */
  async importProblems(rows: ParsedRow<ScenicSpotCreateBody>[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const categories = await this.categoryValues();
    const existing = await q.existingCodes(
      this.db,
      rows.map((r) => r.data.code),
    );
    const firstRow = new Map<string, number>();
    for (const { row, data } of rows) {
      if (!categories.has(data.category))
        problems.push({ row, field: 'category', code: 'unknownCategory' });
      const key = data.code.toLowerCase();
      const seen = firstRow.get(key);
      if (seen !== undefined)
        problems.push({ row, field: 'code', code: 'codeRepeatsRow', params: { row: seen } });
      else firstRow.set(key, row);
      if (existing.has(data.code)) problems.push({ row, field: 'code', code: 'duplicateCode' });
    }
    return problems;
  }

  /** Writes validated import rows in one transaction (all or nothing). */
  async insertMany(
    rows: ScenicSpotCreateBody[],
    userId: number | null,
    recordImport: RecordImport,
  ): Promise<number> {
    // Another import may take a code between the check and the write (db/errors.ts).
    return this.db.transaction(async (tx) => {
      const count = await q.insertSpots(
        tx,
        rows.map((r) => ({ ...spotValues(r), createdBy: userId })),
      );
      await recordImport(tx, count);
      return count;
    });
  }

  async exportRows(filter: ScenicSpotFilter) {
    const warn = await this.warningPercent();
    return q.exportSpots(this.db, filter, this.clock.now(), warn, EXPORT_MAX);
  }
}

/** The fields a person edits, as the audit diff shows them. */
function editable(row: q.SpotRecord): Record<string, unknown> {
  const {
    liveInPark: _l,
    liveAt: _a,
    createdAt: _c,
    updatedAt: _u,
    version: _v,
    nameSort: _n,
    ...rest
  } = row;
  return rest;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A spot row with its derived columns → the response, judged against the warning percent. */
export function toSpot(row: q.SpotWithDerived, warningPercent: number): ScenicSpot {
  const { spot } = row;
  const capacity = effectiveInstantCapacity(spot, row.windowCapacity);
  const loadPercent = scenicLoadPercent(row.inPark, capacity);
  const load: ScenicLoad = {
    inPark: row.inPark,
    capacity,
    loadPercent,
    band: scenicLoadBand(loadPercent),
    warning: loadPercent >= warningPercent,
    at: iso(spot.liveAt),
  };
  // Completed in place, not spread into a second object: a list maps every row.
  const out = fieldsOf(scenicSpot, spot, SPOT_DERIVED) as ScenicSpot;
  out.status = row.status;
  out.load = load;
  out.activeWindow =
    row.windowId === null
      ? null
      : { id: row.windowId, endAt: iso(row.windowEndAt)!, capacity: row.windowCapacity ?? 0 };
  return out;
}

/** The response's fields that are not the row's own columns. */
const SPOT_DERIVED = ['status', 'load', 'activeWindow'] as const;
