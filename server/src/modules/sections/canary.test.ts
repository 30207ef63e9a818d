// Canary pins, browser reports and the automatic rollback (issue 30), through the API on the
// test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canaryBucket,
  SECTION_REPORT_LIMITS,
  type SectionHealthResponse,
  type SectionPinsResponse,
} from '@console/shared/contracts/sections';
import type { SystemConfigEntry, SystemConfigKey } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { signedInUser } from '../../../test/support/users';
import { auditLog } from '../audit/schema';
import { runSectionsCommand, type CliContext } from '../../cli/sections';
import { sectionReports, sectionServed } from './schema';
import { fakeRemotes, type FakeBuild } from './test-bundles';
import { runJob } from '../../jobs/scheduler';
import { sectionHealthPurgeJob } from '../../jobs/section-health-purge';

let t: TestApp;
let admin: Client;
let remotes: FakeBuild;
let storeDir: string;
let cli: CliContext;
const lines: string[] = [];
const ENV = 'development';

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-canary-store-'));
  t = await createTestApp({ sectionsDir: storeDir }, {}, { jobs: false });
  remotes = fakeRemotes(t.services.sections.options.hostPackageJson);
  cli = {
    db: t.services.db,
    options: { ...t.services.sections.options, remotesDir: remotes.remotesDir },
    actor: { id: null, name: 'cli:test' },
    out: (line) => lines.push(line),
  };
  admin = await signedIn(t.app, 'admin');
  for (const [name, versions] of [
    ['guide', ['1.0.0+c1', '1.1.0+c2', '1.2.0+c3']],
    ['team', ['2.0.0+c1', '2.1.0+c2']],
    ['scenic', ['3.0.0+c1', '3.1.0+c2']],
  ] as const) {
    for (const v of versions) {
      remotes.build(name, v);
      await runSectionsCommand(['publish', name, '--version', v], cli);
    }
    await runSectionsCommand(['pin', ENV, name, versions[0]], cli);
  }
});
afterAll(async () => {
  await t.close();
  remotes.cleanup();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const post = (name: string, move: string, body: Record<string, unknown>, c = admin) =>
  c.post(`/api/sections/${name}/${move}`, body);

async function lastAudit() {
  const [row] = await t.services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

async function pinState(name: string) {
  const envs = (await admin.get('/api/sections/environments')).json().data as {
    name: string;
    pins: Record<string, { version: string; canary: { version: string; share: number } | null }>;
  }[];
  return envs.find((e) => e.name === ENV)!.pins[name];
}

const pinsOf = async (c: Client) =>
  (await c.get('/api/sections/pins')).json().data as SectionPinsResponse;

async function saveConfig(key: SystemConfigKey, value: unknown) {
  const entries = (await admin.get('/api/system-config')).json().data as SystemConfigEntry[];
  const { version } = entries.find((e) => e.key === key)!;
  const res = await admin.put('/api/system-config', { changes: [{ key, value, version }] });
  expect(res.statusCode, res.body).toBe(200);
}

const report = (c: Client, reports: Record<string, unknown>[]) =>
  c.post('/api/sections/reports', { reports });

/** Signed-in users until `count` fall in the canary of `share` % and `count` outside it. */
async function usersBothSides(section: string, share: number, count: number) {
  const inside: { client: Client; id: number }[] = [];
  const outside: { client: Client; id: number }[] = [];
  while (inside.length < count || outside.length < count) {
    const { client, user } = await signedInUser(t, admin, ['user']);
    const side = canaryBucket(user.id, ENV, section) < share ? inside : outside;
    if (side.length < count) side.push({ client, id: user.id });
  }
  return { inside, outside };
}

describe('canary moves (set, widen, promote, abort)', () => {
  it('starts a canary beside the pin, audited, in the history with its share', async () => {
    const res = await post('guide', 'canary', {
      environment: ENV,
      version: '1.1.0+c2',
      share: 10,
      reason: 'try c2',
      expectedCurrent: '1.0.0+c1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      environment: ENV,
      section: 'guide',
      action: 'canary',
      pinned: '1.0.0+c1',
      canary: '1.1.0+c2',
      share: 10,
    });
    expect(await pinState('guide')).toMatchObject({
      version: '1.0.0+c1',
      canary: { version: '1.1.0+c2', share: 10 },
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'system.sections.canary',
      entityId: `${ENV}/guide`,
      username: 'admin',
    });
    expect(audit.diff).toMatchObject({
      canaryVersion: { before: null, after: '1.1.0+c2' },
      canaryShare: { before: null, after: 10 },
    });
  });

  it('refuses a second canary, the pinned version as canary, a bad share and a stale pin', async () => {
    const second = await post('guide', 'canary', {
      environment: ENV,
      version: '1.2.0+c3',
      share: 5,
      reason: 'x',
    });
    expect(second.statusCode).toBe(409);
    const pinned = await post('team', 'canary', {
      environment: ENV,
      version: '2.0.0+c1',
      share: 5,
      reason: 'x',
    });
    expect(pinned.statusCode).toBe(409);
    for (const share of [0, 100, 12.5]) {
      const bad = await post('team', 'canary', {
        environment: ENV,
        version: '2.1.0+c2',
        share,
        reason: 'x',
      });
      expect(bad.statusCode, `share ${share}`).toBe(400);
    }
    const stale = await post('team', 'canary', {
      environment: ENV,
      version: '2.1.0+c2',
      share: 5,
      reason: 'x',
      expectedCurrent: '2.1.0+c2',
    });
    expect(stale.statusCode).toBe(409);
    const unknown = await post('team', 'canary', {
      environment: ENV,
      version: '9.9.9+none',
      share: 5,
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await pinState('team')).canary).toBeNull();
  });

  it('widens (only upwards) and aborts; the history shows every move', async () => {
    const widened = await post('guide', 'canary/widen', {
      environment: ENV,
      share: 50,
      reason: 'wider',
      expectedCanary: '1.1.0+c2',
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await lastAudit()).action).toBe('system.sections.widen');
    const narrower = await post('guide', 'canary/widen', {
      environment: ENV,
      share: 20,
      reason: 'narrow',
    });
    expect(narrower.statusCode).toBe(409);
    const wrongCanary = await post('guide', 'canary/abort', {
      environment: ENV,
      reason: 'stop',
      expectedCanary: '1.2.0+c3',
    });
    expect(wrongCanary.statusCode).toBe(409);
    const aborted = await post('guide', 'canary/abort', { environment: ENV, reason: 'stop' });
    expect(aborted.statusCode, aborted.body).toBe(200);
    expect(aborted.json().data).toMatchObject({ action: 'abort', canary: null, share: null });
    expect((await pinState('guide')).canary).toBeNull();
    expect(
      (await post('guide', 'canary/abort', { environment: ENV, reason: 'again' })).statusCode,
    ).toBe(409);

    const history = (
      await admin.get(`/api/sections/history?environment=${ENV}&section=guide`)
    ).json().data.list as {
      action: string;
      fromVersion: string;
      toVersion: string;
      share: number;
    }[];
    expect(history.slice(0, 3).map((h) => [h.action, h.fromVersion, h.toVersion, h.share])).toEqual(
      [
        ['abort', '1.1.0+c2', '1.0.0+c1', null],
        ['widen', '1.1.0+c2', '1.1.0+c2', 50],
        ['canary', '1.0.0+c1', '1.1.0+c2', 10],
      ],
    );
  });

  it('promotes: the canary becomes the pin, and a rollback goes back to the old pin', async () => {
    await runSectionsCommand(['canary', ENV, 'scenic', '3.1.0+c2', '--share', '30'], cli);
    expect(lines.at(-1)).toContain('3.1.0+c2');
    expect((await pinState('scenic')).canary).toMatchObject({ version: '3.1.0+c2', share: 30 });
    await runSectionsCommand(['canary', 'widen', ENV, 'scenic', '--share', '60'], cli);
    expect((await pinState('scenic')).canary).toMatchObject({ share: 60 });
    await runSectionsCommand(['canary', 'promote', ENV, 'scenic', '--reason', 'good'], cli);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'system.sections.promote', username: 'cli:test' });
    expect(await pinState('scenic')).toMatchObject({ version: '3.1.0+c2', canary: null });
    const envs = (await admin.get('/api/sections/environments')).json().data;
    expect(envs.find((e: { name: string }) => e.name === ENV).pins.scenic.rollbackTo).toBe(
      '3.0.0+c1',
    );
    await runSectionsCommand(['canary', ENV, 'scenic', '3.0.0+c1', '--share', '5'], cli);
    await runSectionsCommand(['canary', 'abort', ENV, 'scenic'], cli);
    expect((await pinState('scenic')).canary).toBeNull();
    await expect(runSectionsCommand(['canary', 'widen', ENV, 'scenic'], cli)).rejects.toThrow(
      /--share/,
    );
  });

  it('a new pin ends a running canary, and says so in the history', async () => {
    await post('team', 'canary', { environment: ENV, version: '2.1.0+c2', share: 5, reason: 'x' });
    const res = await admin.post('/api/sections/team/pin', {
      environment: ENV,
      version: '2.1.0+c2',
      reason: 'pin it outright',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pinState('team')).toMatchObject({ version: '2.1.0+c2', canary: null });
    const [latest] = (
      await admin.get(`/api/sections/history?environment=${ENV}&section=team`)
    ).json().data.list;
    expect(latest).toMatchObject({ action: 'abort', fromVersion: '2.1.0+c2' });
    await admin.post('/api/sections/team/rollback', { environment: ENV, reason: 'back' });
  });
});

describe('buckets', () => {
  it('a user keeps one version per bucket across sessions; signed out gets the pin', async () => {
    await post('guide', 'canary', {
      environment: ENV,
      version: '1.2.0+c3',
      share: 50,
      reason: 'b',
    });
    const { inside, outside } = await usersBothSides('guide', 50, 1);
    for (const [who, expected] of [
      [inside[0], '1.2.0+c3'],
      [outside[0], '1.0.0+c1'],
    ] as const) {
      const pins = await pinsOf(who.client);
      expect(pins.personal).toBe(true);
      expect(pins.sections.guide).toMatchObject({
        version: expected,
        canary: expected === '1.2.0+c3',
        bucket: canaryBucket(who.id, ENV, 'guide'),
        entry: `/sections/guide/${expected}/mf-manifest.json`,
      });
      // The same user on a second session (another browser, another instance): the same version.
      expect((await pinsOf(who.client)).sections.guide!.version).toBe(expected);
    }
    const anonymous = await pinsOf(new Client(t.app));
    expect(anonymous.personal).toBe(false);
    expect(anonymous.sections.guide).toMatchObject({ version: '1.0.0+c1', bucket: null });
  });

  it('shows the admin a user’s bucket and version per section', async () => {
    const { user } = await signedInUser(t, admin, ['user']);
    const res = await admin.get(
      `/api/sections/buckets?environment=${ENV}&username=${user.username}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const guide = res.json().data.sections.find((s: { section: string }) => s.section === 'guide');
    const bucket = canaryBucket(user.id, ENV, 'guide');
    expect(guide).toEqual({
      section: 'guide',
      bucket,
      canary: bucket < 50,
      version: bucket < 50 ? '1.2.0+c3' : '1.0.0+c1',
    });
    expect(
      (await admin.get(`/api/sections/buckets?environment=${ENV}&username=nobody-here`)).statusCode,
    ).toBe(404);
    await post('guide', 'canary/abort', { environment: ENV, reason: 'done' });
  });
});

describe('browser reports', () => {
  it('counts reports of versions the session was given; ignores others; bounded per session', async () => {
    const { client, user } = await signedInUser(t, admin, ['user']);
    await pinsOf(client);
    const good = {
      section: 'guide',
      version: '1.0.0+c1',
      kind: 'render',
      message: 'boom',
      count: 2,
    };
    const res = await report(client, [
      good,
      { ...good, version: '1.1.0+c2' }, // not given to this session
      { ...good, kind: 'uncaught', message: 'TypeError: x is undefined', count: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accepted: 2, ignored: 1 });
    await report(client, [good]);
    const rows = await t.services.db
      .select()
      .from(sectionReports)
      .where(eq(sectionReports.message, 'boom'));
    expect(rows.map((r) => r.count)).toEqual([4]);

    // At most rowsPerSession distinct rows a session; counts into existing rows go on.
    const many = Array.from({ length: SECTION_REPORT_LIMITS.rowsPerSession + 5 }, (_, i) => ({
      ...good,
      message: `distinct ${i}`,
    }));
    let accepted = 0;
    for (let i = 0; i < many.length; i += SECTION_REPORT_LIMITS.perBatch) {
      accepted += (await report(client, many.slice(i, i + SECTION_REPORT_LIMITS.perBatch))).json()
        .data.accepted;
    }
    expect(accepted).toBe(SECTION_REPORT_LIMITS.rowsPerSession - 2);
    const served = await t.services.db
      .select()
      .from(sectionServed)
      .where(eq(sectionServed.userId, user.id));
    expect(served.length).toBe(3); // guide, team, scenic: one row each
  });

  it('refuses a malformed batch with 400 and stores nothing', async () => {
    const { client } = await signedInUser(t, admin, ['user']);
    await pinsOf(client);
    const one = { section: 'guide', version: '1.0.0+c1', kind: 'render', message: 'm', count: 1 };
    for (const body of [
      { reports: [] },
      { reports: Array.from({ length: SECTION_REPORT_LIMITS.perBatch + 1 }, () => one) },
      { reports: [{ ...one, message: 'x'.repeat(SECTION_REPORT_LIMITS.messageMax + 1) }] },
      { reports: [{ ...one, kind: 'other' }] },
      { reports: [{ ...one, section: 'nope' }] },
      { reports: [{ ...one, count: 0 }] },
      { reports: [{ ...one, extra: 1 }] },
    ]) {
      expect((await client.post('/api/sections/reports', body)).statusCode).toBe(400);
    }
    expect(
      (await new Client(t.app).post('/api/sections/reports', { reports: [one] })).statusCode,
    ).toBe(401);
  });

  it('limits the batches of one session a minute (429)', async () => {
    const { client } = await signedInUser(t, admin, ['user']);
    await pinsOf(client);
    const one = [{ section: 'team', version: '2.0.0+c1', kind: 'load', message: 'x', count: 1 }];
    const codes: number[] = [];
    for (let i = 0; i <= SECTION_REPORT_LIMITS.batchesPerMinute; i++) {
      codes.push((await report(client, one)).statusCode);
    }
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('the hourly retention job removes what is older than the limit', async () => {
    const old = new Date(Date.now() - (SECTION_REPORT_LIMITS.retentionDays + 1) * 86_400_000);
    await t.services.db
      .update(sectionReports)
      .set({ lastAt: old })
      .where(eq(sectionReports.message, 'boom'));
    const run = await runJob(sectionHealthPurgeJob, t.services, new Date());
    expect(run).toMatchObject({ ran: true, result: { reports: 1 } });
    expect(
      await t.services.db.select().from(sectionReports).where(eq(sectionReports.message, 'boom')),
    ).toEqual([]);
  });
});

describe('health figures', () => {
  it('per version: sessions served, sessions with an error, the rate and top errors, by window', async () => {
    const { client: a } = await signedInUser(t, admin, ['user']);
    const { client: b } = await signedInUser(t, admin, ['user']);
    await Promise.all([pinsOf(a), pinsOf(b)]);
    const before = (await admin.get(`/api/sections/health?environment=${ENV}&window=hour`)).json()
      .data as SectionHealthResponse;
    const scenicBefore = before.versions.find(
      (v) => v.section === 'scenic' && v.role === 'pinned',
    )!;
    await report(a, [
      {
        section: 'scenic',
        version: '3.1.0+c2',
        kind: 'render',
        message: 'Scenic exploded',
        count: 3,
      },
    ]);
    const res = await admin.get(`/api/sections/health?environment=${ENV}&window=hour`);
    expect(res.statusCode, res.body).toBe(200);
    const scenic = (res.json().data as SectionHealthResponse).versions.find(
      (v) => v.section === 'scenic' && v.version === '3.1.0+c2',
    )!;
    expect(scenic.role).toBe('pinned');
    expect(scenic.sessions).toBe(scenicBefore.sessions);
    expect(scenic.sessionsWithError).toBe(scenicBefore.sessionsWithError + 1);
    expect(scenic.errorRate).toBeCloseTo(scenic.sessionsWithError / scenic.sessions);
    expect(scenic.topErrors[0]).toEqual({
      kind: 'render',
      message: 'Scenic exploded',
      count: 3,
      sessions: 1,
    });
    // Two hours ago: out of the hour, inside the day.
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await t.services.db
      .update(sectionReports)
      .set({ lastAt: twoHoursAgo })
      .where(eq(sectionReports.message, 'Scenic exploded'));
    const hour = (await admin.get(`/api/sections/health?environment=${ENV}&window=hour`)).json()
      .data as SectionHealthResponse;
    const day = (await admin.get(`/api/sections/health?environment=${ENV}&window=day`)).json()
      .data as SectionHealthResponse;
    const find = (h: SectionHealthResponse) =>
      h.versions.find((v) => v.section === 'scenic' && v.version === '3.1.0+c2')!;
    expect(find(hour).topErrors.some((e) => e.message === 'Scenic exploded')).toBe(false);
    expect(find(day).topErrors.some((e) => e.message === 'Scenic exploded')).toBe(true);
    expect((await admin.get(`/api/sections/health?environment=nowhere`)).statusCode).toBe(404);
    expect(
      (await admin.get(`/api/sections/health?environment=${ENV}&window=week`)).statusCode,
    ).toBe(400);
  });
});

describe('automatic rollback', () => {
  it('aborts a canary erring beyond the margin once it served the minimum sessions, and tells the section admins', async () => {
    await saveConfig('sections.canary.minSessions', 2);
    await saveConfig('sections.canary.marginPercent', 20);
    try {
      const start = await post('team', 'canary', {
        environment: ENV,
        version: '2.1.0+c2',
        share: 50,
        reason: 'try the new team pages',
      });
      expect(start.statusCode, start.body).toBe(200);
      const { inside, outside } = await usersBothSides('team', 50, 2);
      for (const u of [...inside, ...outside]) {
        expect((await pinsOf(u.client)).sections.team!.version).toBe(
          inside.includes(u) ? '2.1.0+c2' : '2.0.0+c1',
        );
      }
      const crash = {
        section: 'team',
        version: '2.1.0+c2',
        kind: 'render',
        message: 'Error: waiting list exploded',
        count: 1,
      };
      // Below the minimum sessions nothing happens: the config says 3, the canary served 2.
      await saveConfig('sections.canary.minSessions', 3);
      await report(inside[0].client, [crash]);
      expect((await pinState('team')).canary).toMatchObject({ version: '2.1.0+c2' });
      // At 2, the next report judges it: 2 of 2 canary sessions erred against none pinned.
      await saveConfig('sections.canary.minSessions', 2);
      await report(inside[1].client, [crash]);
      expect((await pinState('team')).canary).toBeNull();

      const [latest] = (
        await admin.get(`/api/sections/history?environment=${ENV}&section=team`)
      ).json().data.list;
      expect(latest).toMatchObject({
        action: 'auto-abort',
        fromVersion: '2.1.0+c2',
        actor: 'system',
      });
      const audit = await lastAudit();
      expect(audit).toMatchObject({ action: 'system.sections.auto-abort', username: 'system' });

      // Its users get the pinned version on their next pins (the next navigation).
      expect((await pinsOf(inside[0].client)).sections.team).toMatchObject({
        version: '2.0.0+c1',
        canary: false,
      });

      // Every holder of system:sections is told: which version, which errors, which figures.
      for (const locale of ['zh-CN', 'en-US'] as const) {
        const list = (
          await admin.get('/api/message/list?type=message&pageSize=5', {
            headers: { 'accept-language': locale, 'x-locale': locale },
          })
        ).json().data.list as { title: string; content: string }[];
        const told = list.find((m) => m.title.includes('2.1.0+c2'));
        expect(told, locale).toBeDefined();
        expect(told!.content).toContain('waiting list exploded');
        expect(told!.content).toContain('100.0%');
        expect(told!.content).toContain('2.0.0+c1');
      }
      const operator = await signedIn(t.app, 'operator');
      const theirs = (await operator.get('/api/message/list?type=message&pageSize=50')).json().data
        .list as { title: string }[];
      expect(theirs.some((m) => m.title.includes('2.1.0+c2'))).toBe(false);
    } finally {
      await saveConfig('sections.canary.minSessions', null);
      await saveConfig('sections.canary.marginPercent', null);
    }
  });

  it('keeps a canary that has not served the minimum sessions, or errs within the margin', async () => {
    await post('guide', 'canary', {
      environment: ENV,
      version: '1.1.0+c2',
      share: 50,
      reason: 'again',
    });
    const { inside } = await usersBothSides('guide', 50, 1);
    await pinsOf(inside[0].client);
    await report(inside[0].client, [
      { section: 'guide', version: '1.1.0+c2', kind: 'load', message: 'chunk failed', count: 1 },
    ]);
    // The default minimum (20 sessions) is not reached.
    expect((await pinState('guide')).canary).toMatchObject({ version: '1.1.0+c2' });
    await saveConfig('sections.canary.minSessions', 1);
    await saveConfig('sections.canary.marginPercent', 100);
    try {
      await report(inside[0].client, [
        { section: 'guide', version: '1.1.0+c2', kind: 'load', message: 'chunk failed', count: 1 },
      ]);
      // 100 % against 0 % does not exceed a 100-point margin.
      expect((await pinState('guide')).canary).toMatchObject({ version: '1.1.0+c2' });
    } finally {
      await saveConfig('sections.canary.minSessions', null);
      await saveConfig('sections.canary.marginPercent', null);
      await post('guide', 'canary/abort', { environment: ENV, reason: 'done' });
    }
  });
});
