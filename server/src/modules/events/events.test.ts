// GET /api/events (issue #16, part 1): who receives what, resume by Last-Event-ID, streams
// ending with their session, slow clients dropped, load events coalesced, line crossings.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIVE_STREAM, type LiveEvent } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { openStream, type SseStream } from '../../../test/support/sse';
import { users } from '../auth/schema';
import { runJob } from '../../jobs';
import { maintenanceEventsJob } from '../../jobs/maintenance-events';

let t: TestApp;
let port: number;
let admin: Client;
let operator: Client;
let user: Client;
let userId: number;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = await signedIn(t.app, 'admin');
  operator = await signedIn(t.app, 'operator');
  user = await signedIn(t.app, 'user');
  userId = (await user.get('/api/user/info')).json().data.id;
}, 60_000);
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function stream(c: Client | null, headers: Record<string, string> = {}) {
  const s = await openStream(port, c?.cookie, headers);
  open.push(s);
  return s;
}

/** Publishes through the real bus: after a committed transaction (pg_notify on PostgreSQL). */
function publish(...events: LiveEvent[]) {
  return t.services.events.transaction(t.services.db, async (_tx, emit) => {
    for (const e of events) emit(e);
  });
}

const types = (s: SseStream) => s.frames.map((f) => f.data.type);

