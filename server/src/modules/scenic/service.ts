// Scenic rules (product.md, "Scenic spot"; issue #6): spots with a unique code and a category
// of the dictionary, optimistic locking, maintenance windows that never overlap, visitor flow
// from staff or gate keys, derived status and load bands. No HTTP here.
import {
  effectiveInstantCapacity,
  formatMessage,
  SCENIC_BUCKET_MS,
  SCENIC_LIMITS,
  SCENIC_VALIDATION_MESSAGES,
  scenicLoadBand,
  scenicLoadPercent,
  scenicLocalDate,
  scenicStartOfDay,
  type Page,
  type ScenicFlowBody,
  type ScenicGateKey,
  type ScenicGateKeyCreated,
  type ScenicLoad,
  type ScenicLoadQuery,
  type ScenicLoadSeries,
  type ScenicMaintenanceWindow,
  type ScenicPlannedTeam,
  type ScenicSpot,
  type ScenicSpotCreateBody,
  type ScenicSpotFilter,
  type ScenicSpotListQuery,
  type ScenicSpotOption,
  type ScenicSpotOptionsQuery,
  type ScenicSpotUpdateBody,
  type ScenicValidationCode,
  type ScenicWindowBody,
  type ScenicWindowUpdateBody,
  SCENIC_CATEGORY_DICTIONARY,
  type Clock,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError, notFound, staleVersion } from '../../lib/app-error';
import { newToken, sha256 } from '../../lib/crypto';
import type { ParsedRow, RecordImport, RowProblem } from '../../lib/spreadsheet';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { SystemConfigService } from '../system-config/service';
import type { AuditSubject } from '@console/shared';
import type { PropertiesService } from '../properties/service';
import * as q from './queries';
import { createLocalBus, type Emit, type EventBus } from '../../events/bus';

/** Audit entity types of the scenic module's records. */
const AUDIT_SPOT = 'scenic_spot';
const AUDIT_WINDOW = 'scenic_window';
const AUDIT_GATE_KEY = 'scenic_gate_key';

/**
 * Teams whose itinerary plans a visit to the spot (today or later). The team module owns
 * itineraries: its query is passed in through the constructor (server/src/services.ts). Until
 * teams exist no team plans any spot, so every spot may be deleted and the detail shows none.
 */
export type PlannedTeamsSource = (db: DbOrTx, spotId: number) => Promise<ScenicPlannedTeam[]>;
export const noTeamsYet: PlannedTeamsSource = async () => [];

/** Who sent flow readings: a signed-in staff member or a gate key. */
export type FlowActor = { userId: number } | { gateKeyId: number };

const bi = (code: ScenicValidationCode, params?: Record<string, string | number>) => ({
  'zh-CN': formatMessage(SCENIC_VALIDATION_MESSAGES[code]['zh-CN'], params),
  'en-US': formatMessage(SCENIC_VALIDATION_MESSAGES[code]['en-US'], params),
});

const invalid = (
  path: string,
  code: ScenicValidationCode,
  params?: Record<string, string | number>,
) => new AppError('VALIDATION_FAILED', { fields: [{ path, message: bi(code, params) }] });

const spotNotFound = () => notFound({ 'zh-CN': '景点不存在', 'en-US': 'No such scenic spot' });
const windowNotFound = () =>
  notFound({ 'zh-CN': '维护窗口不存在', 'en-US': 'No such maintenance window' });

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Most spots an export writes (far above any real operation; keeps memory bounded). */
const EXPORT_MAX = 100_000;
const GATE_KEY_PREFIX = 'sgk_';

