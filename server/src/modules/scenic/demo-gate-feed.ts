// The demo flow (issue #16 part 3): on the embedded database with demo data, simulated gates
// send readings for the demo spots every few seconds through the real flow endpoint with real
// gate keys, following a day curve with a midday peak, so a newcomer sees the monitor move.
// Off with DEMO_FLOW=0, in production and on PostgreSQL (ServerEnv.demoFlow).
import { localTime, type Clock, type ScenicFlowBody, type ScenicSpot } from '@console/shared';
import { runWithAuditContext, type AuditContext } from '../audit/writer';
import type { ScenicServices } from './scenic-services';
import { SCENIC_DEMO_CODES } from './seed';

/** The name the feed's gate keys carry (its keys of an earlier run are revoked at start). */
export const DEMO_GATE_KEY_NAME = 'demo gate feed';

export interface DemoFeedOptions {
  /** Time between two posts (each post is one spot's reading). */
  intervalMs: number;
  /** Spots posted per tick, in turn. */
  spotsPerTick: number;
}

export const DEMO_FEED_DEFAULTS: DemoFeedOptions = { intervalMs: 4_000, spotsPerTick: 6 };

/** Sends one request to the flow endpoint as a gate device would (the app's `inject`). */
export type GatePost = (
  spotId: number,
  key: string,
  body: ScenicFlowBody,
) => Promise<{ statusCode: number; body: string }>;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Share of the instantaneous capacity in the park at `minutes` past local midnight: none
 * outside opening hours; inside, a bell around midday (12:30, or the middle of shorter hours)
 * that reaches `peakShare`, over a floor of early and late visitors.
 */
export function demoLoadShare(
  minutes: number,
  openTime: string,
  closeTime: string,
  peakShare: number,
): number {
  const open = minutesOf(openTime);
  const close = minutesOf(closeTime);
  if (minutes < open || minutes >= close) return 0;
  const peak = Math.min(Math.max(12 * 60 + 30, open + 60), close - 60);
  const spread = Math.max(90, (close - open) / 4);
  const bell = Math.exp(-((minutes - peak) ** 2) / (2 * spread ** 2));
  return peakShare * (0.06 + 0.94 * bell);
}

/**
 * How full each demo spot gets at its peak, spread so the board shows all four load bands
 * (quiet … extremely crowded) around midday.
 */
export function demoPeakShare(index: number): number {
  const shares = [1.02, 0.93, 0.82, 0.75, 0.6, 0.45, 0.35, 0.25];
  return shares[index % shares.length];
}

/**
 * The reading a gate sends now: the head count the curve asks for (with a little noise), and
 * the entries and exits since the last reading that lead there (visitors come and go at once).
 */
export function demoReading(
  spot: Pick<ScenicSpot, 'openTime' | 'closeTime' | 'load'>,
  peakShare: number,
  now: Date,
  random: () => number = Math.random,
): ScenicFlowBody['readings'][number] {
  const time = localTime(now);
  const share = demoLoadShare(minutesOf(time), spot.openTime, spot.closeTime, peakShare);
  const noise = 1 + (random() - 0.5) * 0.06;
  const target = Math.max(0, Math.round(spot.load.capacity * share * noise));
  const current = spot.load.inPark;
  const churn = Math.round(target * 0.01 * random());
  const entries = Math.max(0, target - current) + churn;
  const exits = entries + current - target;
  return { at: now.toISOString(), entries, exits, inPark: target };
}

/** The running feed: gate keys per demo spot, and a timer posting readings in turn. */
export class DemoGateFeed {
  private readonly keys = new Map<number, { key: string; share: number }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private cursor = 0;
  /** Posts answered 200, for tests and the log. */
  posted = 0;

  constructor(
    private readonly scenic: Pick<ScenicServices, 'spots' | 'gateKeys'>,
    private readonly clock: Clock,
    private readonly post: GatePost,
    private readonly log: Logger,
    private readonly options: DemoFeedOptions = DEMO_FEED_DEFAULTS,
  ) {}

  /** The demo spots' gate keys: earlier runs' keys revoked, a fresh one each (audited). */
  async setUp(): Promise<number> {
    const refs = await this.scenic.spots.spotRefsByCodes(SCENIC_DEMO_CODES);
    const order = new Map(SCENIC_DEMO_CODES.map((code, i) => [code, i]));
    for (const ref of refs) {
      const old = (await this.scenic.gateKeys.list(ref.id)).filter(
        (k) => k.name === DEMO_GATE_KEY_NAME && !k.revokedAt,
      );
      for (const k of old)
        await asSystem('scenic.gateKey.revoke', () =>
          this.scenic.gateKeys.revoke(ref.id, k.id, null),
        );
      const created = await asSystem('scenic.gateKey.create', () =>
        this.scenic.gateKeys.create(ref.id, DEMO_GATE_KEY_NAME, null),
      );
      this.keys.set(ref.id, { key: created.key, share: demoPeakShare(order.get(ref.code) ?? 0) });
    }
    return this.keys.size;
  }

  /** Posts the next spots' readings through the flow endpoint. */
  async tick(): Promise<void> {
    const ids = [...this.keys.keys()];
    if (ids.length === 0) return;
    const board = await this.scenic.spots.loadBoard(ids.length + 1000);
    const spots = new Map(board.spots.map((s) => [s.id, s]));
    const now = this.clock.now();
    const count = Math.min(this.options.spotsPerTick, ids.length);
    for (let i = 0; i < count; i++) {
      const id = ids[this.cursor++ % ids.length];
      const spot = spots.get(id);
      const gate = this.keys.get(id);
      if (!spot || !gate) continue;
      const res = await this.post(id, gate.key, {
        readings: [demoReading(spot, gate.share, now)],
      });
      if (res.statusCode === 200) this.posted++;
      else {
        // Revoked by an admin, or the spot deleted: this gate stops.
        this.keys.delete(id);
        this.log.warn({ spotId: id, status: res.statusCode }, 'demo gate feed: reading refused');
      }
    }
  }

  async start(): Promise<void> {
    const gates = await this.setUp();
    this.log.info({ gates }, 'demo gate feed: simulated readings on (DEMO_FLOW=0 turns it off)');
    this.timer = setInterval(() => {
      if (this.running) return; // the previous tick is still posting
      this.running = this.tick()
        .catch((err: unknown) => this.log.warn({ err }, 'demo gate feed: tick failed'))
        .finally(() => (this.running = null));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Key set-up is the system's doing: its audit rows say so. */
function asSystem<T>(action: string, fn: () => Promise<T>): Promise<T> {
  const ctx: AuditContext = {
    action,
    userId: null,
    username: 'system',
    role: '',
    requestId: '',
    ip: '',
    userAgent: 'demo gate feed',
    startedAt: performance.now(),
    recorded: false,
  };
  return runWithAuditContext(ctx, fn);
}
