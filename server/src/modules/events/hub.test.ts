// The hub alone, on a fake clock and fake responses: coalescing per spot and per second,
// the backlog's bound, and the unsent-data bound that drops a slow client.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../../events/bus';
import { LiveHub } from './hub';

/** A response that records what was written; `writableLength` is what a test says is unsent. */
function fakeResponse() {
  const res = Object.assign(new EventEmitter(), {
    chunks: [] as string[],
    writableLength: 0,
    destroyed: false,
    ended: false,
    writeHead: () => res,
    write: (chunk: string) => {
      res.chunks.push(chunk);
      return true;
    },
    end: () => (res.ended = true),
    destroy: () => (res.destroyed = true),
  });
  return res;
}
const dataOf = (res: ReturnType<typeof fakeResponse>) =>
  res.chunks
    .flatMap((c) => c.split('\n'))
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)));

const session = { sessionId: 1, userId: 1, permissions: ['scenic:read', 'team:read'] };

afterEach(() => vi.useRealTimers());

describe('LiveHub', () => {
  it('sends at most one load change per spot per second: the first at once, one trailing', () => {
    vi.useFakeTimers();
    const hub = new LiveHub(createLocalBus(), async () => new Map());
    const res = fakeResponse();
    hub.attach(res as unknown as ServerResponse, session, undefined);
    // 25 readings of spot 1 over 2.5 s, and one of spot 2.
    for (let i = 0; i < 25; i++) {
      hub.receive({ type: 'scenic.load.changed', spotId: 1 });
      if (i === 3) hub.receive({ type: 'scenic.load.changed', spotId: 2 });
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(2000);
    const spot1 = dataOf(res).filter((d) => d.spotId === 1);
    const spot2 = dataOf(res).filter((d) => d.spotId === 2);
    // t=0 at once, then trailing at 1.0 s, 2.0 s and 3.0 s (the last readings at 2.4 s).
    expect(spot1).toHaveLength(4);
    expect(spot2).toHaveLength(1);
    hub.close();
  });

  it('keeps a bounded backlog: a resume older than it gets a resync', () => {
    const hub = new LiveHub(createLocalBus(), async () => new Map(), { backlog: 5 });
    for (let i = 1; i <= 8; i++) hub.receive({ type: 'team.status.changed', teamId: i });
    const inside = fakeResponse();
    hub.attach(inside as unknown as ServerResponse, session, `${hub.epoch}-3`);
    expect(dataOf(inside).map((d) => d.teamId)).toEqual([4, 5, 6, 7, 8]);
    const outside = fakeResponse();
    hub.attach(outside as unknown as ServerResponse, session, `${hub.epoch}-2`);
    expect(dataOf(outside)).toEqual([{ type: 'resync' }]);
    hub.close();
  });

  it('drops a client whose unsent data would pass the bound, and only that one', () => {
    const hub = new LiveHub(createLocalBus(), async () => new Map(), { maxBufferedBytes: 1000 });
    const slow = fakeResponse();
    const fast = fakeResponse();
    hub.attach(slow as unknown as ServerResponse, session, undefined);
    hub.attach(fast as unknown as ServerResponse, { ...session, sessionId: 2 }, undefined);
    slow.writableLength = 990;
    hub.receive({ type: 'team.status.changed', teamId: 1 });
    expect(slow.destroyed).toBe(true);
    expect(hub.stats.dropped.slow).toBe(1);
    expect(hub.size).toBe(1);
    hub.receive({ type: 'team.status.changed', teamId: 2 });
    expect(dataOf(fast).map((d) => d.teamId)).toEqual([1, 2]);
    expect(dataOf(slow)).toEqual([]);
    hub.close();
    expect(fast.ended).toBe(true);
  });
});
