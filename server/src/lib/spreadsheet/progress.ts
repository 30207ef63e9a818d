// How far a spreadsheet import has got (issue 26 item 16): the import dialog polls it while the
// upload runs (GET <list>/import/progress). The rows go through three phases in turn — read
// from the file, checked (the row contract, then the list's own checks), written — and each
// count only grows: a phase never goes back, and written rows are all of them or none.
import type { ImportPhase, ImportProgress } from '@console/shared';
import { OperationProgress } from '../progress';

export class ImportProgressTracker extends OperationProgress<ImportProgress> {
  private phase: ImportPhase = 'read';
  private total = 0;
  private read = 0;
  private checked = 0;
  private written = 0;

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

  snapshot(): ImportProgress {
    return {
      phase: this.phase,
      startedAt: this.startedAt(),
      rowsTotal: this.total,
      rowsRead: this.read,
      rowsChecked: this.checked,
      rowsWritten: this.written,
    };
  }
}
