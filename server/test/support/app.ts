// A fresh server on a private copy of the seeded test database, for one test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type Clock } from '@console/shared';
import { openDatabase, type Database } from '../../src/db/client';
import { buildApp } from '../../src/app';
import type { ServicePorts, Services } from '../../src/services';
import type { ServerEnv } from '../../src/config/env';
import { testEnv } from './env';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  /** The services' clock: real time until a test stops it with `set(at)`. */
  clock: TestClock;
  close(): Promise<void>;
}

/** A clock a test can stop at an instant and release again (`set(null)`). */
export class TestClock implements Clock {
  private stoppedAt: Date | null = null;
  now(): Date {
    return this.stoppedAt ? new Date(this.stoppedAt) : new Date();
  }
  set(at: Date | string | null) {
    this.stoppedAt = at === null ? null : new Date(at);
  }
}

export const dbKind = () => (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (dbKind() === 'postgres') {
    const tplUrl = inject('templateDatabaseUrl');
    const template = new URL(tplUrl).pathname.slice(1);
    const name = `${template.replace(/_tpl$/, '')}_f${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(tplUrl, name) });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  const tarball = fs.readFileSync(inject('templateDataDir'));
  const database = await openDatabase({ memory: true, loadDataDir: new Blob([tarball]) });
  return { database, drop: async () => {} };
}

export async function createTestApp(
  envOverrides: Partial<ServerEnv> = {},
  ports: Partial<Omit<ServicePorts, 'clock'>> = {},
  /** `jobs: false`: no background jobs write while the test runs (they run on by default). */
  options: { jobs?: boolean; logger?: { stream: NodeJS.WritableStream } } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const clock = new TestClock();
  // A section store of its own unless given: a test that publishes never writes the real one.
  const ownSectionsDir =
    envOverrides.sectionsDir === undefined
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-sections-'))
      : null;
  const { app, services } = await buildApp({
    database,
    env: testEnv({ ...(ownSectionsDir ? { sectionsDir: ownSectionsDir } : {}), ...envOverrides }),
    ports: { ...ports, clock },
    jobs: options.jobs,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      if (ownSectionsDir) fs.rmSync(ownSectionsDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  admin: { username: 'admin', password: 'Admin123' },
  operator: { username: 'operator', password: 'Operator123' },
  user: { username: 'user', password: 'User1234' },
} as const;

/** A signed-in caller: sends the session cookie and the CSRF header on every request. */
export class Client {
  cookie: string | undefined;
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      remoteAddress: this.ip,
      ...opts,
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(this.cookie ? { cookie: `tc_session=${this.cookie}` } : {}),
        ...(opts.headers ?? {}),
      },
    });
    const set = res.cookies.find((c) => c.name === 'tc_session');
    if (set) this.cookie = set.value || undefined;
    return res;
  }

  get = (url: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    this.request({ ...opts, method: 'GET', url });
  post = (url: string, payload?: unknown, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    this.request({ ...opts, method: 'POST', url, payload: payload as InjectOptions['payload'] });
  put = (url: string, payload?: unknown, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    this.request({ ...opts, method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  delete = (url: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
    this.request({ ...opts, method: 'DELETE', url });

  async login(who: { username: string; password: string }) {
    const res = await this.post('/api/user/login', who);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return this;
  }
}

export async function signedIn(app: FastifyInstance, role: keyof typeof DEMO) {
  return new Client(app).login(DEMO[role]);
}
