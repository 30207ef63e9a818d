// How far the running backup or restore has got, and how long it may still take (issue 25
// point 16): the page polls it (GET /api/backups/progress), the CLI prints it.
//
// An operation is a sequence of phases, each weighted by the rows it goes through: a backup is
// one phase (the planner's estimate of the database's rows); a restore validates the file (its
// rows) while it backs up the current data (the estimate), stages the file's audit rows, loads
// the other tables' rows, then builds their indexes and keys again and merges the audit rows.
// The time left follows from the share done so far and the time it took. No phase counts as
// done before it is (a phase's last table done is 99 % of it): 100 % is never shown early.
import type { BackupPhase, BackupProgress } from '@console/shared';
import { OperationProgress, percentDone } from '../../lib/progress';

interface Phase {
  phase: BackupPhase;
  /** Rows it goes through (an estimate until it starts and knows better). */
  rows: number;
  /** Its time per row against the others' (1 unless said): building an index is quicker. */
  weight?: number;
}

interface PhaseState extends Phase {
  tables: number;
  tablesDone: number;
  rowsDone: number;
  state: 'waiting' | 'running' | 'done';
}

/** The least share done before the time left is extrapolated from it. */
const MIN_SHARE = 0.01;

/** Phases may overlap (a restore checks the file while it backs up the current data). */
export class ProgressTracker extends OperationProgress<BackupProgress> {
  private readonly phases: PhaseState[];

  constructor(
    private readonly operation: BackupProgress['operation'],
    phases: Phase[],
    now: () => number = Date.now,
    /** Told every change (a phase started or finished, work done). */
    onChange?: (progress: BackupProgress) => void,
  ) {
    super(now, onChange);
    this.phases = phases.map((p) => ({
      ...p,
      tables: 0,
      tablesDone: 0,
      rowsDone: 0,
      state: 'waiting',
    }));
  }

  private get(phase: BackupPhase): PhaseState {
    const p = this.phases.find((x) => x.phase === phase);
    if (!p) throw new Error(`No phase ${phase}`);
    return p;
  }

  /** A phase starts: its tables (its rows may follow in `update`). */
  start(phase: BackupPhase, tables: number): void {
    Object.assign(this.get(phase), { tables, tablesDone: 0, rowsDone: 0, state: 'running' });
    this.changed();
  }

  /** A phase's rows, once known (a restore's replacement: the validated file's rows). */
  expect(phase: BackupPhase, rows: number): void {
    this.get(phase).rows = rows;
  }

  update(
    phase: BackupPhase,
    done: { tablesDone: number; rowsDone: number; rowsTotal?: number },
  ): void {
    const p = this.get(phase);
    p.tablesDone = done.tablesDone;
    p.rowsDone = done.rowsDone;
    if (done.rowsTotal !== undefined) p.rows = done.rowsTotal;
    this.changed();
  }

  finish(phase: BackupPhase): void {
    this.get(phase).state = 'done';
    this.changed();
  }

  /** A phase's share done, 0–1. */
  private share(p: PhaseState): number {
    if (p.state === 'done') return 1;
    if (p.state === 'waiting' || p.tables === 0) return 0;
    // A table's rows may pass its estimate: the phase is not done before its tables are.
    const rowsTotal = Math.max(p.rows, p.rowsDone);
    return Math.min(rowsTotal > 0 ? p.rowsDone / rowsTotal : p.tablesDone / p.tables, 0.99);
  }

  snapshot(): BackupProgress {
    // The first phase under way; the last one started when all are done.
    const current =
      this.phases.find((p) => p.state === 'running') ??
      [...this.phases].reverse().find((p) => p.state !== 'waiting') ??
      this.phases[0]!;
    const weights = this.phases.map((p) => Math.max(p.rows, 1) * (p.weight ?? 1));
    const all = weights.reduce((a, b) => a + b, 0);
    const done = this.phases.reduce((sum, p, i) => sum + this.share(p) * weights[i]!, 0);
    const share = Math.min(done / all, 1);
    const elapsed = this.elapsedMs() / 1000;
    return {
      operation: this.operation,
      phase: current.phase,
      startedAt: this.startedAt(),
      tablesDone: current.tablesDone,
      tables: current.tables,
      rowsDone: current.rowsDone,
      rowsTotal: Math.max(current.rows, current.rowsDone),
      percent: percentDone(
        done,
        all,
        this.phases.every((p) => p.state === 'done'),
      ),
      secondsLeft: share >= MIN_SHARE ? Math.round((elapsed * (1 - share)) / share) : null,
    };
  }
}
