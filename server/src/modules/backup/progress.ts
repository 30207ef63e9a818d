// How far the running backup or restore has got, and how long it may still take (issue 25
// point 16): the page polls it (GET /api/backups/progress), the CLI prints it.
//
// An operation is a sequence of phases, each weighted by the rows it goes through: a backup is
// one phase (the planner's estimate of the database's rows); a restore validates the file (its
// rows), backs up the current data (the estimate) and replaces it (the file's rows). The time
// left follows from the share done so far and the time it took.
import type { BackupPhase, BackupProgress } from '@console/shared';

interface Phase {
  phase: BackupPhase;
  /** Rows it goes through (an estimate until it starts and knows better). */
  rows: number;
}

/** The least share done before the time left is extrapolated from it. */
const MIN_SHARE = 0.01;

export class ProgressTracker {
  private current = 0;
  private tablesDone = 0;
  private tables = 0;
  private rowsDone = 0;
  private readonly started: number;

  constructor(
    private readonly operation: BackupProgress['operation'],
    private readonly phases: Phase[],
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /** The next phase starts: its tables and rows (an estimate may follow in `update`). */
  enter(phase: BackupPhase, tables: number, rows?: number): void {
    const index = this.phases.findIndex((p, i) => i >= this.current && p.phase === phase);
    if (index === -1) throw new Error(`No phase ${phase} left`);
    this.current = index;
    if (rows !== undefined) this.phases[index]!.rows = rows;
    this.tables = tables;
    this.tablesDone = 0;
    this.rowsDone = 0;
  }

  /** A later phase's rows, once known (a restore's replacement: the validated file's rows). */
  expect(phase: BackupPhase, rows: number): void {
    for (const p of this.phases.slice(this.current)) if (p.phase === phase) p.rows = rows;
  }

  update(done: { tablesDone: number; rowsDone: number; rowsTotal?: number }): void {
    this.tablesDone = done.tablesDone;
    this.rowsDone = done.rowsDone;
    if (done.rowsTotal !== undefined) this.phases[this.current]!.rows = done.rowsTotal;
  }

  snapshot(): BackupProgress {
    const phase = this.phases[this.current]!;
    // A table's rows may pass its estimate: the phase is not done before its tables are.
    const rowsTotal = Math.max(phase.rows, this.rowsDone);
    const phaseShare =
      this.tables === 0
        ? 0
        : rowsTotal > 0
          ? Math.min(this.rowsDone / rowsTotal, this.tablesDone < this.tables ? 0.99 : 1)
          : this.tablesDone / this.tables;
    const weights = this.phases.map((p) => Math.max(p.rows, 1));
    const all = weights.reduce((a, b) => a + b, 0);
    const before = weights.slice(0, this.current).reduce((a, b) => a + b, 0);
    const share = Math.min((before + phaseShare * weights[this.current]!) / all, 1);
    const elapsed = (this.now() - this.started) / 1000;
    return {
      operation: this.operation,
      phase: phase.phase,
      startedAt: new Date(this.started).toISOString(),
      tablesDone: this.tablesDone,
      tables: this.tables,
      rowsDone: this.rowsDone,
      rowsTotal,
      percent: Math.floor(share * 100),
      secondsLeft: share >= MIN_SHARE ? Math.round((elapsed * (1 - share)) / share) : null,
    };
  }
}
