import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SCENIC_GATE_KEY_HEADER, type ScenicPlannedTeam, type ScenicSpot } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { auditLog } from '../audit/schema';

let t: TestApp;
let admin: Client;
let operator: Client;
let user: Client;

/** Teams planning each spot, as the team module's port would answer (passed at construction). */
const plannedTeams = new Map<number, ScenicPlannedTeam[]>();

beforeAll(async () => {
  t = await createTestApp({}, { plannedTeams: async (_db, id) => plannedTeams.get(id) ?? [] });
  [admin, operator, user] = await Promise.all([
    signedIn(t.app, 'admin'),
    signedIn(t.app, 'operator'),
    signedIn(t.app, 'user'),
  ]);
});
afterAll(() => t.close());

/** The audit row of a request; it commits with the write, so it is there with the answer. */
async function auditRow(action: string, entityId: string | number, result = 200) {
  const [row] = await t.services.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.entityId, String(entityId)),
        eq(auditLog.result, result),
      ),
    );
  if (!row) throw new Error(`no audit row for ${action} ${entityId}`);
  return row;
}

async function createSpot(over: Record<string, unknown> = {}): Promise<ScenicSpot> {
  const res = await operator.post('/api/scenic/spots', spotBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('spot validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['grade outside none/A…AAAAA', { grade: 'AAAAAA' }, 'grade'],
    ['category not in the dictionary', { category: 'casino' }, 'category'],
    ['latitude above 90', { latitude: 90.01 }, 'latitude'],
    ['latitude below -90', { latitude: -90.5 }, 'latitude'],
    ['longitude above 180', { longitude: 180.5 }, 'longitude'],
    ['longitude below -180', { longitude: -181 }, 'longitude'],
    ['daily capacity not positive', { dailyCapacity: 0 }, 'dailyCapacity'],
    ['instantaneous capacity not an integer', { instantCapacity: 10.5 }, 'instantCapacity'],
    ['instantaneous above daily', { dailyCapacity: 100, instantCapacity: 101 }, 'instantCapacity'],
    ['opening not before closing', { openTime: '18:00', closeTime: '08:00' }, 'closeTime'],
    ['opening equal to closing', { openTime: '09:00', closeTime: '09:00' }, 'closeTime'],
    ['time not HH:mm', { openTime: '9am' }, 'openTime'],
    ['negative adult price', { priceAdult: -1 }, 'priceAdult'],
    ['negative child price', { priceChild: -100 }, 'priceChild'],
    ['description over 2000 characters', { description: 'x'.repeat(2001) }, 'description'],
    ['code with spaces', { code: 'A B' }, 'code'],
    ['unknown field', { rating: 5 }, 'rating'],
  ];
  for (const [name, over, field] of cases) {
    it(`refuses ${name} with 400 on ${field}`, async () => {
      const res = await operator.post('/api/scenic/spots', spotBody(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    });
  }

  it('accepts the edges: latitude ±90, longitude ±180, price 0, 2000-character description', async () => {
    for (const over of [
      { latitude: 90, longitude: 180, priceAdult: 0, priceChild: 0 },
      { latitude: -90, longitude: -180, description: 'x'.repeat(2000) },
      { dailyCapacity: 100, instantCapacity: 100 },
    ]) {
      const res = await operator.post('/api/scenic/spots', spotBody(over));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('words the messages in the caller language', async () => {
    const zh = await operator.post('/api/scenic/spots', spotBody({ latitude: 91 }), {
      headers: { 'x-locale': 'zh-CN' },
    });
    const en = await operator.post('/api/scenic/spots', spotBody({ latitude: 91 }), {
      headers: { 'x-locale': 'en-US' },
    });
    expect(zh.json().fields).toEqual([{ path: 'latitude', message: '不能大于 90' }]);
    expect(en.json().fields).toEqual([{ path: 'latitude', message: 'Must be at most 90' }]);
  });

  it('words the scenic rules as the form does (instantaneous above daily)', async () => {
    const body = spotBody({ dailyCapacity: 100, instantCapacity: 101 });
    const zh = await operator.post('/api/scenic/spots', body, { headers: { 'x-locale': 'zh-CN' } });
    const en = await operator.post('/api/scenic/spots', body, { headers: { 'x-locale': 'en-US' } });
    expect(zh.json().fields).toEqual([
      { path: 'instantCapacity', message: '瞬时承载量不能大于日承载量' },
    ]);
    expect(en.json().fields).toEqual([
      {
        path: 'instantCapacity',
        message: 'The instantaneous capacity cannot exceed the daily capacity',
      },
    ]);
  });

  it('refuses a second spot with the same code with 409', async () => {
    const spot = await createSpot();
    const res = await operator.post('/api/scenic/spots', spotBody({ code: spot.code }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('DUPLICATE');
  });
});

describe('permissions', () => {
  it('lets every role read and only admin and operator write', async () => {
    for (const c of [admin, operator, user]) {
      expect((await c.get('/api/scenic/spots')).statusCode).toBe(200);
    }
    expect((await user.post('/api/scenic/spots', spotBody())).statusCode).toBe(403);
    expect((await admin.post('/api/scenic/spots', spotBody())).statusCode).toBe(200);
    const spot = await createSpot();
    expect(
      (await user.put(`/api/scenic/spots/${spot.id}`, { ...spotBody(), version: 1 })).statusCode,
    ).toBe(403);
    expect((await user.delete(`/api/scenic/spots/${spot.id}`)).statusCode).toBe(403);
    expect(
      (
        await user.post(`/api/scenic/spots/${spot.id}/maintenance`, {
          startAt: '2030-01-01T00:00:00Z',
          endAt: '2030-01-02T00:00:00Z',
          reason: 'x',
          capacity: 0,
        })
      ).statusCode,
    ).toBe(403);
    expect((await user.get(`/api/scenic/spots/${spot.id}/maintenance`)).statusCode).toBe(200);
    expect((await user.get('/api/scenic/spots/import/template')).statusCode).toBe(403);
  });

  it('lets only admins manage gate keys', async () => {
    const spot = await createSpot();
    const url = `/api/scenic/spots/${spot.id}/gate-keys`;
    expect((await operator.post(url, { name: 'Gate 1' })).statusCode).toBe(403);
    expect((await user.get(url)).statusCode).toBe(403);
    expect((await admin.post(url, { name: 'Gate 1' })).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(200);
  });

  it('answers 401 to a caller without a session', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/scenic/spots')).statusCode).toBe(401);
    expect((await anon.post('/api/scenic/spots', spotBody())).statusCode).toBe(401);
  });
});

describe('spots', () => {
  it('lists with filters, sort and pages', async () => {
    const res = await user.get(
      '/api/scenic/spots?pageSize=5&grade=AAAAA&sortField=dailyCapacity&sortOrder=descend',
    );
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data;
    expect(list.length).toBe(5);
    expect(total).toBeGreaterThan(5);
    expect(list.every((s: ScenicSpot) => s.grade === 'AAAAA')).toBe(true);
    const caps = list.map((s: ScenicSpot) => s.dailyCapacity);
    expect([...caps].sort((a, b) => b - a)).toEqual(caps);
    const page2 = (
      await user.get(
        '/api/scenic/spots?pageSize=5&current=2&grade=AAAAA&sortField=dailyCapacity&sortOrder=descend',
      )
    ).json().data;
    expect(page2.list[0].id).not.toBe(list[0].id);

    const kw = (await user.get(`/api/scenic/spots?keyword=${encodeURIComponent('故宫')}`)).json()
      .data;
    expect(kw.list.map((s: ScenicSpot) => s.code)).toEqual(['BJ-GUGONG']);
    const byCode = (await user.get('/api/scenic/spots?keyword=bj-gu')).json().data;
    expect(byCode.total).toBe(1);
    const region = (
      await user.get(
        `/api/scenic/spots?province=${encodeURIComponent('四川')}&city=${encodeURIComponent('成都')}`,
      )
    ).json().data;
    expect(region.total).toBe(2);
    const cat = (await user.get('/api/scenic/spots?category=mountain&pageSize=100')).json().data;
    expect(cat.list.every((s: ScenicSpot) => s.category === 'mountain')).toBe(true);
  });

  it('answers picker options by keyword a page at a time, and resolves any ids to their names', async () => {
    const all = (await user.get('/api/scenic/spots?pageSize=100')).json().data;
    const first = (await user.get('/api/scenic/spots/options?pageSize=5')).json().data;
    expect(first.list).toHaveLength(5);
    expect(first.total).toBe(all.total);
    expect(Object.keys(first.list[0]).sort()).toEqual(['code', 'id', 'name']);
    const codes = first.list.map((o: { code: string }) => o.code);
    expect([...codes].sort()).toEqual(codes);
    const second = (await user.get('/api/scenic/spots/options?pageSize=5&current=2')).json().data;
    expect(second.list[0].id).not.toBe(first.list[0].id);

    const kw = (
      await user.get(`/api/scenic/spots/options?keyword=${encodeURIComponent('故宫')}`)
    ).json().data;
    expect(kw.list.map((o: { code: string }) => o.code)).toEqual(['BJ-GUGONG']);
    // A literal %, not a wildcard.
    expect((await user.get('/api/scenic/spots/options?keyword=%25')).json().data.total).toBe(0);

    // The last spot by code sits past any first page; asking by id still finds it.
    const last = (
      await user.get('/api/scenic/spots?pageSize=1&sortField=code&sortOrder=descend')
    ).json().data.list[0] as ScenicSpot;
    const byId = (
      await user.get(`/api/scenic/spots/options?ids=${last.id},${last.id},999999`)
    ).json().data;
    expect(byId.list).toEqual([{ id: last.id, code: last.code, name: last.name }]);

    for (const bad of ['ids=abc', 'ids=0', 'ids=1,,2', 'pageSize=51', 'current=0']) {
      const res = await user.get(`/api/scenic/spots/options?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('filters by derived status the same way it reports it', async () => {
    const maintenance = (await user.get('/api/scenic/spots?status=maintenance&pageSize=100')).json()
      .data;
    expect(maintenance.list.map((s: ScenicSpot) => s.code)).toContain('SC-EMEISHAN');
    for (const status of ['open', 'limited', 'full', 'maintenance', 'closed']) {
      const page = (await user.get(`/api/scenic/spots?status=${status}&pageSize=100`)).json().data;
      expect(page.list.every((s: ScenicSpot) => s.status === status)).toBe(true);
    }
  });

  it('updates with the version read, refuses a stale version with 409, and audits the diff', async () => {
    const spot = await createSpot();
    const body = {
      ...spotBody({ code: spot.code, name: spot.name }),
      name: '改名景点',
      version: spot.version,
    };
    const first = await operator.put(`/api/scenic/spots/${spot.id}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(spot.version + 1);
    const stale = await admin.put(`/api/scenic/spots/${spot.id}`, { ...body, name: '另一个名字' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');
    expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.name).toBe('改名景点');

    const row = await auditRow('scenic.spot.update', spot.id);
    expect(row.diff).toEqual({ name: { before: spot.name, after: '改名景点' } });
    expect(row.entityType).toBe('scenic_spot');
  });

  it('deletes a spot no team plans, audited; a planned one gets 409 naming the teams', async () => {
    const spot = await createSpot();
    plannedTeams.set(spot.id, [
      {
        teamId: 7,
        code: 'T20300101001',
        name: '夕阳红一团',
        day: '2030-01-01',
        pax: 20,
        status: 'pending',
      },
    ]);
    try {
      const refused = await operator.delete(`/api/scenic/spots/${spot.id}`, {
        headers: { 'x-locale': 'en-US' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toContain('T20300101001');
      expect((await user.get(`/api/scenic/spots/${spot.id}/teams`)).json().data).toHaveLength(1);
    } finally {
      plannedTeams.delete(spot.id);
    }
    expect((await operator.delete(`/api/scenic/spots/${spot.id}?version=99`)).statusCode).toBe(409);
    const res = await operator.delete(`/api/scenic/spots/${spot.id}?version=${spot.version}`);
    expect(res.statusCode).toBe(200);
    expect((await user.get(`/api/scenic/spots/${spot.id}`)).statusCode).toBe(404);
    const row = await auditRow('scenic.spot.delete', spot.id);
    expect((row.diff as Record<string, { before: unknown }>).code.before).toBe(spot.code);
  });
});

describe('maintenance windows', () => {
  it('creates, edits and deletes a window; start < end; capacity 0…daily; no overlaps', async () => {
    const spot = await createSpot({ dailyCapacity: 1000 });
    const url = `/api/scenic/spots/${spot.id}/maintenance`;
    const body = {
      startAt: '2030-05-01T00:00:00+08:00',
      endAt: '2030-05-03T00:00:00+08:00',
      reason: '设备检修',
      capacity: 500,
    };
    expect((await operator.post(url, { ...body, endAt: body.startAt })).statusCode).toBe(400);
    expect((await operator.post(url, { ...body, capacity: 1001 })).statusCode).toBe(400);
    expect((await operator.post(url, { ...body, capacity: -1 })).statusCode).toBe(400);
    const created = await operator.post(url, body);
    expect(created.statusCode, created.body).toBe(200);
    const win = created.json().data;
    expect(win.phase).toBe('upcoming');

    const overlap = await operator.post(url, {
      ...body,
      startAt: '2030-05-02T00:00:00+08:00',
      endAt: '2030-05-04T00:00:00+08:00',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().msg).toContain(`#${win.id}`);
    // Back to back is fine.
    expect(
      (
        await operator.post(url, {
          ...body,
          startAt: body.endAt,
          endAt: '2030-05-04T00:00:00+08:00',
        })
      ).statusCode,
    ).toBe(200);

    const edited = await operator.put(`${url}/${win.id}`, {
      ...body,
      capacity: 0,
      version: win.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.capacity).toBe(0);
    expect(
      (await operator.put(`${url}/${win.id}`, { ...body, version: win.version })).statusCode,
    ).toBe(409);
    expect((await operator.delete(`${url}/${win.id}`)).statusCode).toBe(200);
    expect((await user.get(url)).json().data).toHaveLength(1);
  });
});

describe('visitor flow and derived status', () => {
  const flow = (c: Client, id: number, readings: unknown[], headers: Record<string, string> = {}) =>
    c.post(`/api/scenic/spots/${id}/flow`, { readings }, { headers });

  /** Runs `fn` with the scenic clock at local noon of a fixed day (readings are per day). */
  async function atNoon(fn: (at: (minutesBefore: number) => string) => Promise<void>) {
    const noon = new Date('2030-06-01T12:00:00+08:00');
    t.clock.set(noon);
    try {
      await fn((min) => new Date(noon.getTime() - min * 60_000).toISOString());
    } finally {
      t.clock.set(null);
    }
  }

  it('accepts staff readings and derives in-park from entries and exits of the same day', async () => {
    const spot = await createSpot();
    await atNoon(async (at) => {
      const res = await flow(operator, spot.id, [
        { at: at(20), entries: 30, exits: 0 },
        { at: at(10), entries: 20, exits: 5 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.load.inPark).toBe(45);
      // Hourly buckets come from the roll-up kept at ingest; 5-minute ones from the readings.
      for (const bucket of ['1h', '5m']) {
        const series = (
          await user.get(
            `/api/scenic/spots/${spot.id}/load?bucket=${bucket}&from=${at(120)}&to=${at(0)}`,
          )
        ).json().data;
        const sum = series.points.reduce((n: number, p: { entries: number }) => n + p.entries, 0);
        const peak = Math.max(...series.points.map((p: { inPark: number }) => p.inPark));
        expect([bucket, sum, peak]).toEqual([bucket, 50, 45]);
      }
      // A reading ahead of the clock (beyond device drift) is refused.
      const next = await flow(operator, spot.id, [{ at: at(-12 * 60 - 5), entries: 3, exits: 0 }]);
      expect(next.statusCode).toBe(400); // in the future of the clock
      expect((await flow(user, spot.id, [{ at: at(1), entries: 1, exits: 0 }])).statusCode).toBe(
        403,
      );
      expect(
        (await flow(new Client(t.app), spot.id, [{ at: at(1), entries: 1, exits: 0 }])).statusCode,
      ).toBe(401);
    });
    const yesterday = await createSpot();
    const late = new Date('2030-05-31T23:50:00+08:00').toISOString();
    const early = new Date('2030-06-01T00:10:00+08:00').toISOString();
    await atNoon(async () => {
      const res = await flow(operator, yesterday.id, [
        { at: late, entries: 100, exits: 0 },
        { at: early, entries: 20, exits: 5 },
      ]);
      expect(res.json().data.load.inPark).toBe(15);
    });
  });

  it('accepts a valid gate key, refuses a revoked one (401) and one of another spot (403)', async () => {
    const spot = await createSpot();
    const other = await createSpot();
    const created = (
      await admin.post(`/api/scenic/spots/${spot.id}/gate-keys`, { name: '东门闸机' })
    ).json().data;
    expect(created.key).toMatch(/^sgk_/);
    const listed = (await admin.get(`/api/scenic/spots/${spot.id}/gate-keys`)).json().data;
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const reading = [{ at: new Date().toISOString(), entries: 5, exits: 0 }];
    // A device sends no session and no CSRF header.
    const send = (id: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/scenic/spots/${id}/flow`,
        headers: { [SCENIC_GATE_KEY_HEADER]: key },
        payload: { readings: reading },
      });
    const okRes = await send(spot.id, created.key);
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect((await send(other.id, created.key)).statusCode).toBe(403);
    expect((await send(spot.id, 'sgk_not-a-real-key')).statusCode).toBe(401);

    const revoked = await admin.delete(`/api/scenic/spots/${spot.id}/gate-keys/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const after = await send(spot.id, created.key);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('GATE_KEY_INVALID');

    const audit = await auditRow('scenic.gateKey.create', created.id);
    expect(JSON.stringify(audit)).not.toContain(created.key);
  });

  it('derives status and band at the edges of capacity (instantaneous 100, warning 80 %)', async () => {
    const spot = await createSpot({ instantCapacity: 100, dailyCapacity: 1000 });
    const expectations: [number, string, string][] = [
      [29, 'open', 'quiet'],
      [30, 'open', 'comfortable'],
      [69, 'open', 'comfortable'],
      [70, 'open', 'crowded'],
      [79, 'open', 'crowded'],
      [80, 'limited', 'crowded'],
      [90, 'limited', 'crowded'],
      [91, 'limited', 'extreme'],
      [99, 'limited', 'extreme'],
      [100, 'full', 'extreme'],
      [120, 'full', 'extreme'],
    ];
    await atNoon(async (at) => {
      let minute = 60;
      for (const [inPark, status, band] of expectations) {
        await flow(operator, spot.id, [{ at: at(minute--), entries: 0, exits: 0, inPark }]);
        const got = (await user.get(`/api/scenic/spots/${spot.id}`)).json().data as ScenicSpot;
        expect([inPark, got.status, got.load.band]).toEqual([inPark, status, band]);
        expect(got.load.warning).toBe(inPark >= 80);
      }
    });
  });

  it('takes the warning percent from system config', async () => {
    const spot = await createSpot({ instantCapacity: 100, dailyCapacity: 1000 });
    await atNoon(async (at) => {
      await flow(operator, spot.id, [{ at: at(1), entries: 0, exits: 0, inPark: 75 }]);
      expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('open');
      await t.services.config.set('capacity.warningPercent', 70, null);
      try {
        expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('limited');
      } finally {
        await t.services.config.reset('capacity.warningPercent');
      }
    });
  });

  it('is closed outside opening hours and in maintenance inside a window', async () => {
    const spot = await createSpot({ openTime: '08:00', closeTime: '17:00' });
    try {
      t.clock.set('2030-06-01T07:59:00+08:00');
      expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('closed');
      t.clock.set('2030-06-01T08:00:00+08:00');
      expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('open');
      t.clock.set('2030-06-01T17:00:00+08:00');
      expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('closed');

      await operator.post(`/api/scenic/spots/${spot.id}/maintenance`, {
        startAt: '2030-06-01T09:00:00+08:00',
        endAt: '2030-06-01T12:00:00+08:00',
        reason: '检修',
        capacity: 500,
      });
      t.clock.set('2030-06-01T09:00:00+08:00');
      const inside = (await user.get(`/api/scenic/spots/${spot.id}`)).json().data as ScenicSpot;
      expect(inside.status).toBe('maintenance');
      // Capacity in force shrinks with the window: 100 × 500 / 1000.
      expect(inside.load.capacity).toBe(50);
      t.clock.set('2030-06-01T12:00:00+08:00');
      expect((await user.get(`/api/scenic/spots/${spot.id}`)).json().data.status).toBe('open');
    } finally {
      t.clock.set(null);
    }
  });

  it('answers load per bucket with capacity and band', async () => {
    const gugong = (await user.get('/api/scenic/spots?keyword=BJ-GUGONG')).json().data
      .list[0] as ScenicSpot;
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const res = await user.get(
      `/api/scenic/spots/${gugong.id}/load?from=${from.toISOString()}&to=${to.toISOString()}&bucket=1d`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json().data;
    expect(series.points.length).toBeGreaterThanOrEqual(29);
    expect(series.instantCapacity).toBe(gugong.instantCapacity);
    for (const p of series.points) {
      expect(p.entries).toBeGreaterThan(0);
      expect(p.entries).toBeLessThanOrEqual(gugong.dailyCapacity);
      expect(['quiet', 'comfortable', 'crowded', 'extreme']).toContain(p.band);
    }
    const today = await user.get(`/api/scenic/spots/${gugong.id}/load?bucket=15m`);
    expect(today.statusCode).toBe(200);
    const tooLong = await user.get(
      `/api/scenic/spots/${gugong.id}/load?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z&bucket=5m`,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});
