// What an operator scrapes (issue 30 item 5): `GET /metrics` in Prometheus' text format, from
// prom-client, behind a bearer token from the environment (METRICS_TOKEN). Without a token
// the metrics are off — no hook runs — and `/metrics` answers 404.
//
// Per route (the route's pattern, never the raw URL: one series per route, whatever callers
// send): requests by status and a latency histogram; errors (5xx) apart. Beside them: the
// PostgreSQL pool's use, the live-event bus's lag (PostgreSQL: publish → LISTEN delivery), the
// open SSE streams, the allocation solver's runs, the backups' duration and size, and
// prom-client's process figures (CPU, memory, event-loop delay, GC).
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Database } from '../db/client';
import {
  backupsStored,
  eventsDelivered,
  solverRuns,
  type BackupStored,
  type EventDelivered,
  type SolverRun,
} from '../lib/ops-channels';
import { sendError } from './errors';

export const METRICS_PATH = '/metrics';
/** The stream a browser keeps open for live events (modules/events/routes.ts). */
const SSE_ROUTE = '/api/events';
/** Requests no route answered share one label. */
const UNMATCHED = 'unmatched';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Whether `header` is `Bearer <token>` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const metricsPlugin = fp<{ token: string | undefined; database: Database }>(
  async (app, { token, database }) => {
    if (!token) {
      // Off: the path is answered as no route (the host page's catch-all would serve HTML).
      app.get(METRICS_PATH, { schema: { hide: true } }, (_req, reply) =>
        sendError(reply, 'ROUTE_NOT_FOUND'),
      );
      return;
    }

    // A registry per app (tests run several apps in one process).
    const register = new client.Registry();
    client.collectDefaultMetrics({ register });

    const requests = new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [register],
    });
    const errors = new client.Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a 5xx status, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers: [register],
    });
    const latency = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [register],
    });
    let sseClients = 0;
    new client.Gauge({
      name: 'sse_clients',
      help: 'Live-event streams (GET /api/events) open on this instance',
      registers: [register],
      collect() {
        this.set(sseClients);
      },
    });
    const pool = database.poolUse;
    if (pool) {
      const use = new client.Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, max; waiting = queries queued for one',
        labelNames: ['state'] as const,
        registers: [register],
        collect() {
          const now = pool();
          use.set({ state: 'total' }, now.total);
          use.set({ state: 'idle' }, now.idle);
          use.set({ state: 'in_use' }, now.total - now.idle);
          use.set({ state: 'waiting' }, now.waiting);
          use.set({ state: 'max' }, now.max);
        },
      });
    }
    const busLag = new client.Histogram({
      name: 'event_bus_lag_seconds',
      help: 'Live events: from publishing (inside the writing transaction) to this instance hearing it (PostgreSQL LISTEN)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [register],
    });
    const solver = new client.Histogram({
      name: 'solver_run_duration_seconds',
      help: 'Allocation plans solved (count = runs), by method (highs or the greedy fallback)',
      labelNames: ['method'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30],
      registers: [register],
    });
    const backupDuration = new client.Histogram({
      name: 'backup_duration_seconds',
      help: 'Backups written (count = backups), by kind',
      labelNames: ['kind'] as const,
      buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers: [register],
    });
    const backupSize = new client.Gauge({
      name: 'backup_last_size_bytes',
      help: 'Size of the last backup written, compressed, by kind',
      labelNames: ['kind'] as const,
      registers: [register],
    });

    const onSolverRun = (message: unknown) => {
      const run = message as SolverRun;
      solver.observe(
        { method: run.method.startsWith('greedy') ? 'greedy' : run.method },
        run.seconds,
      );
    };
    const onBackup = (message: unknown) => {
      const stored = message as BackupStored;
      const seconds = (Date.now() - Date.parse(stored.startedAt)) / 1000;
      if (seconds >= 0) backupDuration.observe({ kind: stored.kind }, seconds);
      backupSize.set({ kind: stored.kind }, stored.bytes);
    };
    const onEvent = (message: unknown) => busLag.observe((message as EventDelivered).lagSeconds);
    solverRuns.subscribe(onSolverRun);
    backupsStored.subscribe(onBackup);
    eventsDelivered.subscribe(onEvent);
    app.addHook('onClose', async () => {
      solverRuns.unsubscribe(onSolverRun);
      backupsStored.unsubscribe(onBackup);
      eventsDelivered.unsubscribe(onEvent);
    });

    app.addHook('onRequest', (req, reply, done) => {
      if (req.routeOptions.url === SSE_ROUTE) {
        sseClients++;
        reply.raw.once('close', () => sseClients--);
      }
      done();
    });
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? UNMATCHED;
      const method = req.method;
      const status = reply.statusCode;
      requests.inc({ method, route, status });
      if (status >= 500) errors.inc({ method, route });
      latency.observe({ method, route }, reply.elapsedTime / 1000);
      done();
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, 'UNAUTHENTICATED');
      }
      reply.header('cache-control', 'no-store');
      return reply.type(register.contentType).send(await register.metrics());
    });
  },
);
