// Every setting has an effect (issue 25, test family; product.md, "System configuration"): for
// EACH key of the system-config contract, saving a value through the configuration API changes
// what the server does, observed before and after the save. The keys are iterated from the
// contract, so a key added without an effect test fails here by name. The browser's side of
// `site.*` (title, login page, default language) is in e2e/tests/site-settings.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOFT_PREFERENCE_TEXT,
  SOFT_PREFERENCES,
  SYSTEM_CONFIG,
  SYSTEM_CONFIG_KEYS,
  addDays,
  isoToday,
  softEnabledKey,
  softWeightKey,
  type Candidate,
  type GuideCheckItem,
  type GuideCreateBody,
  type SystemConfigEntry,
  type SystemConfigKey,
} from '@console/shared';
import { Client, createTestApp, DEMO, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { guideBody } from '../../../test/support/guides';
import { insertTeam, type TestTeamInput } from '../../../test/support/assign-teams';
import { eq } from 'drizzle-orm';
import { sessions } from '../auth/schema';
import { sha256 } from '../../lib/crypto';
import { startBackupSchedule } from '../../jobs/backup';
import { runJob } from '../../jobs/scheduler';
import { auditRetentionJob } from '../../jobs/audit-retention';
import { canaryBucket } from '@console/shared/contracts/sections';
import { sectionReports, sectionServed } from '../sections/schema';
import { fakeRemotes } from '../sections/test-bundles';
import { signedInUser } from '../../../test/support/users';

let t: TestApp;
let admin: Client;
let operator: Client;
let backupDir: string;
beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'setting-effects-backups-'));
  // No background jobs: the schedule and the purge run here, when the test says.
  t = await createTestApp({ backupDir }, {}, { jobs: false });
  [admin, operator] = await Promise.all([signedIn(t.app, 'admin'), signedIn(t.app, 'operator')]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** Saves one key through the configuration API, as the page does (`null`: the default). */
async function save(key: SystemConfigKey, value: unknown) {
  const entries = (await admin.get('/api/system-config')).json().data as SystemConfigEntry[];
  const { version } = entries.find((e) => e.key === key)!;
  const res = await admin.put('/api/system-config', { changes: [{ key, value, version }] });
  expect(res.statusCode, res.body).toBe(200);
}

/** Runs `observe` with the key changed to `value`, then puts the default back. */
async function withSetting<T>(key: SystemConfigKey, value: unknown, observe: () => Promise<T>) {
  await save(key, value);
  try {
    return await observe();
  } finally {
    await save(key, null);
  }
}

let ipSeq = 0;
const freshIp = () => `10.25.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** A signed-in `user` whose session was last used / started that many minutes ago. */
async function sessionAged(field: 'lastSeenAt' | 'createdAt', minutes: number) {
  const c = await new Client(t.app, freshIp()).login(DEMO.user);
  await t.services.db
    .update(sessions)
    .set({ [field]: minutesAgo(minutes) })
    .where(eq(sessions.tokenHash, sha256(c.cookie!)));
  return c;
}

/** The error of the `n`-th wrong password in a row from a new address (null: none yet). */
async function nthFailure(n: number) {
  const c = new Client(t.app, freshIp());
  let last: { error?: string; data?: { seconds?: number } } = {};
  for (let i = 0; i < n; i++) {
    last = (await c.post('/api/user/login', { username: 'user', password: 'Wrong-123' })).json();
  }
  return last;
}

async function guide(overrides: Partial<GuideCreateBody> = {}) {
  const res = await operator.post('/api/guides', guideBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string };
}

const team = (input: TestTeamInput = {}) => insertTeam(t.services.db, input);

/** The hard rules one guide breaks for one team (the guide check). */
async function breaches(teamId: number, g: { id: number; code: string }) {
  const res = await operator.get(`/api/teams/${teamId}/guide-check?keyword=${g.code}`);
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().data.list as GuideCheckItem[]).find((i) => i.guideId === g.id)!;
  return item.breaches.map((b) => b.rule);
}

/** The guide's score breakdown as a candidate of the team: preference → weight. */
async function scoreWeights(teamId: number, g: { id: number; code: string }) {
  const res = await operator.get(`/api/allocation/teams/${teamId}/candidates?keyword=${g.code}`);
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().data.list as Candidate[]).find((c) => c.guideId === g.id)!;
  expect(item.score, 'the guide is eligible').not.toBeNull();
  return Object.fromEntries(item.breakdown.map((p) => [p.preference, p.weight]));
}

/** Checks one level-rule key: a guide of `level` for `team` is refused at the default and not
 * after the key is lowered to that level, or the other way round. */
async function levelRule(
  key: SystemConfigKey,
  teamInput: TestTeamInput,
  level: 'intermediate',
  value: 'intermediate' | 'special',
) {
  const tm = await team({ startIn: 60, days: 1, ...teamInput });
  const g = await guide({ level });
  const atDefault = await breaches(tm.id, g);
  const changed = await withSetting(key, value, () => breaches(tm.id, g));
  const tooLow = (rules: string[]) => rules.includes('LEVEL_TOO_LOW');
  expect([tooLow(atDefault), tooLow(changed)]).toEqual(
    value === 'special' ? [false, true] : [true, false],
  );
}

const softEffects = Object.fromEntries(
  SOFT_PREFERENCES.flatMap((p) => {
    const byDefault = SOFT_PREFERENCE_TEXT[p].defaultWeight;
    const other = byDefault === 13 ? 17 : 13;
    return [
      [
        softEnabledKey(p),
        async () => {
          const tm = await team({ startIn: 90, days: 2 });
          const g = await guide();
          expect(await scoreWeights(tm.id, g)).toHaveProperty(p, byDefault);
          const off = await withSetting(softEnabledKey(p), false, () => scoreWeights(tm.id, g));
          expect(off).not.toHaveProperty(p);
        },
      ],
      [
        softWeightKey(p),
        async () => {
          const tm = await team({ startIn: 90, days: 2 });
          const g = await guide();
          expect(await scoreWeights(tm.id, g)).toHaveProperty(p, byDefault);
          const changed = await withSetting(softWeightKey(p), other, () => scoreWeights(tm.id, g));
          expect(changed).toHaveProperty(p, other);
        },
      ],
    ];
  }),
) as Record<string, () => Promise<void>>;

const anonymous = () => new Client(t.app, freshIp());

let canaryVersions: Promise<void> | null = null;
let canaryRun = 0;

/**
 * A canary of the team section at 99 % (issue 30): `pinnedErrors` sessions on the pinned
 * version erred `agedMinutes` ago, then one canary session errs now. Answers whether the server
 * aborted the canary by itself (and aborts it otherwise).
 */
async function canaryAborted({ pinnedErrors = 0, agedMinutes = 0 } = {}) {
  const env = t.services.sections.options.appEnv;
  canaryVersions ??= (async () => {
    const remotes = fakeRemotes(t.services.sections.options.hostPackageJson);
    const actor = { id: null, name: 'test' };
    for (const v of ['1.0.0+fx1', '1.1.0+fx2']) {
      await t.services.sections.publish('team', { from: remotes.build('team', v) }, actor);
    }
    await t.services.sections.pin(
      'team',
      { environment: env, version: '1.0.0+fx1', reason: 'effect' },
      actor,
    );
    remotes.cleanup();
  })();
  await canaryVersions;
  const started = await admin.post('/api/sections/team/canary', {
    environment: env,
    version: '1.1.0+fx2',
    share: 99,
    reason: `effect ${++canaryRun}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  const crash = (version: string) => ({
    section: 'team',
    version,
    kind: 'render',
    message: `effect crash ${canaryRun}`,
    count: 1,
  });
  const userOn = async (canary: boolean) => {
    for (;;) {
      const u = await signedInUser(t, admin, ['user']);
      if (canaryBucket(u.user.id, env, 'team') < 99 === canary) return u;
    }
  };
  for (let i = 0; i < pinnedErrors; i++) {
    const { client, user } = await userOn(false);
    await client.get('/api/sections/pins');
    await client.post('/api/sections/reports', { reports: [crash('1.0.0+fx1')] });
    const then = minutesAgo(agedMinutes);
    await t.services.db
      .update(sectionServed)
      .set({ lastAt: then })
      .where(eq(sectionServed.userId, user.id));
    await t.services.db
      .update(sectionReports)
      .set({ lastAt: then })
      .where(eq(sectionReports.message, crash('1.0.0+fx1').message));
  }
  const { client } = await userOn(true);
  await client.get('/api/sections/pins');
  const res = await client.post('/api/sections/reports', { reports: [crash('1.1.0+fx2')] });
  expect(res.json().data.accepted).toBe(1);
  const envs = (await admin.get('/api/sections/environments')).json().data as {
    name: string;
    pins: { team?: { canary: unknown } };
  }[];
  const aborted = envs.find((e) => e.name === env)!.pins.team!.canary === null;
  if (!aborted) {
    await admin.post('/api/sections/team/canary/abort', { environment: env, reason: 'effect' });
  }
  return aborted;
}

