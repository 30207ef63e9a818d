import { describe, expect, it } from 'vitest';
import { SessionCache, SESSION_CACHE_MAX_AGE_MS } from './session-cache';

interface Row {
  id: number;
  seen: number;
}

/** A cache over a fake table whose reads the test releases by hand. */
function harness() {
  let now = 1_000_000;
  const table = new Map<string, Row>([['a', { id: 1, seen: 0 }]]);
  const reads: { hash: string; release(): void }[] = [];
  const cache = new SessionCache<Row>(
    (hash) =>
      new Promise((resolve) => {
        reads.push({ hash, release: () => resolve(table.get(hash) && { ...table.get(hash)! }) });
      }),
    () => now,
  );
  const releaseAll = async () => {
    for (const r of reads.splice(0)) r.release();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { cache, table, reads, releaseAll, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('reads once for concurrent requests and keeps the session for its maximum age', async () => {
    const h = harness();
    const first = [h.cache.get('a'), h.cache.get('a'), h.cache.get('a')];
    expect(h.reads).toHaveLength(1);
    await h.releaseAll();
    expect((await Promise.all(first)).map((r) => r?.id)).toEqual([1, 1, 1]);
    h.advance(SESSION_CACHE_MAX_AGE_MS);
    expect((await h.cache.get('a'))?.id).toBe(1);
    expect(h.reads).toHaveLength(0);
    // Older than that: read again, and what the database has now is what counts.
    h.advance(1);
    h.table.delete('a');
    const later = h.cache.get('a');
    expect(h.reads).toHaveLength(1);
    await h.releaseAll();
    expect(await later).toBeUndefined();
  });

  it('keeps no unknown token', async () => {
    const h = harness();
    const missing = h.cache.get('guess');
    await h.releaseAll();
    expect(await missing).toBeUndefined();
    expect(h.cache.size).toBe(0);
    void h.cache.get('guess');
    expect(h.reads).toHaveLength(1);
  });

  it('a session.changed event drops every kept session, and a read begun before it is not kept', async () => {
    const h = harness();
    const kept = h.cache.get('a');
    await h.releaseAll();
    await kept;
    expect(h.cache.size).toBe(1);
    h.cache.onEvent({ type: 'team.status.changed', teamId: 1 });
    expect(h.cache.size).toBe(1);
    h.cache.onEvent({ type: 'session.changed', userIds: [1] });
    expect(h.cache.size).toBe(0);

    // A read in flight when the event arrives answers its request but is not kept.
    const inFlight = h.cache.get('a');
    h.cache.onEvent({ type: 'session.changed', userIds: [1] });
    // A request after the event does not join the older read.
    const after = h.cache.get('a');
    expect(h.reads).toHaveLength(2);
    await h.releaseAll();
    await Promise.all([inFlight, after]);
    expect(h.cache.size).toBe(1);
    h.table.get('a')!.seen = 5;
    h.cache.onEvent({ type: 'session.changed', userIds: [1] });
    const fresh = h.cache.get('a');
    await h.releaseAll();
    expect((await fresh)?.seen).toBe(5);
  });

  it('reload reads the database again whatever is kept; update and forget change what is kept', async () => {
    const h = harness();
    const kept = h.cache.get('a');
    await h.releaseAll();
    await kept;
    h.table.get('a')!.seen = 9;
    const reloaded = h.cache.reload('a');
    await h.releaseAll();
    expect((await reloaded)?.seen).toBe(9);
    h.cache.update('a', (row) => ({ ...row, seen: 10 }));
    expect((await h.cache.get('a'))?.seen).toBe(10);
    h.cache.forget('a');
    void h.cache.get('a');
    expect(h.reads).toHaveLength(1);
  });

  it('a clock set back does not serve a kept session', async () => {
    const h = harness();
    const kept = h.cache.get('a');
    await h.releaseAll();
    await kept;
    h.advance(-10);
    void h.cache.get('a');
    expect(h.reads).toHaveLength(1);
  });

  it('keeps at most its limit, dropping the one read longest ago', async () => {
    let n = 0;
    const cache = new SessionCache<number>(
      async () => ++n,
      () => 0,
      SESSION_CACHE_MAX_AGE_MS,
      2,
    );
    await cache.get('x');
    await cache.get('y');
    await cache.get('z');
    expect(cache.size).toBe(2);
    expect(await cache.get('y')).toBe(2);
    expect(await cache.get('z')).toBe(3);
    expect(await cache.get('x')).toBe(4);
  });

  it('a failed read is not kept and the next request reads again', async () => {
    let fail = true;
    const cache = new SessionCache<number>(async () => {
      if (fail) throw new Error('database away');
      return 7;
    });
    await expect(cache.get('a')).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get('a')).toBe(7);
  });
});
