import { describe, expect, it } from 'vitest';
import { assignmentPeriod, dayTimesOf } from './period';

const team = {
  startDate: '2031-03-01',
  pickupTime: '07:30',
  items: [
    { date: '2031-03-01', plannedStart: '09:00', plannedEnd: '12:00' },
    { date: '2031-03-01', plannedStart: '13:00', plannedEnd: '17:30' },
    { date: '2031-03-02', plannedStart: '10:00', plannedEnd: '15:00' },
  ],
};

describe('assignment period', () => {
  it('runs from the pickup of the first day to the last visit of the last day, in Beijing time', () => {
    expect(dayTimesOf(team, '2031-03-01')).toEqual({ start: '07:30', end: '17:30' });
    expect(dayTimesOf(team, '2031-03-03')).toEqual({ start: '08:00', end: '18:00' });
    const p = assignmentPeriod(team, '2031-03-01', '2031-03-02', 60);
    expect(p.startsAt.toISOString()).toBe('2031-02-28T23:30:00.000Z');
    expect(p.endsAt.toISOString()).toBe('2031-03-02T07:00:00.000Z');
    expect(p.busy).toBe('[2031-02-28T23:30:00.000Z,2031-03-02T08:00:00.000Z)');
  });
});
