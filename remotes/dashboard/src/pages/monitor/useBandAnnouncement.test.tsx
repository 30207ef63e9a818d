// @vitest-environment jsdom
// The load board's announcements (issue 28 item 4): nothing on the first load, a band change
// said once, and changes within ANNOUNCE_EVERY_MS gathered into one later sentence.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { MonitorBoardSpot } from '@console/shared';
import { ANNOUNCE_EVERY_MS, useBandAnnouncement } from './useBandAnnouncement';

const spot = (id: number, band: string) =>
  ({ id, name: `S${id}`, load: { band } }) as unknown as MonitorBoardSpot;
const say = (changed: readonly MonitorBoardSpot[]) =>
  changed.map((s) => `${s.name}:${s.load.band}`).join(',');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useBandAnnouncement', () => {
  it('says band changes, at most once per interval, and nothing for the first load', () => {
    const { result, rerender } = renderHook(({ spots }) => useBandAnnouncement(spots, say), {
      initialProps: { spots: [spot(1, 'quiet'), spot(2, 'quiet')] },
    });
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
    expect(result.current).toBe('');

    rerender({ spots: [spot(1, 'crowded'), spot(2, 'quiet')] });
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe('S1:crowded');

    // Two more changes a second apart: silent until the interval since the last sentence ends.
    rerender({ spots: [spot(1, 'crowded'), spot(2, 'comfortable')] });
    act(() => vi.advanceTimersByTime(1000));
    rerender({ spots: [spot(1, 'quiet'), spot(2, 'comfortable')] });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe('S1:crowded');
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS));
    expect(result.current).toBe('S2:comfortable,S1:quiet');

    // A reading that changes no band says nothing new.
    rerender({ spots: [spot(1, 'quiet'), spot(2, 'comfortable')] });
    act(() => vi.advanceTimersByTime(ANNOUNCE_EVERY_MS * 2));
    expect(result.current).toBe('S2:comfortable,S1:quiet');
  });
});
