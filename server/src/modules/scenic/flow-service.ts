// Visitor flow of a spot (product.md, "Scenic spot"; issue #6): readings from staff or gate
// keys, the live in-park count they move, and the load over time in buckets with bands.
// No HTTP here.
import {
  SCENIC_BUCKET_MS,
  SCENIC_LIMITS,
  scenicLoadBand,
  scenicLoadPercent,
  scenicLocalDate,
  scenicStartOfDay,
  type Clock,
  type ScenicFlowBody,
  type ScenicLoad,
  type ScenicLoadQuery,
  type ScenicLoadSeries,
} from '@console/shared';
import type { Db } from '../../db/types';
import type { Emit, EventBus } from '../../events/bus';
import { recordAudit } from '../audit/writer';
import { invalid, spotNotFound } from './errors';
import * as q from './flow-queries';
import { findSpot, findSpotDerived } from './spots-queries';
import { AUDIT_SPOT, toSpot, type ScenicSpotService } from './spots-service';

/** Who sent flow readings: a signed-in staff member or a gate key. */
export type FlowActor = { userId: number } | { gateKeyId: number };

export class VisitorFlowService {
  constructor(
    private readonly db: Db,
    /** The clock flow checks and default ranges use (tests move it). */
    private readonly clock: Clock,
    /** The spot a reading or a series belongs to, with its live load. */
    private readonly spots: ScenicSpotService,
    /** Live events (load changes, line crossings), published after commit. */
    private readonly events: EventBus,
  ) {}

  /**
   * Stores readings in time order. A reading without `inPark` continues the previous reading
   * of the same local day (entries − exits, never below 0); the spot's live count follows the
   * newest reading.
   */
  async ingest(spotId: number, body: ScenicFlowBody, actor: FlowActor) {
    const now = this.clock.now();
    body.readings.forEach((r, i) => {
      if (Date.parse(r.at) > now.getTime() + SCENIC_LIMITS.flowFutureSkewMs)
        throw invalid(`readings.${i}.at`, 'futureReading');
    });
    const readings = body.readings
      .map((r) => ({ ...r, at: new Date(r.at) }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    // Read before the transaction: on PGlite a query outside `tx` inside it would wait for ever.
    const warn = await this.spots.warningPercent();
    await this.events.transaction(this.db, async (tx, emit) => {
      // Locking the spot serialises ingests of one spot, so running in-park counts stay true.
      if (!(await findSpot(tx, spotId, true))) throw spotNotFound();
      const before = await findSpotDerived(tx, spotId, now, warn);
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
      const after = await findSpotDerived(tx, spotId, now, warn);
      if (before && after)
        loadEvents(emit, spotId, toSpot(before, warn).load, toSpot(after, warn).load, warn);
    });
    const spot = await this.spots.get(spotId);
    return { accepted: readings.length, status: spot.status, load: spot.load };
  }

  /** Load over time: buckets of in-park peak and entries, against capacity, with bands. */
  async load(spotId: number, query: ScenicLoadQuery): Promise<ScenicLoadSeries> {
    const now = this.clock.now();
    const spot = await this.spots.get(spotId);
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
      warningPercent: await this.spots.warningPercent(),
      points,
      totalEntries,
      status: spot.status,
      current: spot.load,
    };
  }
}

/**
 * A flow reading's events: the load changed (the stream coalesces these per spot), and each
 * line — the warning percent, 100 % — the load crossed, upwards or back down.
 */
function loadEvents(
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
