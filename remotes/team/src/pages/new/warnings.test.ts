// Issue 26 item 2: a past period and overlapping visits are warned about (not refused).
import { describe, expect, it } from 'vitest';
import type { ItineraryRow } from '../components/Itinerary';
import { itineraryClashes, periodTense } from './warnings';

const row = (key: number, date: string, start: string, end: string): ItineraryRow => ({
  key,
  date,
  spotId: key,
  plannedStart: start,
  plannedEnd: end,
  notes: '',
});

describe('the period against today', () => {
  it('is past, begun, or nothing to say', () => {
    expect(periodTense('2026-01-01', '2026-01-03', '2026-02-01')).toBe('past');
    expect(periodTense('2026-01-30', '2026-02-03', '2026-02-01')).toBe('begun');
    expect(periodTense('2026-02-01', '2026-02-03', '2026-02-01')).toBeNull();
    expect(periodTense(undefined, undefined, '2026-02-01')).toBeNull();
  });
});

describe('visits at the same time', () => {
  it('finds two visits overlapping on one day, and only those', () => {
    const rows = [
      row(1, '2026-03-01', '09:00', '12:00'),
      row(2, '2026-03-01', '09:00', '12:00'),
      row(3, '2026-03-01', '12:00', '15:00'),
      row(4, '2026-03-02', '09:00', '12:00'),
      row(5, '2026-03-02', '13:00', '15:00'),
    ];
    expect(itineraryClashes(rows)).toEqual([
      { date: '2026-03-01', first: '09:00–12:00', second: '09:00–12:00' },
    ]);
  });
});
