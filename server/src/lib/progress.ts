// What every long operation's progress has in common (issue 26 item 16): a backup or restore, a
// batch plan and a spreadsheet import each answer their caller's running operation — its phase,
// its counts, when it started — to a page that polls it. Each tracker extends this with what it
// counts; the start by the operation's clock, the listener told of every change and the rule
// that the page never shows 100 % before the work is done are written here once.

/** 0–100 for `done` of `total`: at most 99 until `finished` (100 % never shows early). */
export function percentDone(done: number, total: number, finished = false): number {
  if (finished) return 100;
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(99, Math.floor((100 * done) / total)));
}

export abstract class OperationProgress<Snapshot> {
  /** When it started (ms, by `now`). */
  protected readonly started: number;

  constructor(
    protected readonly now: () => number = Date.now,
    /** Told every change (a CLI prints it, the tests follow the counts through it). */
    private readonly onChange?: (progress: Snapshot) => void,
  ) {
    this.started = now();
  }

  /** The start as the snapshot says it. */
  protected startedAt(): string {
    return new Date(this.started).toISOString();
  }

  /** Milliseconds since the start. */
  protected elapsedMs(): number {
    return this.now() - this.started;
  }

  /** Tells the listener, if any, the progress as it is now. */
  protected changed(): void {
    if (this.onChange) this.onChange(this.snapshot());
  }

  /** What the progress route answers. */
  abstract snapshot(): Snapshot;
}