/** Each key's effect: observed at the default, then with the key changed. */
const EFFECTS: Partial<Record<SystemConfigKey, () => Promise<void>>> = {
  'sections.canary.minSessions': async () => {
    // One erring canary session: below the default minimum (20) the canary stays; at 1 it goes.
    expect(await canaryAborted()).toBe(false);
    expect(await withSetting('sections.canary.minSessions', 1, () => canaryAborted())).toBe(true);
  },

  'sections.canary.marginPercent': async () => {
    // 100 % against 0 %: beyond the default margin (5 points), not beyond 100 points.
    await save('sections.canary.minSessions', 1);
    try {
      expect(await canaryAborted()).toBe(true);
      expect(await withSetting('sections.canary.marginPercent', 100, () => canaryAborted())).toBe(
        false,
      );
    } finally {
      await save('sections.canary.minSessions', null);
    }
  },

  'sections.canary.windowMinutes': async () => {
    // The pinned version erred 30 minutes ago in a session of its own: inside the default window
    // (60 minutes) both versions err alike and the canary stays; in a 5-minute window only the
    // canary erred and it goes.
    await save('sections.canary.minSessions', 1);
    try {
      expect(await canaryAborted({ pinnedErrors: 1, agedMinutes: 30 })).toBe(false);
      expect(
        await withSetting('sections.canary.windowMinutes', 5, () =>
          canaryAborted({ pinnedErrors: 1, agedMinutes: 30 }),
        ),
      ).toBe(true);
    } finally {
      await save('sections.canary.minSessions', null);
    }
  },

  'site.name': async () => {
    const site = async () => (await anonymous().get('/api/site')).json().data;
    // The default is the console's own name, which the shell shows in the reader's language.
    expect(await site()).toMatchObject({ name: null });
    expect(await withSetting('site.name', '西湖运营台', site)).toMatchObject({
      name: '西湖运营台',
    });
  },

  'site.defaultLocale': async () => {
    const site = async () => (await anonymous().get('/api/site')).json().data;
    expect(await site()).toMatchObject({ defaultLocale: 'zh-CN' });
    expect(await withSetting('site.defaultLocale', 'en-US', site)).toMatchObject({
      defaultLocale: 'en-US',
    });
  },

  'session.idleMinutes': async () => {
    // Idle for 6 minutes: kept at the default (120), ended at 5.
    expect((await (await sessionAged('lastSeenAt', 6)).get('/api/user/info')).statusCode).toBe(200);
    const status = await withSetting(
      'session.idleMinutes',
      5,
      async () => (await (await sessionAged('lastSeenAt', 6)).get('/api/user/info')).statusCode,
    );
    expect(status).toBe(401);
  },

  'session.absoluteMinutes': async () => {
    // Signed in 31 minutes ago and in use: kept at the default (12 h), ended at 30 minutes.
    expect((await (await sessionAged('createdAt', 31)).get('/api/user/info')).statusCode).toBe(200);
    const status = await withSetting(
      'session.absoluteMinutes',
      30,
      async () => (await (await sessionAged('createdAt', 31)).get('/api/user/info')).statusCode,
    );
    expect(status).toBe(401);
  },

  'password.minLength': async () => {
    // An 8-character password: within the default policy (6), refused at 10 with the minimum.
    await expect(t.services.auth.assertPolicy('Abcdefgh')).resolves.toBeUndefined();
    const res = await withSetting('password.minLength', 10, async () => {
      const user = await new Client(t.app, freshIp()).login(DEMO.user);
      return user.post('/api/user/password', {
        oldPassword: DEMO.user.password,
        newPassword: 'Abcdefgh',
      });
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'PASSWORD_POLICY', data: { minLength: 10 } });
  },

  'login.lockoutThreshold': async () => {
    // The third wrong password in a row: still "wrong password" at the default (5), a lock at 3.
    expect((await nthFailure(3)).error).toBe('INVALID_CREDENTIALS');
    const third = await withSetting('login.lockoutThreshold', 3, () => nthFailure(3));
    expect(third.error).toBe('ACCOUNT_LOCKED');
  },

  'login.lockoutMinutes': async () => {
    const threshold = SYSTEM_CONFIG['login.lockoutThreshold'].default;
    const atDefault = await nthFailure(threshold);
    expect(atDefault.error).toBe('ACCOUNT_LOCKED');
    expect(atDefault.data!.seconds).toBeGreaterThan(14 * 60);
    expect(atDefault.data!.seconds).toBeLessThanOrEqual(15 * 60);
    const changed = await withSetting('login.lockoutMinutes', 2, () => nthFailure(threshold));
    expect(changed.error).toBe('ACCOUNT_LOCKED');
    expect(changed.data!.seconds).toBeGreaterThan(60);
    expect(changed.data!.seconds).toBeLessThanOrEqual(2 * 60);
  },

  'team.codePattern': async () => {
    const start = addDays(isoToday(), 300);
    const create = async () => {
      const res = await operator.post('/api/teams', {
        name: '配置测试团',
        agency: 'cits',
        market: 'domestic',
        paxAdults: 10,
        language: 'zh',
        leadContactName: '李四',
        leadContactPhone: '13812345678',
        startDate: start,
        endDate: addDays(start, 1),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.code as string;
    };
    expect(await create()).toMatch(/^T\d{8}\d{3}$/);
    expect(await withSetting('team.codePattern', 'FX-{yyMMdd}-{seq:2}', create)).toMatch(
      /^FX-\d{6}-\d{2}$/,
    );
  },

  'allocation.bufferMinutes': async () => {
    // A guide booked for one day, asked about the next: free with the default hour's buffer;
    // busy when booked with a buffer reaching past the next morning (17:00 + 17 h > 09:00).
    // The buffer is kept with each booking (the exclusion constraint compares those ranges).
    const bookedDayBefore = async () => {
      const first = await team({ startIn: 40, days: 1 });
      const next = await team({ startIn: 41, days: 1 });
      const g = await guide();
      const assigned = await operator.post(`/api/teams/${first.id}/assignments`, {
        guideId: g.id,
        role: 'local_guide',
        from: first.startDate,
        to: first.endDate,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      return breaches(next.id, g);
    };
    expect(await bookedDayBefore()).not.toContain('GUIDE_BUSY');
    expect(await withSetting('allocation.bufferMinutes', 17 * 60, bookedDayBefore)).toContain(
      'GUIDE_BUSY',
    );
  },

  // An intermediate guide: refused for VIP and foreign-language teams at the default (senior),
  // accepted once lowered; accepted for other teams (junior) until raised to special.
  'allocation.minLevel.vip': () =>
    levelRule('allocation.minLevel.vip', { vip: true }, 'intermediate', 'intermediate'),
  'allocation.minLevel.foreignLanguage': () =>
    levelRule(
      'allocation.minLevel.foreignLanguage',
      { language: 'en' },
      'intermediate',
      'intermediate',
    ),
  'allocation.minLevel.default': () =>
    levelRule('allocation.minLevel.default', {}, 'intermediate', 'special'),

  ...softEffects,

  'capacity.warningPercent': async () => {
    // 75 in the park of 100: open at the default (80 %), limited at 70 %.
    const spotRes = await operator.post('/api/scenic/spots', spotBody());
    expect(spotRes.statusCode, spotRes.body).toBe(200);
    const spot = spotRes.json().data as { id: number };
    const noon = new Date('2030-06-01T12:00:00+08:00');
    t.clock.set(noon);
    try {
      const flow = await operator.post(`/api/scenic/spots/${spot.id}/flow`, {
        readings: [
          { at: new Date(noon.getTime() - 60_000).toISOString(), entries: 0, exits: 0, inPark: 75 },
        ],
      });
      expect(flow.statusCode, flow.body).toBe(200);
      const status = async () =>
        (await operator.get(`/api/scenic/spots/${spot.id}`)).json().data.status as string;
      expect(await status()).toBe('open');
      expect(await withSetting('capacity.warningPercent', 70, status)).toBe('limited');
    } finally {
      t.clock.set(null);
    }
  },

  'backup.scheduleCron': async () => {
    const scheduled = () => t.services.backup.store.list().filter((b) => b.kind === 'scheduled');
    const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
    // The default runs at 03:00 in the operation's zone.
    const next = (await t.services.backup.status()).nextRunAt!;
    expect(new Date(next).getTime() - Date.now()).toBeGreaterThan(0);
    expect(new Date(next).toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai' })).toBe(
      '03:00:00',
    );
    const schedule = startBackupSchedule(t.services, log, 'Asia/Shanghai');
    try {
      const before = scheduled().length;
      // Every second (croner's six fields): a scheduled backup follows the save at once, not at
      // the schedule's next periodic read of the configuration (a minute).
      await withSetting('backup.scheduleCron', '* * * * * *', async () => {
        await expect
          .poll(() => scheduled().length, { timeout: 30_000, interval: 250 })
          .toBeGreaterThan(before);
      });
    } finally {
      await schedule.stop();
    }
  },

  'backup.retentionCount': async () => {
    const scheduled = () => t.services.backup.store.list().filter((b) => b.kind === 'scheduled');
    const keep = SYSTEM_CONFIG['backup.retentionCount'].default;
    // Below the default nothing is pruned; at 1 each scheduled backup leaves only itself.
    const before = scheduled().length;
    await t.services.backup.create('scheduled');
    await t.services.backup.create('scheduled');
    expect(scheduled().length).toBe(Math.min(before + 2, keep));
    const after = await withSetting('backup.retentionCount', 1, async () => {
      await t.services.backup.create('scheduled');
      return scheduled().length;
    });
    expect(after).toBe(1);
  },

  'audit.retentionDays': async () => {
    // Forty days from now: rows written today are younger than the default (365 days) and kept,
    // older than 30 days and purged.
    const later = new Date(Date.now() + 40 * 24 * 60 * 60_000);
    const kept = await runJob(auditRetentionJob, t.services, later);
    expect(kept).toMatchObject({ ran: true, result: { retentionDays: 365 } });
    const purged = await withSetting('audit.retentionDays', 30, () =>
      runJob(auditRetentionJob, t.services, later),
    );
    expect(purged).toMatchObject({ ran: true, result: { retentionDays: 30 } });
    expect((purged as unknown as { result: { purged: number } }).result.purged).toBeGreaterThan(0);
    // Every row written today went (the test's own saves among them), and the chain verifies.
    const verify = await admin.post('/api/audit/verify');
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.intact).toBe(true);
  },
};

describe('every setting has an effect', { timeout: 120_000 }, () => {
  it('has an effect test for every key of the contract, and none for a key it lacks', () => {
    expect(Object.keys(EFFECTS).filter((k) => !SYSTEM_CONFIG_KEYS.includes(k as never))).toEqual(
      [],
    );
  });

  for (const key of SYSTEM_CONFIG_KEYS) {
    it(key, async () => {
      const effect = EFFECTS[key];
      expect(effect, `no effect test for "${key}": every setting must have one`).toBeTypeOf(
        'function',
      );
      await effect!();
    });
  }
});
