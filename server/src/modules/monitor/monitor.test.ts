// The monitor API (issue #16 part 3): the load board against the readings a test posts, a
// spot's panel, and the dispatch chat — the length limit, keyset history, stars per user,
// admin only, audited, and every message pushed to open monitors after it committed.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatPage,
  type MonitorBoard,
  type MonitorSpotPanel,
  type ScenicSpot,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { openStream, type SseStream } from '../../../test/support/sse';
import { auditLog } from '../audit/schema';

let t: TestApp;
let port: number;
let admin: Client;
let operator: Client;
let user: Client;
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [admin, operator, user] = await Promise.all([
    signedIn(t.app, 'admin'),
    signedIn(t.app, 'operator'),
    signedIn(t.app, 'user'),
  ]);
}, 60_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

let seq = 0;
const unique = (p: string) => `${p}${Date.now().toString(36)}${seq++}`;

/** A second administrator, signed in (stars are per user, chat goes between staff). */
async function anotherAdmin(): Promise<Client> {
  const username = unique('adm');
  const res = await admin.post('/api/system/users', {
    username,
    name: '值班主任',
    roles: ['admin'],
    password: 'Second123',
  });
  expect(res.statusCode, res.body).toBe(200);
  // A one-time password allows nothing but its change (issue 25 item 3): change it first.
  const c = await new Client(t.app).login({ username, password: 'Second123' });
  const changed = await c.post('/api/user/password', {
    oldPassword: 'Second123',
    newPassword: 'Second456',
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return c;
}

async function createSpot(instantCapacity: number): Promise<ScenicSpot> {
  const res = await operator.post(
    '/api/scenic/spots',
    spotBody({
      name: unique('监控测试景点'),
      dailyCapacity: instantCapacity * 10,
      instantCapacity,
      priceAdult: 0,
      priceChild: 0,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function reading(spotId: number, inPark: number, entries = inPark) {
  const res = await operator.post(`/api/scenic/spots/${spotId}/flow`, {
    readings: [{ at: new Date().toISOString(), entries, exits: 0, inPark }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const board = async (c: Client = admin) => {
  const res = await c.get('/api/monitor/board');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MonitorBoard;
};

const send = (c: Client, content: string) => c.post('/api/monitor/chat', { content });
const sent = async (c: Client, content: string) => {
  const res = await send(c, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ChatMessage;
};

describe('load board', () => {
  it('shows each spot in-park against capacity with its band, fullest first', async () => {
    const quiet = await createSpot(200);
    const crowded = await createSpot(400);
    const extreme = await createSpot(50);
    await reading(quiet.id, 40); // 20 %
    await reading(crowded.id, 320); // 80 %
    await reading(extreme.id, 48); // 96 %
    const b = await board();
    const byId = new Map(b.spots.map((s) => [s.id, s]));
    expect(byId.get(quiet.id)!.load).toMatchObject({
      inPark: 40,
      capacity: 200,
      loadPercent: 20,
      band: 'quiet',
      warning: false,
    });
    expect(byId.get(crowded.id)!.load).toMatchObject({
      inPark: 320,
      loadPercent: 80,
      band: 'crowded',
      warning: true,
    });
    expect(byId.get(extreme.id)!.load).toMatchObject({ inPark: 48, band: 'extreme' });
    expect(byId.get(extreme.id)!.status).toBe('limited');
    // Fullest first: the order the board shows by default.
    const pos = (id: number) => b.spots.findIndex((s) => s.id === id);
    expect(pos(extreme.id)).toBeLessThan(pos(crowded.id));
    expect(pos(crowded.id)).toBeLessThan(pos(quiet.id));
    const percents = b.spots.map((s) => s.load.inPark / s.instantCapacity);
    expect(percents).toEqual([...percents].sort((x, y) => y - x));
    // Every spot of the operation, in one call.
    const listed = await admin.get('/api/scenic/spots?pageSize=1');
    expect(b.total).toBe(listed.json().data.total);
    expect(b.spots.length).toBe(b.total);
    expect(b.warningPercent).toBe(80);
  });

  it('a new reading moves the spot on the next read', async () => {
    const spot = await createSpot(100);
    await reading(spot.id, 10);
    expect((await board()).spots.find((s) => s.id === spot.id)!.load.band).toBe('quiet');
    await reading(spot.id, 75, 65);
    const after = (await board()).spots.find((s) => s.id === spot.id)!;
    expect(after.load).toMatchObject({ inPark: 75, band: 'crowded' });
    expect(after.load.at).not.toBeNull();
  });

  it("answers a spot's panel: capacity, maintenance ahead, entries today", async () => {
    const spot = await createSpot(100);
    await reading(spot.id, 30, 30);
    await reading(spot.id, 50, 25);
    const start = new Date(Date.now() + 86_400_000);
    const win = await operator.post(`/api/scenic/spots/${spot.id}/maintenance`, {
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
      reason: '索道检修',
      capacity: 0,
    });
    expect(win.statusCode, win.body).toBe(200);
    const res = await admin.get(`/api/monitor/spots/${spot.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const panel = res.json().data as MonitorSpotPanel;
    expect(panel.spot).toMatchObject({
      id: spot.id,
      dailyCapacity: 1000,
      instantCapacity: 100,
      openTime: '00:00',
    });
    expect(panel.spot.load.inPark).toBe(50);
    expect(panel.entriesToday).toBe(55);
    expect(panel.windows).toEqual([
      expect.objectContaining({ reason: '索道检修', capacity: 0, phase: 'upcoming' }),
    ]);
    expect(panel.plannedToday).toEqual([]);
    expect((await admin.get('/api/monitor/spots/999999')).statusCode).toBe(404);
  });

  it('is the admin’s only (monitor:view)', async () => {
    expect((await operator.get('/api/monitor/board')).statusCode).toBe(403);
    expect((await user.get('/api/monitor/board')).statusCode).toBe(403);
    expect((await new Client(t.app).get('/api/monitor/board')).statusCode).toBe(401);
  });
});

describe('dispatch chat', () => {
  it(`takes up to ${CHAT_LIMITS.contentMax} characters, refuses more or none`, async () => {
    const max = '调'.repeat(CHAT_LIMITS.contentMax);
    const okRes = await send(admin, max);
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect((okRes.json().data as ChatMessage).content).toBe(max);
    // Emoji count as one character each, as a person counts them.
    expect((await send(admin, '🚌'.repeat(CHAT_LIMITS.contentMax))).statusCode).toBe(200);
    const tooLong = await send(admin, `${max}!`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields[0].path).toBe('content');
    expect((await send(admin, '   ')).statusCode).toBe(400);
    expect((await admin.post('/api/monitor/chat', { content: 'x', extra: 1 })).statusCode).toBe(
      400,
    );
  });

  it('pages the history newest first by keyset, without gaps or repeats', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await send(admin, `第 ${i} 条`);
      sent.push((res.json().data as ChatMessage).id);
    }
    const seen: number[] = [];
    let before: number | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const url: string = `/api/monitor/chat?pageSize=3${before ? `&before=${before}` : ''}`;
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as ChatPage;
      expect(page.list.length).toBeLessThanOrEqual(3);
      seen.push(...page.list.map((m) => m.id));
      before = page.next;
      if (before === null) break;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    // The newest page starts with the last message sent.
    expect(seen.slice(0, 7)).toEqual([...sent].reverse());
    expect((await admin.get('/api/monitor/chat?pageSize=51')).statusCode).toBe(400);
  });

  it('names the sender and stars per reader', async () => {
    const second = await anotherAdmin();
    const msg = await sent(second, '八达岭北门排队已过 200 米');
    expect(msg).toMatchObject({ name: '值班主任', starred: false });

    const starred = await admin.put(`/api/monitor/chat/${msg.id}/star`, { starred: true });
    expect(starred.statusCode, starred.body).toBe(200);
    expect(starred.json().data.starred).toBe(true);
    // The other reader does not see the first reader's star.
    expect((await second.get(`/api/monitor/chat/${msg.id}`)).json().data.starred).toBe(false);
    const history = (await admin.get('/api/monitor/chat?pageSize=5')).json().data as ChatPage;
    expect(history.list.find((m) => m.id === msg.id)!.starred).toBe(true);
    // Starring twice keeps one star; unstarring removes it.
    await admin.put(`/api/monitor/chat/${msg.id}/star`, { starred: true });
    const off = await admin.put(`/api/monitor/chat/${msg.id}/star`, { starred: false });
    expect(off.json().data.starred).toBe(false);
    expect((await admin.put('/api/monitor/chat/999999/star', { starred: true })).statusCode).toBe(
      404,
    );
  });

  it('is audited in the write, and refused to those without monitor:view', async () => {
    const msg = await sent(admin, '审计一下');
    const rows = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'monitor.chat.send'), eq(auditLog.entityId, String(msg.id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'admin', entityType: 'chat_message', result: 200 });

    for (const c of [operator, user]) {
      expect((await send(c, '我也想说')).statusCode).toBe(403);
      expect((await c.get('/api/monitor/chat')).statusCode).toBe(403);
      expect((await c.put(`/api/monitor/chat/${msg.id}/star`, { starred: true })).statusCode).toBe(
        403,
      );
    }
  });

  it('pushes each message to open monitors after it committed, not to others', async () => {
    const second = await anotherAdmin();
    const adminStream = await openStream(port, admin.cookie);
    const operatorStream = await openStream(port, operator.cookie);
    streams.push(adminStream, operatorStream);
    const msg = await sent(second, '故宫午门限流，请各团改走东华门');
    const frame = await adminStream.next(
      (f) => f.data.type === 'chat.message.created' && f.data.messageId === msg.id,
    );
    expect(frame.data).toEqual({ type: 'chat.message.created', messageId: msg.id });
    // The receiver reads the message it was told about.
    const read = await admin.get(`/api/monitor/chat/${msg.id}`);
    expect(read.json().data).toMatchObject({ content: '故宫午门限流，请各团改走东华门' });
    // A refused message publishes nothing; the operator (no monitor:view) never sees chat.
    await send(second, 'x'.repeat(CHAT_LIMITS.contentMax + 1));
    await send(second, '收到');
    await adminStream.next(
      (f) => f.data.type === 'chat.message.created' && Number(f.data.messageId) > msg.id,
    );
    const chatFrames = adminStream.frames.filter((f) => f.data.type === 'chat.message.created');
    expect(chatFrames).toHaveLength(2);
    expect(operatorStream.frames.some((f) => f.data.type === 'chat.message.created')).toBe(false);
  });

  it(`limits each sender to ${CHAT_LIMITS.sendPerMinute} messages a minute`, async () => {
    const sender = await anotherAdmin();
    const codes: number[] = [];
    for (let i = 0; i <= CHAT_LIMITS.sendPerMinute; i++)
      codes.push((await send(sender, `刷屏 ${i}`)).statusCode);
    expect(codes.slice(0, CHAT_LIMITS.sendPerMinute).every((c) => c === 200)).toBe(true);
    expect(codes[CHAT_LIMITS.sendPerMinute]).toBe(429);
    // Another sender is not held back by the first one's limit.
    expect((await send(admin, '我还能发')).statusCode).toBe(200);
  });
});
