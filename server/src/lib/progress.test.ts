// The rules every long operation's progress keeps (issue 26 item 16): 100 % only once it is
// done, the start by the operation's clock, every change told to the listener.
import { describe, expect, it } from 'vitest';
import { OperationProgress, percentDone } from './progress';

describe('percentDone', () => {
  it('is the share done in whole percent, at most 99 until the operation is done', () => {
    expect(percentDone(0, 10)).toBe(0);
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(2, 3)).toBe(66);
    expect(percentDone(999, 1000)).toBe(99);
    // All counted, not finished (the answer is still to come): 99.
    expect(percentDone(10, 10)).toBe(99);
    // Past an estimate: still 99.
    expect(percentDone(12, 10)).toBe(99);
    expect(percentDone(10, 10, true)).toBe(100);
    // Nothing known yet to measure against.
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(5, 0)).toBe(0);
  });
});

describe('OperationProgress', () => {
  class Counter extends OperationProgress<{ startedAt: string; elapsedMs: number; n: number }> {
    private n = 0;
    step() {
      this.n++;
      this.changed();
    }
    snapshot() {
      return { startedAt: this.startedAt(), elapsedMs: this.elapsedMs(), n: this.n };
    }
  }

  it('starts by its clock and tells the listener every change', () => {
    let now = Date.parse('2026-11-27T10:00:00.000Z');
    const seen: { n: number; elapsedMs: number }[] = [];
    const c = new Counter(
      () => now,
      (p) => seen.push(p),
    );
    now += 1500;
    c.step();
    now += 500;
    c.step();
    expect(seen).toEqual([
      { startedAt: '2026-11-27T10:00:00.000Z', elapsedMs: 1500, n: 1 },
      { startedAt: '2026-11-27T10:00:00.000Z', elapsedMs: 2000, n: 2 },
    ]);
  });

  it('works without a listener', () => {
    const c = new Counter();
    c.step();
    expect(c.snapshot().n).toBe(1);
  });
});
