import { describe, expect, it } from 'vitest';
import { operationClock, operationDateTime, operationDay } from './operationTime';

// Runs in whatever zone the machine has; the results must not depend on it.
describe('times are shown in the operation zone (UTC+8), whatever the browser zone', () => {
  it('a museum opening at 08:30 Beijing time reads 08:30, not 00:30 UTC', () => {
    expect(operationClock('2026-11-23T00:30:00Z')).toBe('08:30');
  });

  it('a table date carries the year only when it is not the current one', () => {
    const now = new Date('2026-11-23T04:00:00Z');
    expect(operationDateTime('2026-03-05T06:30:00Z', now)).toBe('03-05 14:30');
    expect(operationDateTime('2019-12-31T16:00:00Z', now)).toBe('2020-01-01 00:00');
    expect(operationDay('2025-12-31T20:00:00Z', now)).toBe('01-01');
    expect(operationDay('2025-12-31T15:00:00Z', now)).toBe('2025-12-31');
  });
});
