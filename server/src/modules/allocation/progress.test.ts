// A plan's progress (issue 26 item 16): its phase in turn, the time left from the budget —
// while solving, the solve's deadline plus what follows it — and each phase's time.
import { describe, expect, it } from 'vitest';
import { PlanProgressTracker } from './progress';

describe('plan progress', () => {
  it('moves through the phases with the time left and keeps what each took', () => {
    let now = 1_000_000;
    const p = new PlanProgressTracker(3000, 900, () => now);
    expect(p.snapshot()).toMatchObject({ phase: 'reading', secondsLeft: 3, percent: 0 });
    now += 1200;
    p.enter('building');
    expect(p.snapshot()).toMatchObject({ phase: 'building', secondsLeft: 1.8, percent: 40 });
    now += 100;
    p.enter('solving', 1000);
    now += 400;
    // The solve's deadline (600 ms away) and the 900 ms that follow it.
    expect(p.snapshot()).toMatchObject({ phase: 'solving', secondsLeft: 1.5, elapsedMs: 1700 });
    now += 600;
    p.enter('checking');
    now += 2000; // past the budget: no time left, never 100 % before the answer
    expect(p.snapshot()).toMatchObject({ phase: 'checking', secondsLeft: 0, percent: 99 });
    expect(p.phaseMs()).toEqual({ reading: 1200, building: 100, solving: 1000, checking: 2000 });
  });
});
