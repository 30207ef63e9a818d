// How far a batch plan has got (issue 26 item 16): the plan page polls it while the plan runs
// (GET /api/allocation/plans/progress). A plan is four phases in turn — reading the data,
// building the model, solving (HiGHS within its time limit), checking and storing the items —
// under one time budget: the time left is the solve's deadline plus what follows it, or the
// budget less the time spent.
import type { PlanPhase, PlanProgress } from '@console/shared';
import { OperationProgress, percentDone } from '../../lib/progress';

export class PlanProgressTracker extends OperationProgress<PlanProgress> {
  private phase: PlanPhase = 'reading';
  private solveEnds: number | null = null;
  private phaseStarted: number;
  private readonly spent: Partial<Record<PlanPhase, number>> = {};

  constructor(
    /** The plan's time budget (ms), solve included. */
    private readonly budgetMs: number,
    /** What follows the solve (ms): checking and storing. */
    private readonly afterSolveMs = 0,
    now: () => number = Date.now,
  ) {
    super(now);
    this.phaseStarted = this.started;
  }

  /** The plan moves on to `phase`; solving with its time limit. */
  enter(phase: PlanPhase, solveMs?: number): void {
    const now = this.now();
    this.spent[this.phase] = (this.spent[this.phase] ?? 0) + now - this.phaseStarted;
    this.phaseStarted = now;
    this.phase = phase;
    this.solveEnds = phase === 'solving' && solveMs !== undefined ? this.now() + solveMs : null;
  }

  /** Milliseconds spent in each phase so far (the plan's figures keep them). */
  phaseMs(): Partial<Record<PlanPhase, number>> {
    const out = { ...this.spent };
    out[this.phase] = (out[this.phase] ?? 0) + this.now() - this.phaseStarted;
    for (const k of Object.keys(out) as PlanPhase[]) out[k] = Math.round(out[k]!);
    return out;
  }

  snapshot(): PlanProgress {
    const now = this.now();
    const elapsed = now - this.started;
    const endsAt =
      this.solveEnds !== null
        ? this.solveEnds + this.afterSolveMs
        : Math.max(this.started + this.budgetMs, now);
    return {
      phase: this.phase,
      startedAt: this.startedAt(),
      elapsedMs: elapsed,
      secondsLeft: Math.max(0, Math.round((endsAt - now) / 100) / 10),
      // The time spent of the time it takes; never 100 before the plan answers.
      percent: percentDone(elapsed, endsAt - this.started),
    };
  }
}
