import { describe, expect, it } from 'vitest';
import type { GuideFigures } from '@console/shared';
import { GUIDE_FIGURES_MAX_AGE_MS, GuideFiguresCache } from './figures-cache';

const figures = (teamsLed: number): GuideFigures => ({
  teamsLed,
  daysWorked30: 0,
  averageRating: null,
});

/** A cache over a fake team table whose reads the test counts. */
function harness() {
  let now = 1_000_000;
  const led = new Map<number, number>([
    [1, 1],
    [2, 2],
    [3, 3],
  ]);
  const reads: number[][] = [];
  const cache = new GuideFiguresCache(() => now);
  const read = (missing: number[]) => {
    reads.push(missing);
    return Promise.resolve(new Map(missing.map((id) => [id, figures(led.get(id) ?? 0)])));
  };
  const get = async (ids: number[], day = '2026-11-26') =>
    [...(await cache.get(ids, day, read)).entries()].map(([id, f]) => `${id}:${f.teamsLed}`);
  return { cache, led, reads, get, advance: (ms: number) => (now += ms) };
}

describe('GuideFiguresCache', () => {
  it('reads only the guides it does not keep, in one read, and keeps them for their maximum age', async () => {
    const h = harness();
    expect(await h.get([1, 2])).toEqual(['1:1', '2:2']);
    expect(await h.get([2, 3, 1])).toEqual(['2:2', '1:1', '3:3']);
    expect(h.reads).toEqual([[1, 2], [3]]);
    h.led.set(1, 9);
    h.advance(GUIDE_FIGURES_MAX_AGE_MS);
    expect(await h.get([1])).toEqual(['1:1']);
    h.advance(1);
    expect(await h.get([1])).toEqual(['1:9']);
    // Another day is another key.
    expect(await h.get([2], '2026-11-27')).toEqual(['2:2']);
    expect(h.reads).toEqual([[1, 2], [3], [1], [2]]);
  });

  it('an assignment or team event drops every kept figure; a read begun before it is not kept', async () => {
    const h = harness();
    await h.get([1, 2]);
    h.cache.onEvent({ type: 'message.created', userIds: [1] });
    expect(h.cache.size).toBe(2);
    h.led.set(1, 5);
    h.cache.onEvent({ type: 'team.assignment.made', teamId: 1, guideId: 1 });
    expect(h.cache.size).toBe(0);
    expect(await h.get([1])).toEqual(['1:5']);

    // The event arrives while a read is under way: its answer serves, but is not kept.
    let release!: () => void;
    const slow = h.cache.get([3], '2026-11-26', (missing) => {
      return new Promise((resolve) => {
        release = () => resolve(new Map(missing.map((id) => [id, figures(3)])));
      });
    });
    h.cache.onEvent({ type: 'team.status.changed', teamId: 1 });
    release();
    expect((await slow).get(3)).toEqual(figures(3));
    expect(h.cache.size).toBe(0);
  });

  it('keeps at most its limit, and a clock set back reads again', async () => {
    let now = 0;
    const cache = new GuideFiguresCache(() => now, GUIDE_FIGURES_MAX_AGE_MS, 2);
    const reads: number[][] = [];
    const read = (missing: number[]) => {
      reads.push(missing);
      return Promise.resolve(new Map(missing.map((id) => [id, figures(id)])));
    };
    await cache.get([1, 2, 3], 'd', read);
    expect(cache.size).toBe(2);
    await cache.get([2, 3], 'd', read);
    expect(reads).toEqual([[1, 2, 3]]);
    now = -5;
    await cache.get([2], 'd', read);
    expect(reads).toEqual([[1, 2, 3], [2]]);
  });
});
