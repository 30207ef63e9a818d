// What an operator of the service expects (issue 30 item 5): Prometheus metrics behind a token,
// readiness apart from liveness, JSON logs naming the request id the answer carries.
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS } from '@console/shared';
import { createTestApp, dbKind, signedIn, type TestApp } from '../../test/support/app';
import { openStream } from '../../test/support/sse';
import { solveOffThread, stopSolverThread } from '../modules/allocation/solver-thread';
import { uniformPlanProblem } from '../modules/allocation/solver-instances';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of one sample line (`name{labels} value`) of an exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {}, { jobs: false });
  });
  afterAll(() => t.close());

  it('is off: 404 in the error envelope, whatever the caller sends', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN }, {}, { jobs: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await stopSolverThread();
    await t.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a missing or wrong token with 401 and a Bearer challenge', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts requests per route pattern and status, with a latency histogram', async () => {
    const admin = await signedIn(t.app, 'admin');
    const before = await scrape();
    const count = (text: string) =>
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/user/info',
        status: '200',
      }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await admin.get('/api/user/info')).statusCode).toBe(200);
    // A route with a parameter is one series, whatever the id; an unknown path is `unmatched`.
    await admin.get('/api/system/users/1');
    await admin.get('/api/system/users/2');
    await admin.get('/api/no-such-route');
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(
      sample(after, 'http_requests_total', { route: '/api/system/users/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('/api/system/users/1"');
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/user/info',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(after, 'http_request_duration_seconds_bucket', {
        route: '/api/user/info',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(after).toContain('# TYPE http_request_errors_total counter');
    // prom-client's process figures.
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the open live-event streams', async () => {
    const admin = await signedIn(t.app, 'admin');
    const before = sample(await scrape(), 'sse_clients') ?? 0;
    const stream = await openStream(port, admin.cookie);
    expect(stream.status).toBe(200);
    expect(sample(await scrape(), 'sse_clients')).toBe(before + 1);
    stream.close();
    await expect
      // The server sees the client go when its socket closes: waited for (20 s for a loaded box).
      .poll(async () => sample(await scrape(), 'sse_clients'), { timeout: 20_000 })
      .toBe(before);
  });

  it('reports a backup’s duration and size, and the solver’s runs', async () => {
    const admin = await signedIn(t.app, 'admin');
    const res = await admin.post('/api/backups', {});
    expect(res.statusCode).toBe(200);
    const solution = await solveOffThread(
      uniformPlanProblem({ teams: 10, guides: 8, density: 0.5, seed: 1 }),
      { timeLimitMs: 10_000 },
    );
    const text = await scrape();
    expect(sample(text, 'backup_duration_seconds_count', { kind: 'manual' })).toBe(1);
    expect(sample(text, 'backup_last_size_bytes', { kind: 'manual' })).toBeGreaterThan(0);
    const method = solution.method.startsWith('greedy') ? 'greedy' : solution.method;
    expect(sample(text, 'solver_run_duration_seconds_count', { method })).toBeGreaterThanOrEqual(1);
  });

  it.runIf(dbKind() === 'postgres')(
    'reports the pool’s use and the event bus’s lag (PostgreSQL)',
    async () => {
      const admin = await signedIn(t.app, 'admin');
      // A write that publishes an event (a settings save says the user's session changed).
      const saved = await admin.put('/api/user/settings', {
        ...DEFAULT_USER_SETTINGS,
        colorWeak: true,
      });
      expect(saved.statusCode).toBe(200);
      await expect
        .poll(async () => sample(await scrape(), 'event_bus_lag_seconds_count') ?? 0, {
          timeout: 20_000, // the event's way back through LISTEN, on a loaded box too
        })
        .toBeGreaterThanOrEqual(1);
      const text = await scrape();
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(20);
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    },
  );
});

describe('readiness apart from liveness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {}, { jobs: false });
  });
  afterAll(() => t.close());

  it('is ready with the database up and every migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'ready',
      database: { kind: dbKind(), status: 'up' },
      pendingMigrations: 0,
      shuttingDown: false,
    });
  });

  it('is not ready while the database lacks a migration of this build; live all the while', async () => {
    // As while another instance is migrating: the last migration not yet recorded.
    const migrations = sql.raw('drizzle.__drizzle_migrations');
    const last = sql`(select max(created_at) from ${migrations})`;
    await t.database.db.execute(
      sql`update ${migrations} set created_at = created_at - 1 where created_at = ${last}`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: 'UNAVAILABLE',
        data: { status: 'not_ready', pendingMigrations: 1, database: { status: 'up' } },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`update ${migrations} set created_at = created_at + 1 where created_at = ${last}`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready once the database is gone', async () => {
    const own = await createTestApp({}, {}, { jobs: false });
    await own.database.close();
    const gone = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json().data).toMatchObject({
      status: 'not_ready',
      database: { status: 'down' },
      pendingMigrations: null,
    });

    await own.close().catch(() => undefined);
  });
});

describe('logs', () => {
  it('are JSON lines, each request’s naming the id its answer carries', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    const t = await createTestApp({ logLevel: 'info' }, {}, { jobs: false, logger: { stream } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const refused = await t.app.inject({ method: 'GET', url: '/api/user/info' });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(refused.headers['x-request-id']).toBe(refused.json().requestId);
      await new Promise((r) => setImmediate(r));
      const mine = lines.filter((l) => l.reqId === id);
      // One line per request, at its answer, naming the request and the answer.
      expect(mine.map((l) => l.msg)).toEqual(['request completed']);
      expect(mine[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(mine[0].responseTime).toEqual(expect.any(Number));
      expect(lines.some((l) => l.reqId === refused.headers['x-request-id'])).toBe(true);
    } finally {
      await t.close();
    }
  });
});
