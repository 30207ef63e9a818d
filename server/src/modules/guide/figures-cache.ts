// The team figures of guides (teams led, days worked, rating: the team module's statement
// through the port), kept for a moment per guide and day. Every page of the guide list shows
// them, and that second statement was a third of a list request's time; a dispatcher paging
// the list, and everyone on the same first page, ask for the same guides again and again.
//
// How fresh they are:
// - an assignment made or removed, or a team moving along its lifecycle (this instance at once,
//   another through LISTEN/NOTIFY) drops every kept figure: the next page reads anew;
// - what changes them without an event (feedback, a hand edit) shows within
//   GUIDE_FIGURES_MAX_AGE_MS;
// - a new local day is another key; inside a write's transaction they are always read.
import type { GuideFigures, LiveEvent } from '@console/shared';
import { setBounded } from '../../lib/bounded-map';

/** The longest figures are served without an event having told that they changed. */
export const GUIDE_FIGURES_MAX_AGE_MS = 2_000;
/** Guides' figures kept at most (a day's worth of list pages). */
const MAX_ENTRIES = 5_000;

/** Events after which kept figures may be wrong. */
const DROPS: ReadonlySet<LiveEvent['type']> = new Set([
  'team.status.changed',
  'team.assignment.made',
  'team.assignment.removed',
]);

interface Entry {
  figures: GuideFigures;
  /** Clock time when its read started. */
  at: number;
  generation: number;
}

export class GuideFiguresCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every dropping event: a read started before it is not kept. */
  private generation = 0;

  constructor(
    private readonly now: () => number,
    private readonly maxAgeMs = GUIDE_FIGURES_MAX_AGE_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Feed of live events (subscribed where the cache is made). */
  onEvent(event: LiveEvent): void {
    if (!DROPS.has(event.type)) return;
    this.generation++;
    this.entries.clear();
  }

  /** The figures of `ids` as of `today`: those kept, and the others by one `read`. */
  async get(
    ids: number[],
    today: string,
    read: (missing: number[]) => Promise<Map<number, GuideFigures>>,
  ): Promise<Map<number, GuideFigures>> {
    const now = this.now();
    const out = new Map<number, GuideFigures>();
    const missing: number[] = [];
    for (const id of ids) {
      const e = this.entries.get(`${today}:${id}`);
      const age = e ? now - e.at : -1;
      // (A negative age is a clock set back: not trusted either.)
      if (e && e.generation === this.generation && age >= 0 && age <= this.maxAgeMs)
        out.set(id, e.figures);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const generation = this.generation;
    for (const [id, figures] of await read(missing)) {
      out.set(id, figures);
      if (generation === this.generation)
        setBounded(
          this.entries,
          `${today}:${id}`,
          { figures, at: now, generation },
          this.maxEntries,
        );
    }
    return out;
  }

  /** How many guides' figures are kept (tests). */
  get size(): number {
    return this.entries.size;
  }
}
