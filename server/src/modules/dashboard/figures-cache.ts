// The workplace's shared figures (issue #16 §2), kept between requests. They are the same for
// every user and cost one statement over the team, guide and flow tables (~150 ms at bench
// volume), while every user's landing page asks for them: computed once, served to all.
//
// How fresh they are:
// - an event that changes a team, an assignment or a maintenance window (from this instance or,
//   on PostgreSQL, from another one) drops them: the next request waits for new figures;
// - gate readings (many a second at a busy operation) and writes that send no event (a guide
//   added, a spot's capacity edited) show within FIGURES_MAX_AGE_MS: after half of it, a
//   request starts recomputing in the background, so under steady use no request waits, and
//   the statement runs at most about once a second whatever the load;
// - a new local day computes anew.
import type { Clock, LiveEvent } from '@console/shared';

/** The longest figures are served without an event having told that they changed. */
export const FIGURES_MAX_AGE_MS = 2_000;

/** Events after which the figures are wrong until recomputed. */
const DROPS: ReadonlySet<LiveEvent['type']> = new Set([
  'team.status.changed',
  'team.assignment.made',
  'team.assignment.removed',
  'scenic.maintenance.started',
  'scenic.maintenance.ended',
]);

interface Entry<T> {
  key: string;
  value: T;
  /** Clock time when its computation started (what it reflects is at least this recent). */
  since: number;
  generation: number;
}

export class FiguresCache<T> {
  private entry: Entry<T> | null = null;
  /** Bumped by every dropping event: an entry or computation of an older one is not served. */
  private generation = 0;
  private running: { key: string; generation: number; promise: Promise<Entry<T>> } | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly compute: () => Promise<T>,
    private readonly maxAgeMs = FIGURES_MAX_AGE_MS,
  ) {}

  /** Feed of live events (subscribed by the service). */
  onEvent(event: LiveEvent): void {
    if (DROPS.has(event.type)) this.generation++;
  }

  /** The figures for `key` (the local day they are computed for). */
  async get(key: string): Promise<T> {
    const now = this.clock.now().getTime();
    const e = this.entry;
    if (e && e.key === key && e.generation === this.generation) {
      const age = now - e.since;
      // (A negative age is a clock set back: those figures are not trusted either.)
      if (age >= 0 && age <= this.maxAgeMs) {
        if (age > this.maxAgeMs / 2) void this.refresh(key);
        return e.value;
      }
    }
    return (await this.refresh(key)).value;
  }

  /** One computation at a time per key and generation; the newest result is kept. */
  private refresh(key: string): Promise<Entry<T>> {
    const r = this.running;
    if (r && r.key === key && r.generation === this.generation) return r.promise;
    const generation = this.generation;
    const since = this.clock.now().getTime();
    const promise = this.compute().then((value) => {
      const entry = { key, value, since, generation };
      if (!this.entry || this.entry.since <= since) this.entry = entry;
      return entry;
    });
    const running = { key, generation, promise };
    this.running = running;
    const done = () => {
      if (this.running === running) this.running = null;
    };
    promise.then(done, done);
    // A background refresh that fails leaves the entry as it was; the error reaches the next
    // request that has to wait.
    promise.catch(() => undefined);
    return promise;
  }
}
