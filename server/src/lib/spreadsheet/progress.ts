// How far a spreadsheet import has got (issue 26 item 16): the import dialog polls it while the
// upload runs (GET <list>/import/progress). The rows go through three phases in turn — read
// from the file, checked (the row contract, then the list's own checks), written — and each
// count only grows: a phase never goes back, and written rows are all of them or none.
import type { ImportPhase, ImportProgress } from '@console/shared';

export class ImportProgressTracker {
  private phase: ImportPhase = 'read';
  private readonly started: number;
  private total = 0;
  private read = 0;
  private checked = 0;
  private written = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Told every change (the tests follow the counts through it). */
    private readonly onChange?: (progress: ImportProgress) => void,
  ) {
    this.started = now();
  }

  /** The file is read: its data rows. */
  rowsRead(total: number): void {
    this.total = total;
    this.read = total;
    this.enter('check');
  }

  /** Rows checked so far (never fewer than before, never more than read). */
  rowsChecked(count: number): void {
    this.checked = Math.min(Math.max(this.checked, count), this.read);
    this.changed();
  }

  /** Every row passed: writing starts. */
  writing(): void {
    this.checked = this.read;
    this.enter('write');
  }

  /** The rows are written (committed). */
  rowsWritten(count: number): void {
    this.written = Math.max(this.written, count);
    this.changed();
  }

  private enter(phase: ImportPhase) {
    this.phase = phase;
    this.changed();
  }

  private changed() {
    if (this.onChange) this.onChange(this.snapshot());
  }

  snapshot(): ImportProgress {
    return {
      phase: this.phase,
      startedAt: new Date(this.started).toISOString(),
      rowsTotal: this.total,
      rowsRead: this.read,
      rowsChecked: this.checked,
      rowsWritten: this.written,
    };
  }
}