describe('GET /api/events', () => {
  it('refuses anonymous callers and unknown parameters; streams text/event-stream', async () => {
    const anon = await stream(null);
    expect(anon.status).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/events?x=1',
      headers: { cookie: `tc_session=${user.cookie}` },
    });
    expect(bad.statusCode).toBe(400);
    const s = await stream(user);
    expect(s.status).toBe(200);
    s.close();
  });

  it('sends each event only to the sessions whose permissions allow it', async () => {
    const [a, o, u] = [await stream(admin), await stream(operator), await stream(user)];
    await publish(
      { type: 'message.created', userIds: [userId] },
      { type: 'team.status.changed', teamId: 7 },
      { type: 'team.assignment.made', teamId: 7, guideId: 3 },
      { type: 'chat.message.created', messageId: 5 },
      { type: 'scenic.maintenance.started', spotId: 1, windowId: 2 },
      { type: 'session.changed', userIds: [999_999] },
    );
    // A notice through the real service reaches everyone, and closes the comparison.
    expect(
      (await admin.post('/api/message/notice', { title: '通知', content: '内容' })).statusCode,
    ).toBe(200);
    for (const s of [a, o, u]) await waitCount(s, 'message.created', s === u ? 2 : 1);
    expect(types(a)).toEqual([
      'team.status.changed',
      'team.assignment.made',
      'chat.message.created',
      'scenic.maintenance.started',
      'message.created',
    ]);
    // The operator has team:read and scenic:read, not monitor:view (the dispatch chat).
    expect(types(o)).toEqual([
      'team.status.changed',
      'team.assignment.made',
      'scenic.maintenance.started',
      'message.created',
    ]);
    // The user also gets the message addressed to them; never the recipient list itself.
    expect(types(u)).toEqual([
      'message.created',
      'team.status.changed',
      'team.assignment.made',
      'scenic.maintenance.started',
      'message.created',
    ]);
    expect(u.frames[0].data).toEqual({ type: 'message.created' });
    expect(a.frames[1].data).toEqual({ type: 'team.assignment.made', teamId: 7, guideId: 3 });
    for (const s of [a, o, u]) s.close();
  });

  it('resumes after Last-Event-ID with what was missed, and asks for a resync when it cannot', async () => {
    const s = await stream(user);
    await publish(
      { type: 'team.status.changed', teamId: 1 },
      { type: 'team.status.changed', teamId: 2 },
    );
    await waitCount(s, 'team.status.changed', 2);
    const firstId = s.frames[0].id!;
    s.close();
    // Missed while away: teams 3 and 4, and a chat message the user may not see.
    await publish(
      { type: 'team.status.changed', teamId: 3 },
      { type: 'chat.message.created', messageId: 1 },
      { type: 'team.status.changed', teamId: 4 },
    );
    await until(() => t.app.liveHub.lastId.endsWith(`-${Number(firstId.split('-')[1]) + 4}`));
    const resumed = await stream(user, { 'last-event-id': firstId });
    await waitCount(resumed, 'team.status.changed', 3);
    expect(resumed.frames.map((f) => f.data)).toEqual([
      { type: 'team.status.changed', teamId: 2 },
      { type: 'team.status.changed', teamId: 3 },
      { type: 'team.status.changed', teamId: 4 },
    ]);
    // Ids increase, so a second resume continues where this one stopped.
    const ids = resumed.frames.map((f) => Number(f.id!.split('-')[1]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    resumed.close();
    // A new EventSource cannot send the header: the same resume by query parameter.
    const byQuery = await openStream(
      port,
      user.cookie,
      {},
      `?lastEventId=${encodeURIComponent(firstId)}`,
    );
    open.push(byQuery);
    await waitCount(byQuery, 'team.status.changed', 3);
    expect(byQuery.frames.map((f) => f.data.teamId)).toEqual([2, 3, 4]);
    byQuery.close();

    for (const foreign of ['deadbeef-1', 'garbage', `${t.app.liveHub.epoch}-99999999`]) {
      const r = await stream(user, { 'last-event-id': foreign });
      const frame = await r.next((f) => f.data.type === 'resync');
      expect(frame.id).toBe(t.app.liveHub.lastId);
      r.close();
    }
  });

  it('closes the stream of a session that signs out, at once', async () => {
    const other = await signedIn(t.app, 'user');
    const s = await stream(other);
    // "At once" is "by the sign-out's event, not by the periodic check": with that check held
    // off, only the event can end the stream (no wall-clock bound, which a loaded box breaks).
    await withoutPeriodicRecheck(async () => {
      expect((await other.post('/api/user/logout')).statusCode).toBe(200);
      await endedWithin(s);
    });
    // The other sessions of the same user keep theirs.
    const mine = await stream(user);
    await publish({ type: 'team.status.changed', teamId: 9 });
    await mine.next((f) => f.data.type === 'team.status.changed');
    mine.close();
  });

  it("follows a role switch: the stream's events change with the session's permissions", async () => {
    const other = await signedIn(t.app, 'admin');
    const s = await stream(other);
    const chat = (messageId: number) => publish({ type: 'chat.message.created', messageId });
    await chat(1);
    await s.next((f) => f.data.type === 'chat.message.created' && f.data.messageId === 1);
    // As operator: no monitor:view, so no dispatch chat; the stream stays open.
    const sessionId = t.app.liveHub.streams().at(-1)!.sessionId;
    const chatAllowed = () =>
      t.app.liveHub
        .streams()
        .find((x) => x.sessionId === sessionId)
        ?.permissions.includes('monitor:view');
    expect(chatAllowed()).toBe(true);
    expect((await other.post('/api/user/switch-role', { role: 'operator' })).statusCode).toBe(200);
    // The switch publishes `session.changed`; the hub re-reads the session's permissions.
    await until(() => chatAllowed() === false);
    await chat(2);
    await publish({ type: 'team.status.changed', teamId: 5 });
    await s.next((f) => f.data.type === 'team.status.changed' && f.data.teamId === 5);
    expect(s.frames.filter((f) => f.data.type === 'chat.message.created')).toHaveLength(1);
    expect(s.isEnded()).toBe(false);
    // Back to admin: the chat comes again.
    expect((await other.post('/api/user/switch-role', { role: 'admin' })).statusCode).toBe(200);
    await until(() => chatAllowed() === true);
    await chat(3);
    await s.next((f) => f.data.type === 'chat.message.created' && f.data.messageId === 3);
    s.close();
  });

  it('closes the stream of a disabled user at the next session check', async () => {
    const other = await signedIn(t.app, 'operator');
    const s = await stream(other);
    const operatorId = (await other.get('/api/user/info')).json().data.id;
    await t.services.db.update(users).set({ enabled: false }).where(eq(users.id, operatorId));
    try {
      // The periodic check (every LIVE_STREAM.sessionRecheckMs), run now.
      await t.app.liveHub.recheck();
      await s.ended;
      expect(s.isEnded()).toBe(true);
    } finally {
      await t.services.db.update(users).set({ enabled: true }).where(eq(users.id, operatorId));
    }
  });

  it("tells a disabled user's streams why, at once, and closes them — nobody else's", async () => {
    const username = `gone${Date.now() % 1_000_000}`;
    const created = await admin.post('/api/system/users', {
      username,
      name: '停用流',
      roles: ['user'],
      password: 'Gone12345',
    });
    expect(created.statusCode).toBe(200);
    const { id, version } = created.json().data.user as { id: number; version: number };
    // Past the first sign-in's password change, which allows no stream.
    await t.services.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
    const first = await new Client(t.app).login({ username, password: 'Gone12345' });
    const second = await new Client(t.app).login({ username, password: 'Gone12345' });
    const a = await stream(first);
    const b = await stream(second);
    const bystander = await stream(operator);
    expect([a.status, b.status, bystander.status]).toEqual([200, 200, 200]);
    // At once: by the disabling's event (its reason says so), the periodic check held off.
    await withoutPeriodicRecheck(async () => {
      const res = await admin.post(`/api/system/users/${id}/enabled`, { enabled: false, version });
      expect(res.statusCode).toBe(200);
      for (const s of [a, b]) {
        const ended = await s.next((f) => f.data.type === 'session.ended');
        expect(ended.data).toEqual({ type: 'session.ended', reason: 'disabled' });
        await endedWithin(s);
      }
    });
    // The operator's stream stays open and is told nothing.
    await publish({ type: 'team.status.changed', teamId: 77 });
    await bystander.next((f) => f.data.type === 'team.status.changed' && f.data.teamId === 77);
    expect(types(bystander)).not.toContain('session.ended');
    expect(bystander.isEnded()).toBe(false);
    bystander.close();
  });

  it("ends only the revoked session's stream, saying so; the same user's other one stays", async () => {
    const other = await signedIn(t.app, 'user');
    const kept = await stream(user);
    const revoked = await stream(other);
    const sessionId = t.app.liveHub.streams().at(-1)!.sessionId;
    const res = await admin.delete(`/api/system/users/${userId}/sessions/${sessionId}`);
    expect(res.statusCode).toBe(200);
    const ended = await revoked.next((f) => f.data.type === 'session.ended');
    expect(ended.data.reason).toBe('revoked');
    await revoked.ended;
    await publish({ type: 'team.status.changed', teamId: 78 });
    await kept.next((f) => f.data.type === 'team.status.changed' && f.data.teamId === 78);
    expect(types(kept)).not.toContain('session.ended');
    kept.close();
  });

  it('drops a client that does not read, and keeps serving one that does', async () => {
    const hub = t.app.liveHub;
    const droppedBefore = hub.stats.dropped.slow;
    // A raw socket that sends the request and then never reads.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => slow.once('connect', () => r()));
    slow.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nCookie: tc_session=${user.cookie}\r\n\r\n`);
    const reader = await stream(user);
    const sizeWith = hub.size;
    await until(() => hub.size === sizeWith + 1 || hub.size >= 2);
    slow.pause();
    let sent = 0;
    // Each event is small: the kernel's socket buffers absorb megabytes before Node must keep
    // unsent data, which is bounded by LIVE_STREAM.maxBufferedBytes.
    while (hub.stats.dropped.slow === droppedBefore && sent < 400_000) {
      for (let i = 0; i < 500; i++)
        hub.receive({ type: 'team.status.changed', teamId: 1 + (sent++ % 1000) });
      await new Promise((r) => setImmediate(r));
    }
    expect(hub.stats.dropped.slow).toBe(droppedBefore + 1);
    // The reading client got everything.
    await waitCount(reader, 'team.status.changed', sent, 10_000);
    expect(reader.isEnded()).toBe(false);
    slow.destroy();
    reader.close();
  }, 60_000);

  it('coalesces load changes to one per spot per second and reports line crossings', async () => {
    const spots = (await admin.get('/api/scenic/spots?pageSize=5')).json().data.list as {
      id: number;
      instantCapacity: number;
      load: { capacity: number };
    }[];
    const spot = spots.find((s) => s.load.capacity >= 10)!;
    const cap = spot.load.capacity;
    const s = await stream(user);
    // When the server sends each load change (its own clock, not the frames' arrival here: a
    // paused test process reads two frames sent a second apart in one chunk).
    const sentAt: number[] = [];
    const hub = t.app.liveHub as unknown as { publish(e: LiveEvent): void };
    const publishLive = hub.publish;
    hub.publish = function (this: unknown, e: LiveEvent) {
      if (e.type === 'scenic.load.changed' && e.spotId === spot.id) sentAt.push(Date.now());
      publishLive.call(this, e);
    };
    try {
      const flow = (inPark: number, ago: number) =>
        operator.post(`/api/scenic/spots/${spot.id}/flow`, {
          readings: [
            { at: new Date(Date.now() - ago).toISOString(), entries: 0, exits: 0, inPark },
          ],
        });
      expect((await flow(0, 900)).statusCode).toBe(200);
      for (let i = 1; i <= 5; i++) expect((await flow(i, 900 - i * 10)).statusCode).toBe(200);
      // To 100 % and back under the warning line: two crossings up, two down.
      expect((await flow(cap, 100)).statusCode).toBe(200);
      const lastPostStarted = Date.now();
      expect((await flow(0, 50)).statusCode).toBe(200);
      // The last reading's crossing arrived, so the hub has its load change too (one transaction,
      // delivered in order): wait until no trailing one is pending, then for a marker published
      // after it — one stream delivers in order, so every load event sent is in when it arrives.
      await waitCount(s, 'scenic.load.crossed', 4);
      await until(() => !t.app.liveHub.loadPending(spot.id));
      await publish({ type: 'team.status.changed', teamId: 424_242 });
      await s.next((f) => f.data.type === 'team.status.changed' && f.data.teamId === 424_242);
      const loads = s.frames.filter((f) => f.data.type === 'scenic.load.changed');
      expect(loads.length).toBeGreaterThanOrEqual(2); // the first at once, the last trailing
      // Every load change sent reached the stream.
      expect(loads.length).toBe(sentAt.length);
      // The server sends them a period apart at least (1 ms for the timer's rounding): at most
      // one per second, however slowly the eight readings came in. (Fewer events than readings
      // held only while the readings came faster than one a second, which a loaded box is not.)
      const gaps = sentAt.slice(1).map((at, i) => at - sentAt[i]);
      for (const gap of gaps)
        expect(gap, String(gaps)).toBeGreaterThanOrEqual(LIVE_STREAM.loadCoalesceMs - 1);
      // The last reading's load went out: at once or trailing, after that reading was posted.
      expect(sentAt.at(-1)!).toBeGreaterThanOrEqual(lastPostStarted);
      expect(
        s.frames.filter((f) => f.data.type === 'scenic.load.crossed').map((f) => f.data),
      ).toEqual([
        { type: 'scenic.load.crossed', spotId: spot.id, line: 'warning', direction: 'up' },
        { type: 'scenic.load.crossed', spotId: spot.id, line: 'full', direction: 'up' },
        { type: 'scenic.load.crossed', spotId: spot.id, line: 'warning', direction: 'down' },
        { type: 'scenic.load.crossed', spotId: spot.id, line: 'full', direction: 'down' },
      ]);
      s.close();
    } finally {
      hub.publish = publishLive;
    }
  });

  it('streams maintenance started and ended when a window in force is created and removed', async () => {
    const s = await stream(user);
    const spots = (await admin.get('/api/scenic/spots?pageSize=20')).json().data.list as {
      id: number;
      dailyCapacity: number;
      activeWindow: unknown;
    }[];
    const spot = spots.find((x) => x.activeWindow === null)!;
    const now = Date.now();
    const res = await operator.post(`/api/scenic/spots/${spot.id}/maintenance`, {
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + 3_600_000).toISOString(),
      reason: '测试维护',
      capacity: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const windowId = res.json().data.id;
    await s.next((f) => f.data.type === 'scenic.maintenance.started');
    const del = await operator.delete(`/api/scenic/spots/${spot.id}/maintenance/${windowId}`);
    expect(del.statusCode, del.body).toBe(200);
    const ended = await s.next((f) => f.data.type === 'scenic.maintenance.ended');
    expect(ended.data).toEqual({ type: 'scenic.maintenance.ended', spotId: spot.id, windowId });

    // By the clock: a window starting in one minute and ending in the next; the job run after
    // each minute publishes the transition of that minute only.
    const base = Math.ceil(Date.now() / 60_000) * 60_000 + 120_000;
    const later = await operator.post(`/api/scenic/spots/${spot.id}/maintenance`, {
      startAt: new Date(base + 10_000).toISOString(),
      endAt: new Date(base + 70_000).toISOString(),
      reason: '定时维护',
      capacity: 0,
    });
    expect(later.statusCode, later.body).toBe(200);
    const laterId = later.json().data.id;
    const run = async (at: number) => {
      const r = await runJob(maintenanceEventsJob, t.services, new Date(at));
      expect(r.ran).toBe(true);
      return r.ran ? r.result : null;
    };
    expect(await run(base + 30_000)).toEqual({ started: 0, ended: 0 });
    expect(await run(base + 60_000)).toEqual({ started: 1, ended: 0 });
    await s.next(
      (f) => f.data.type === 'scenic.maintenance.started' && f.data.windowId === laterId,
    );
    expect(await run(base + 120_000 + 5_000)).toEqual({ started: 0, ended: 1 });
    await s.next((f) => f.data.type === 'scenic.maintenance.ended' && f.data.windowId === laterId);
    s.close();
  });
});

/**
 * How long to wait for something the server does at once before calling it missing: generous,
 * since a loaded 2-core box (or a garbage collection) can hold this process for seconds.
 */
const EVENT_WAIT_MS = 20_000;

async function until(cond: () => boolean, timeoutMs = EVENT_WAIT_MS) {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function waitCount(s: SseStream, type: string, n: number, timeoutMs = EVENT_WAIT_MS) {
  return until(() => s.frames.filter((f) => f.data.type === type).length >= n, timeoutMs);
}

/** Waits for the server to end `s`; fails (rather than hanging to the test timeout) if not. */
async function endedWithin(s: SseStream, timeoutMs = EVENT_WAIT_MS) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`stream not ended within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([s.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `fn` with the hub's periodic session check (every LIVE_STREAM.sessionRecheckMs) doing
 * nothing, so that a stream ending in `fn` was ended by a session event, whatever the time
 * taken. Checks for given users (the events' own) still run.
 */
async function withoutPeriodicRecheck(fn: () => Promise<void>) {
  const hub = t.app.liveHub;
  const recheck = hub.recheck;
  hub.recheck = function (this: typeof hub, userIds, reason) {
    return userIds ? recheck.call(this, userIds, reason) : Promise.resolve();
  };
  try {
    await fn();
  } finally {
    hub.recheck = recheck;
  }
}
