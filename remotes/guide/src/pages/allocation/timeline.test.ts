import { describe, expect, it } from 'vitest';
import { barSpan, daysOf, qualityGapPercent, rowWindow } from './timeline';

describe('the dispatch board timeline', () => {
  const fortnight = daysOf('2026-02-22', '2026-03-07');

  it('lists every day of a range across a month end', () => {
    expect(fortnight).toHaveLength(14);
    expect(fortnight[6]).toBe('2026-02-28');
    expect(fortnight[7]).toBe('2026-03-01');
  });

  it('places a bar inside the range on its own days', () => {
    expect(barSpan({ from: '2026-02-28', to: '2026-03-02' }, fortnight)).toEqual({
      start: 6,
      length: 3,
    });
  });

  it('clips a bar that starts before or ends after the range', () => {
    expect(barSpan({ from: '2026-02-01', to: '2026-02-23' }, fortnight)).toEqual({
      start: 0,
      length: 2,
    });
    expect(barSpan({ from: '2026-03-06', to: '2026-04-01' }, fortnight)).toEqual({
      start: 12,
      length: 2,
    });
  });

  it('drops a bar outside the range', () => {
    expect(barSpan({ from: '2026-03-08', to: '2026-03-09' }, fortnight)).toBeNull();
    expect(barSpan({ from: '2026-02-01', to: '2026-02-21' }, fortnight)).toBeNull();
  });

  it('renders only the rows in view, with a margin', () => {
    // 500 rows of 40 px, a 400 px viewport scrolled to row 100.
    expect(rowWindow(4000, 400, 40, 500, 5)).toEqual({ first: 95, last: 115 });
    expect(rowWindow(0, 400, 40, 500, 5)).toEqual({ first: 0, last: 15 });
    // At the end: the last ten rows in view, five above them.
    expect(rowWindow(19_600, 400, 40, 500, 5)).toEqual({ first: 485, last: 499 });
    expect(rowWindow(0, 400, 40, 0)).toEqual({ first: 0, last: -1 });
  });

  it('shows the last rows when the list shrank under the scroll position', () => {
    // Scrolled to row 400 of 500, then a search leaves 20 rows: their last ten are in view.
    expect(rowWindow(16_000, 400, 40, 20, 5)).toEqual({ first: 5, last: 19 });
    // Fewer rows than the viewport holds: all of them.
    expect(rowWindow(16_000, 400, 40, 3, 5)).toEqual({ first: 0, last: 2 });
  });
});

describe('the plan quality figure', () => {
  it('reads as the distance to the best possible plan', () => {
    expect(qualityGapPercent(0.986)).toBe(1.4);
    expect(qualityGapPercent(1)).toBe(0);
    expect(qualityGapPercent(0.5)).toBe(50);
  });

  it('cannot be told without a bound', () => {
    expect(qualityGapPercent(0)).toBeNull();
    expect(qualityGapPercent(Number.NaN)).toBeNull();
  });
});
