import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  OPERATION_TIME_ZONE,
  addDays,
  fixedClock,
  localDate,
  localDayStamp,
  localTime,
  localUtcOffset,
  startOfLocalDay,
} from './time';

describe('operation time (Asia/Shanghai, product.md)', () => {
  it('reads the calendar day in the operation zone, not UTC', () => {
    // 16:30 UTC is already the next day in Shanghai (UTC+8).
    expect(localDate(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(localDate(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(localTime(new Date('2026-03-01T16:30:00Z'))).toBe('00:30');
    expect(localDayStamp(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
  });

  it('answers the day of any instant, asked in any order (the last day is kept)', () => {
    const asked = [
      '2026-03-01T15:59:59.999Z',
      '2026-03-01T16:00:00.000Z',
      '2026-03-01T15:59:59.999Z',
      '2026-03-02T15:59:59.999Z',
      '2026-03-02T16:00:00.000Z',
      '2025-12-31T16:00:00.000Z',
      '2026-03-01T16:00:00.000Z',
    ];
    expect(asked.map((at) => localDate(new Date(at)))).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-01-01',
      '2026-03-02',
    ]);
    expect(localDate(new Date('nonsense'))).toBe('Invalid Date');
  });

  it("tells the wall-clock time and a day's start as the zone's rules do, asked in any order", () => {
    // Shanghai kept summer time in 1986–1991: days of 23 and 25 hours, where the time is not
    // the distance from midnight.
    const instants: number[] = [];
    for (let i = 0; i < 400; i++)
      instants.push(
        Date.UTC(1986 + (i % 3) * 20, (i * 7) % 12, 1 + (i % 28), i % 24, (i * 13) % 60),
      );
    instants.push(Date.UTC(1987, 3, 11, 18, 30), Date.UTC(1987, 8, 12, 16, 30));
    for (const t of instants) {
      const at = new Date(t);
      expect(localTime(at), at.toISOString()).toBe(
        dayjs(at).tz(OPERATION_TIME_ZONE).format('HH:mm'),
      );
      const day = localDate(at);
      expect(startOfLocalDay(day).getTime(), day).toBe(
        dayjs.tz(day, OPERATION_TIME_ZONE).valueOf(),
      );
    }
    expect(Number.isNaN(startOfLocalDay('nonsense').getTime())).toBe(true);
  });

  it('starts a local day at local midnight', () => {
    expect(startOfLocalDay('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(localUtcOffset(new Date('2026-07-01T00:00:00Z'))).toBe('+08:00');
  });

  it('adds calendar days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // As dayjs counts, for any day and span (its own reading of odd input included).
    for (const day of ['2024-02-29', '1999-12-31', '2026-11-26', '0999-01-01', '2026-13-40', 'x'])
      for (const n of [-400, -31, -1, 0, 1, 29, 366, 0.5])
        expect(addDays(day, n), `${day} ${n}`).toBe(
          dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD'),
        );
  });

  it('offers a clock tests can stop', () => {
    const clock = fixedClock('2026-05-01T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(clock.now()).not.toBe(clock.now());
  });
});
