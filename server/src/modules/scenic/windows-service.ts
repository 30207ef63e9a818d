// Maintenance windows of a spot (product.md, "Scenic spot"; issue #6): they never overlap, their
// capacity is 0…the daily capacity, and coming into force or leaving it is a live event.
// No HTTP here.
import {
  SCENIC_BUCKET_MS,
  scenicMaintenanceWindow,
  scenicStartOfDay,
  type Clock,
  type ScenicMaintenanceWindow,
  type ScenicWindowBody,
  type ScenicWindowUpdateBody,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import type { Emit, EventBus } from '../../events/bus';
import { fieldsOf } from '../../db/row-shape';
import { AppError, staleVersion } from '../../lib/app-error';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import { invalid, spotNotFound, windowNotFound } from './errors';
import { findSpot, type SpotRecord } from './spots-queries';
import * as q from './windows-queries';

const AUDIT_WINDOW = 'scenic_window';

export class MaintenanceWindowService {
  constructor(
    private readonly db: Db,
    /** The clock that tells a window's phase (tests move it). */
    private readonly clock: Clock,
    /** Live events (maintenance started or ended), published after commit. */
    private readonly events: EventBus,
  ) {}

  async list(spotId: number): Promise<ScenicMaintenanceWindow[]> {
    if (!(await findSpot(this.db, spotId))) throw spotNotFound();
    const now = this.clock.now();
    return (await q.listWindows(this.db, spotId)).map((w) => toWindow(w, now));
  }

  async create(spotId: number, body: ScenicWindowBody, userId: number | null) {
    return this.events.transaction(this.db, async (tx, emit) => {
      // The spot row lock serialises window writes of one spot, so overlaps cannot race in.
      const spot = await findSpot(tx, spotId, true);
      if (!spot) throw spotNotFound();
      const values = await this.checkWindow(tx, spot, body);
      const row = await q.insertWindow(tx, { ...values, spotId, createdBy: userId });
      await recordAudit(tx, {
        entityType: AUDIT_WINDOW,
        entityId: row.id,
        diff: diffRecords(null, windowFields(row)),
      });
      const created = toWindow(row, this.clock.now());
      maintenanceEvents(emit, spotId, row.id, false, created.phase === 'current');
      return created;
    });
  }

  async update(spotId: number, windowId: number, body: ScenicWindowUpdateBody) {
    return this.events.transaction(this.db, async (tx, emit) => {
      const spot = await findSpot(tx, spotId, true);
      if (!spot) throw spotNotFound();
      const before = await q.findWindow(tx, spotId, windowId);
      if (!before) throw windowNotFound();
      if (before.version !== body.version) throw staleVersion();
      // Saved untouched: nothing is written (the version stays; no diff, no event).
      const asked = { ...body, startAt: new Date(body.startAt), endAt: new Date(body.endAt) };
      if (Object.keys(diffRecords(windowFields(before), windowFields(asked))).length === 0)
        return toWindow(before, this.clock.now());
      const values = await this.checkWindow(tx, spot, body, windowId);
      const after = await q.updateWindow(tx, windowId, body.version, values);
      if (!after) throw staleVersion();
      await recordAudit(tx, {
        entityType: AUDIT_WINDOW,
        entityId: windowId,
        diff: diffRecords(windowFields(before), windowFields(after)),
      });
      const now = this.clock.now();
      const updated = toWindow(after, now);
      const wasCurrent = toWindow(before, now).phase === 'current';
      maintenanceEvents(emit, spotId, windowId, wasCurrent, updated.phase === 'current');
      return updated;
    });
  }

  async remove(spotId: number, windowId: number, version: number | undefined) {
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
      const wasCurrent = toWindow(before, this.clock.now()).phase === 'current';
      maintenanceEvents(emit, spotId, windowId, wasCurrent, false);
    });
  }

  /** Windows starting or ending in (from, to], read in the caller's transaction (a job's). */
  transitions(tx: DbOrTx, from: Date, to: Date) {
    return q.windowsStartingOrEnding(tx, from, to);
  }

  /**
   * Daily capacity of the spot on a local day, reduced by any maintenance window touching it
   * (the team module's itinerary check: refuse at 100 %, warn at the warning percent).
   */
  async dailyCapacityOn(spotId: number, day: string, db: DbOrTx = this.db): Promise<number> {
    const spot = await findSpot(db, spotId);
    if (!spot) throw spotNotFound();
    const start = scenicStartOfDay(day);
    const end = new Date(start.getTime() + SCENIC_BUCKET_MS['1d']);
    const windows = await q.windowsBetween(db, spotId, start, end);
    return Math.min(spot.dailyCapacity, ...windows.map((w) => w.capacity));
  }

  /** Window rules: capacity 0…daily capacity; no overlap with another window of the spot. */
  private async checkWindow(
    db: DbOrTx,
    spot: SpotRecord,
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
        data: { windows: overlaps.map((o) => toWindow(o, this.clock.now())) },
      });
    }
    return { startAt, endAt, reason: body.reason, capacity: body.capacity };
  }
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

function windowFields(
  row: Pick<q.WindowRecord, 'startAt' | 'endAt' | 'reason' | 'capacity'>,
): Record<string, unknown> {
  return { startAt: row.startAt, endAt: row.endAt, reason: row.reason, capacity: row.capacity };
}

function toWindow(row: q.WindowRecord, now: Date): ScenicMaintenanceWindow {
  const phase = row.endAt <= now ? 'past' : row.startAt > now ? 'upcoming' : 'current';
  return { ...fieldsOf(scenicMaintenanceWindow, row, ['phase']), phase };
}