export class ScenicService {
  constructor(
    private readonly db: Db,
    private readonly config: SystemConfigService,
    /** The clock status derivation and flow checks use (tests move it to band edges). */
    private readonly clock: Clock,
    private readonly plannedTeamsSource: PlannedTeamsSource,
    private readonly properties: PropertiesService,
    /** Live events (load changes, line crossings, maintenance), published after commit. */
    private readonly events: EventBus = createLocalBus(),
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

  private categoryValues() {
    return this.properties.enabledValues(SCENIC_CATEGORY_DICTIONARY);
  }

  private now(): Date {
    return this.clock.now();
  }

  private warningPercent() {
    return this.config.get('capacity.warningPercent');
  }

  // Spots ---------------------------------------------------------------------------------

  async list(query: ScenicSpotListQuery): Promise<Page<ScenicSpot>> {
    const { current, pageSize, ...filter } = query;
    const warn = await this.warningPercent();
    const now = this.now();
    const { rows, total } = await q.listSpots(
      this.db,
      filter,
      { offset: (current - 1) * pageSize, limit: pageSize },
      now,
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
      this.now(),
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
    const row = await q.findSpotDerived(db, id, this.now(), warn);
    if (!row) throw spotNotFound();
    return toSpot(row, warn);
  }

  async create(body: ScenicSpotCreateBody, userId: number | null) {
    await this.assertCategory(body.category);
    // A taken code breaks the unique constraint: db/errors.ts answers DUPLICATE on `code`.
    const row = await this.db.transaction(async (tx) => {
      const inserted = await q.insertSpot(tx, { ...body, createdBy: userId });
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
    const { version, ...values } = body;
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
        rows.map((r) => ({ ...r, createdBy: userId })),
      );
      await recordImport(tx, count);
      return count;
    });
  }

  async exportRows(filter: ScenicSpotFilter) {
    return q.exportSpots(this.db, filter, this.now(), await this.warningPercent(), EXPORT_MAX);
  }

  // Maintenance windows ---------------------------------------------------------------------

  async windows(spotId: number): Promise<ScenicMaintenanceWindow[]> {
    if (!(await q.findSpot(this.db, spotId))) throw spotNotFound();
    const now = this.now();
    return (await q.listWindows(this.db, spotId)).map((w) => toWindow(w, now));
  }

  async createWindow(spotId: number, body: ScenicWindowBody, userId: number | null) {
    return this.events.transaction(this.db, async (tx, emit) => {
      // The spot row lock serialises window writes of one spot, so overlaps cannot race in.
      const spot = await q.findSpot(tx, spotId, true);
      if (!spot) throw spotNotFound();
      const values = await this.checkWindow(tx, spot, body);
      const row = await q.insertWindow(tx, { ...values, spotId, createdBy: userId });
      await recordAudit(tx, {
        entityType: AUDIT_WINDOW,
        entityId: row.id,
        diff: diffRecords(null, windowFields(row)),
      });
      const created = toWindow(row, this.now());
      maintenanceEvents(emit, spotId, row.id, false, created.phase === 'current');
      return created;
    });
  }

  async updateWindow(spotId: number, windowId: number, body: ScenicWindowUpdateBody) {
    return this.events.transaction(this.db, async (tx, emit) => {
      const spot = await q.findSpot(tx, spotId, true);
      if (!spot) throw spotNotFound();
      const before = await q.findWindow(tx, spotId, windowId);
      if (!before) throw windowNotFound();
      const values = await this.checkWindow(tx, spot, body, windowId);
      const after = await q.updateWindow(tx, windowId, body.version, values);
      if (!after) throw staleVersion();
      await recordAudit(tx, {
        entityType: AUDIT_WINDOW,
        entityId: windowId,
        diff: diffRecords(windowFields(before), windowFields(after)),
      });
      const now = this.now();
      const updated = toWindow(after, now);
      const wasCurrent = toWindow(before, now).phase === 'current';
      maintenanceEvents(emit, spotId, windowId, wasCurrent, updated.phase === 'current');
      return updated;
    });
  }

  async removeWindow(spotId: number, windowId: number, version: number | undefined) {
    await this.events.transaction(this.db, async (tx, emit) => {
      const before = await q.findWindow(tx, spotId, windowId);
      if (!before) throw windowNotFound();
      if (version !== undefined && version !== before.version) throw staleVersion();
      await q.deleteWindow(tx, windowId);
      await recordAudit(tx, {
        entityType: AUDIT_WINDOW,
        entityId: windowId,
        diff: diffRecords(windowFields(before), null),
      });
      const wasCurrent = toWindow(before, this.now()).phase === 'current';
      maintenanceEvents(emit, spotId, windowId, wasCurrent, false);
    });
  }

  /** Windows starting or ending in (from, to], read in the caller's transaction (a job's). */
  windowTransitions(tx: DbOrTx, from: Date, to: Date) {
    return q.windowsStartingOrEnding(tx, from, to);
  }

  /** Window rules: capacity 0…daily capacity; no overlap with another window of the spot. */
  private async checkWindow(
    db: DbOrTx,
    spot: q.SpotRecord,
    body: ScenicWindowBody,
    exceptId?: number,
  ) {
    if (body.capacity > spot.dailyCapacity)
      throw invalid('capacity', 'windowCapacityExceedsDaily', { daily: spot.dailyCapacity });
    const startAt = new Date(body.startAt);
    const endAt = new Date(body.endAt);
    const overlaps = await q.overlappingWindows(db, spot.id, startAt, endAt, exceptId);
    if (overlaps.length > 0) {
      const list = overlaps
        .map((o) => `#${o.id} ${o.startAt.toISOString()} – ${o.endAt.toISOString()}`)
        .join(', ');
      throw new AppError('CONFLICT', {
        detail: {
          'zh-CN': `与已有维护窗口重叠：${list}`,
          'en-US': `Overlaps existing maintenance windows: ${list}`,
        },
        data: { windows: overlaps.map((o) => toWindow(o, this.now())) },
      });
    }
    return { startAt, endAt, reason: body.reason, capacity: body.capacity };
  }

  /**
   * Daily capacity of the spot on a local day, reduced by any maintenance window touching it
   * (the team module's itinerary check: refuse at 100 %, warn at the warning percent).
   */
  async dailyCapacityOn(spotId: number, day: string, db: DbOrTx = this.db): Promise<number> {
    const spot = await q.findSpot(db, spotId);
    if (!spot) throw spotNotFound();
    const start = scenicStartOfDay(day);
    const end = new Date(start.getTime() + SCENIC_BUCKET_MS['1d']);
    const windows = await q.windowsBetween(db, spotId, start, end);
    return Math.min(spot.dailyCapacity, ...windows.map((w) => w.capacity));
  }

  // Visitor flow ----------------------------------------------------------------------------

  /**
   * Stores readings in time order. A reading without `inPark` continues the previous reading
   * of the same local day (entries − exits, never below 0); the spot's live count follows the
   * newest reading.
   */
  async ingest(spotId: number, body: ScenicFlowBody, actor: FlowActor) {
    const now = this.now();
    body.readings.forEach((r, i) => {
      if (Date.parse(r.at) > now.getTime() + SCENIC_LIMITS.flowFutureSkewMs)
        throw invalid(`readings.${i}.at`, 'futureReading');
    });
    const readings = body.readings
      .map((r) => ({ ...r, at: new Date(r.at) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    // Read before the transaction: on PGlite a query outside `tx` inside it would wait for ever.
    const warn = await this.warningPercent();
    await this.events.transaction(this.db, async (tx, emit) => {
      // Locking the spot serialises ingests of one spot, so running in-park counts stay true.
      if (!(await q.findSpot(tx, spotId, true))) throw spotNotFound();
      const before = await q.findSpotDerived(tx, spotId, now, warn);
      let prev = await q.readingBefore(tx, spotId, readings[0].at);
      const rows: q.FlowInsert[] = readings.map((r) => {
        const base = prev && scenicLocalDate(prev.at) === scenicLocalDate(r.at) ? prev.inPark : 0;
        const inPark = r.inPark ?? Math.max(0, base + r.entries - r.exits);
        prev = { at: r.at, inPark };
        return {
          spotId,
          at: r.at,
          entries: r.entries,
          exits: r.exits,
          inPark,
          gateKeyId: 'gateKeyId' in actor ? actor.gateKeyId : null,
          recordedBy: 'userId' in actor ? actor.userId : null,
        };
      });
      await q.insertReadings(tx, rows);
      await q.rollUp(tx, rows);
      const last = rows[rows.length - 1];
      await q.setLive(tx, spotId, last.inPark, last.at as Date);
      await recordAudit(tx, {
        entityType: AUDIT_SPOT,
        entityId: spotId,
        diff: { readings: { before: null, after: readings.length } },
      });
      const after = await q.findSpotDerived(tx, spotId, now, warn);
      if (before && after)
        loadEvents(emit, spotId, toSpot(before, warn).load, toSpot(after, warn).load, warn);
    });
    const spot = await this.get(spotId);
    return { accepted: readings.length, status: spot.status, load: spot.load };
  }

  /** Load over time: buckets of in-park peak and entries, against capacity, with bands. */
  async load(spotId: number, query: ScenicLoadQuery): Promise<ScenicLoadSeries> {
    const now = this.now();
    const spot = await this.get(spotId);
    const from = query.from ? new Date(query.from) : scenicStartOfDay(scenicLocalDate(now));
    const to = query.to ? new Date(query.to) : now;
    if (to <= from) throw invalid('to', 'endNotAfterStart');
    const stride = SCENIC_BUCKET_MS[query.bucket];
    if ((to.getTime() - from.getTime()) / stride > SCENIC_LIMITS.loadBucketsMax)
      throw invalid('from', 'rangeTooLong');
    const rows = await q.flowBuckets(this.db, spotId, from, to, stride / 1000);
    let totalEntries = 0;
    const points = rows.map((r) => {
      totalEntries += r.entries;
      const loadPercent = scenicLoadPercent(r.inPark, spot.instantCapacity);
      return {
        at: new Date(r.at).toISOString(),
        entries: r.entries,
        exits: r.exits,
        inPark: r.inPark,
        loadPercent,
        band: scenicLoadBand(loadPercent),
      };
    });
    return {
      spotId,
      bucket: query.bucket,
      from: from.toISOString(),
      to: to.toISOString(),
      instantCapacity: spot.instantCapacity,
      dailyCapacity: spot.dailyCapacity,
      warningPercent: await this.warningPercent(),
      points,
      totalEntries,
      status: spot.status,
      current: spot.load,
    };
  }

  // Gate keys -------------------------------------------------------------------------------

  async gateKeys(spotId: number): Promise<ScenicGateKey[]> {
    if (!(await q.findSpot(this.db, spotId))) throw spotNotFound();
    return (await q.listGateKeys(this.db, spotId)).map(toGateKey);
  }

  /** A new key for the spot's gates; the secret is returned once and only its hash is kept. */
  async createGateKey(spotId: number, name: string, userId: number | null) {
    if (!(await q.findSpot(this.db, spotId))) throw spotNotFound();
    const key = `${GATE_KEY_PREFIX}${newToken()}`;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await q.insertGateKey(tx, {
        spotId,
        name,
        keyHash: sha256(key),
        prefix: key.slice(0, 12),
        createdBy: userId,
      });
      await recordAudit(tx, {
        entityType: AUDIT_GATE_KEY,
        entityId: inserted.id,
        diff: { name: { before: null, after: name } },
      });
      return inserted;
    });
    const created: ScenicGateKeyCreated = { ...toGateKey(row), key };
    return created;
  }

  async revokeGateKey(spotId: number, keyId: number, userId: number | null) {
    return this.db.transaction(async (tx) => {
      const key = await q.findGateKey(tx, spotId, keyId);
      if (!key) throw notFound({ 'zh-CN': '闸机密钥不存在', 'en-US': 'No such gate key' });
      const revoked = (await q.revokeGateKey(tx, keyId, userId)) ?? key;
      await recordAudit(tx, {
        entityType: AUDIT_GATE_KEY,
        entityId: keyId,
        diff: { revokedAt: { before: iso(key.revokedAt), after: iso(revoked.revokedAt) } },
      });
      return toGateKey(revoked);
    });
  }

  /**
   * The gate key allowed to send readings for `spotId`: unknown or revoked → 401, a key of
   * another spot → 403.
   */
  async authenticateGate(key: string, spotId: number) {
    if (!key.startsWith(GATE_KEY_PREFIX) || key.length > 128)
      throw new AppError('GATE_KEY_INVALID');
    const row = await q.findGateKeyByHash(this.db, sha256(key));
    if (!row || row.revokedAt) throw new AppError('GATE_KEY_INVALID');
    if (row.spotId !== spotId) {
      throw new AppError('FORBIDDEN', {
        detail: {
          'zh-CN': '该闸机密钥不属于此景点',
          'en-US': 'This gate key belongs to another scenic spot',
        },
      });
    }
    await q.touchGateKey(this.db, row.id, this.now());
    return { id: row.id, prefix: row.prefix };
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

/** A maintenance window that came into force or left it with a write (create, move, remove). */
function maintenanceEvents(
  emit: Emit,
  spotId: number,
  windowId: number,
  wasCurrent: boolean,
  isCurrent: boolean,
) {
  if (!wasCurrent && isCurrent) emit({ type: 'scenic.maintenance.started', spotId, windowId });
  if (wasCurrent && !isCurrent) emit({ type: 'scenic.maintenance.ended', spotId, windowId });
}

/**
 * A flow reading's events: the load changed (the stream coalesces these per spot), and each
 * line — the warning percent, 100 % — the load crossed, upwards or back down.
 */
export function loadEvents(
  emit: Emit,
  spotId: number,
  before: ScenicLoad,
  after: ScenicLoad,
  warningPercent: number,
) {
  if (before.inPark !== after.inPark || before.capacity !== after.capacity)
    emit({ type: 'scenic.load.changed', spotId });
  const lines = [
    ['warning', warningPercent],
    ['full', 100],
  ] as const;
  for (const [line, at] of lines) {
    const was = before.loadPercent >= at;
    const is = after.loadPercent >= at;
    if (was !== is)
      emit({ type: 'scenic.load.crossed', spotId, line, direction: is ? 'up' : 'down' });
  }
}

function windowFields(row: q.WindowRecord): Record<string, unknown> {
  return { startAt: row.startAt, endAt: row.endAt, reason: row.reason, capacity: row.capacity };
}

function toSpot(row: q.SpotWithDerived, warningPercent: number): ScenicSpot {
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
  return {
    id: spot.id,
    code: spot.code,
    name: spot.name,
    grade: spot.grade,
    category: spot.category,
    province: spot.province,
    city: spot.city,
    address: spot.address,
    latitude: spot.latitude,
    longitude: spot.longitude,
    openTime: spot.openTime,
    closeTime: spot.closeTime,
    avgVisitMinutes: spot.avgVisitMinutes,
    description: spot.description,
    images: spot.images,
    dailyCapacity: spot.dailyCapacity,
    instantCapacity: spot.instantCapacity,
    reservationRequired: spot.reservationRequired,
    certifiedGuidesOnly: spot.certifiedGuidesOnly,
    maxPaxPerGuide: spot.maxPaxPerGuide,
    priceAdult: spot.priceAdult,
    priceChild: spot.priceChild,
    status: row.status,
    load,
    activeWindow:
      row.windowId === null
        ? null
        : { id: row.windowId, endAt: iso(row.windowEndAt)!, capacity: row.windowCapacity ?? 0 },
    createdAt: spot.createdAt.toISOString(),
    updatedAt: spot.updatedAt.toISOString(),
    createdBy: spot.createdBy,
    version: spot.version,
  };
}

function toWindow(row: q.WindowRecord, now: Date): ScenicMaintenanceWindow {
  const phase = row.endAt <= now ? 'past' : row.startAt > now ? 'upcoming' : 'current';
  return {
    id: row.id,
    spotId: row.spotId,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    reason: row.reason,
    capacity: row.capacity,
    phase,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    version: row.version,
  };
}

function toGateKey(row: q.GateKeyRecord): ScenicGateKey {
  return {
    id: row.id,
    spotId: row.spotId,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}
