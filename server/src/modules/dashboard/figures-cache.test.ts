// The workplace's shared figures: computed once for many requests, dropped by the events that
// change them, never older than their maximum age, refreshed ahead under steady use.
import { describe, expect, it } from 'vitest';
import { FiguresCache } from './figures-cache';

function setUp(maxAge = 1000) {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) };
  const calls: { resolve(v: number): void; reject(e: unknown): void }[] = [];
  const cache = new FiguresCache<number>(
    clock,
    () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject })),
    maxAge,
  );
  return {
    cache,
    calls,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('FiguresCache', () => {
  it('computes once for requests that arrive together', async () => {
    const { cache, calls } = setUp();
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get('2026-11-23')));
    await flush();
    expect(calls).toHaveLength(1);
    calls[0].resolve(7);
    expect(await answers).toEqual(Array(20).fill(7));
    expect(await cache.get('2026-11-23')).toBe(7);
    expect(calls).toHaveLength(1);
  });

  it('refreshes in the background after half its age, and waits once it is too old', async () => {
    const { cache, calls, tick } = setUp(1000);
    const first = cache.get('d');
    await flush();
    calls[0].resolve(1);
    await first;
    tick(600);
    expect(await cache.get('d')).toBe(1); // served at once…
    expect(calls).toHaveLength(2); // …while new figures are computed
    calls[1].resolve(2);
    await flush();
    expect(await cache.get('d')).toBe(2);
    tick(1001);
    const waiting = cache.get('d');
    await flush();
    expect(calls).toHaveLength(3);
    calls[2].resolve(3);
    expect(await waiting).toBe(3);
  });

  it('is dropped by a team event, and a computation begun before it is not served', async () => {
    const { cache, calls } = setUp();
    const first = cache.get('d');
    await flush();
    cache.onEvent({ type: 'team.assignment.made', teamId: 1, guideId: 2 });
    const second = cache.get('d');
    await flush();
    expect(calls).toHaveLength(2);
    calls[0].resolve(1);
    calls[1].resolve(2);
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await cache.get('d')).toBe(2);
    // A gate reading does not drop them: the maximum age covers it.
    cache.onEvent({ type: 'scenic.load.changed', spotId: 1 });
    expect(await cache.get('d')).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('computes anew for a new day and after a clock set back', async () => {
    const { cache, calls, tick } = setUp();
    const a = cache.get('d1');
    await flush();
    calls[0].resolve(1);
    await a;
    const b = cache.get('d2');
    await flush();
    calls[1].resolve(2);
    expect(await b).toBe(2);
    tick(-5000);
    const c = cache.get('d2');
    await flush();
    expect(calls).toHaveLength(3);
    calls[2].resolve(3);
    expect(await c).toBe(3);
  });

  it('passes a failure to the waiting requests and keeps nothing of it', async () => {
    const { cache, calls } = setUp();
    const failed = cache.get('d');
    await flush();
    calls[0].reject(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    const next = cache.get('d');
    await flush();
    expect(calls).toHaveLength(2);
    calls[1].resolve(4);
    expect(await next).toBe(4);
  });
});
