import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';
import { runSectionsCommand, type CliContext } from '../../cli/sections';
import { declaredPages, fakeRemotes, type FakeBuild } from './test-bundles';

let t: TestApp;
let admin: Client;
let remotes: FakeBuild;
let storeDir: string;
let cli: CliContext;
const lines: string[] = [];

const publish = (name: string, version: string) =>
  runSectionsCommand(['publish', name, '--version', version], cli);

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-store-'));
  t = await createTestApp({ sectionsDir: storeDir });
  remotes = fakeRemotes(t.services.sections.options.hostPackageJson);
  cli = {
    db: t.services.db,
    options: { ...t.services.sections.options, remotesDir: remotes.remotesDir },
    actor: { id: null, name: 'cli:test' },
    out: (line) => lines.push(line),
  };
  admin = await signedIn(t.app, 'admin');
  for (const v of ['1.0.0+b1', '1.1.0+b2', '1.2.0+b3']) {
    remotes.build('guide', v);
    await publish('guide', v);
  }
  remotes.build('team', '2.0.0+b1');
  await publish('team', '2.0.0+b1');
});
afterAll(async () => {
  await t.close();
  remotes.cleanup();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const pin = (c: Client, name: string, body: Record<string, unknown>) =>
  c.post(`/api/sections/${name}/pin`, body);
const rollback = (c: Client, name: string, body: Record<string, unknown>) =>
  c.post(`/api/sections/${name}/rollback`, body);

/** The newest audit row; a write's row commits with it, so it is there with the answer. */
async function lastAudit(action: string, entityId?: string) {
  const [row] = await t.services.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  expect(row?.action).toBe(action);
  if (entityId !== undefined) expect(row?.entityId).toBe(entityId);
  return row;
}

describe('publishing', () => {
  it('copies the bundle into the store and serves it: files immutable, manifest no-cache', async () => {
    expect(fs.existsSync(path.join(storeDir, 'guide', '1.0.0+b1', 'build.json'))).toBe(true);
    const js = await t.app.inject({ url: '/sections/guide/1.0.0+b1/js/main.abcd1234.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('1.0.0+b1');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ url: '/sections/guide/1.0.0+b1/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(
      (await t.app.inject({ url: '/sections/guide/9.9.9+x/mf-manifest.json' })).statusCode,
    ).toBe(404);
  });

  it('refuses the same version twice and leaves the stored bundle untouched', async () => {
    const dir = remotes.build('guide', '1.0.0+b1', { commit: 'other99' });
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), '/* a different build */');
    await expect(publish('guide', '1.0.0+b1')).rejects.toMatchObject({ error: 'DUPLICATE' });
    expect(
      fs.readFileSync(path.join(storeDir, 'guide', '1.0.0+b1', 'remoteEntry.js'), 'utf8'),
    ).toBe('/* guide 1.0.0+b1 */');
  });

  it('refuses a bundle whose shared singletons the host does not accept, naming both versions', async () => {
    remotes.build('scenic', '3.0.0+b1', {
      shared: { react: '19.0.0', 'react-dom': '18.3.1' },
    });
    const err = await publish('scenic', '3.0.0+b1').catch((e: unknown) => e);
    expect(err).toMatchObject({ error: 'CONFLICT' });
    const detail = (err as { options: { detail: { 'en-US': string } } }).options.detail['en-US'];
    expect(detail).toContain('react: the bundle has 19.0.0, the host requires 18.3.1');
    expect(detail).not.toContain('react-dom');
    expect(fs.existsSync(path.join(storeDir, 'scenic', '3.0.0+b1'))).toBe(false);
    // nothing half-copied is left behind
    const scenicDir = path.join(storeDir, 'scenic');
    expect(fs.existsSync(scenicDir) ? fs.readdirSync(scenicDir) : []).toEqual([]);
  });

  it('refuses a build record of another section, and a section with no build', async () => {
    const dir = remotes.build('system', '1.0.0+b1', { name: 'guide' });
    await expect(
      runSectionsCommand(['publish', 'system', '--from', dir], cli),
    ).rejects.toMatchObject({ error: 'VALIDATION_FAILED' });
    await expect(publish('dashboard', '1.0.0+b1')).rejects.toMatchObject({ error: 'NOT_FOUND' });
    await expect(publish('nosuch', '1.0.0+b1')).rejects.toMatchObject({ error: 'NOT_FOUND' });
  });

  it('audits a publish from the command line', async () => {
    remotes.build('dashboard', '0.9.0+b7');
    await publish('dashboard', '0.9.0+b7');
    const row = await lastAudit('system.sections.publish');
    expect(row).toMatchObject({
      action: 'system.sections.publish',
      entityType: 'section_version',
      entityId: 'dashboard/0.9.0+b7',
      username: 'cli:test',
    });
    expect(row.diff?.sectionVersion).toEqual({ before: null, after: '0.9.0+b7' });
  });
});

describe('GET /api/sections', () => {
  it('lists every published version with its build record and compatibility (admin)', async () => {
    const res = await admin.get('/api/sections?section=guide');
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBe(3);
    expect(list.map((v: { version: string }) => v.version)).toEqual([
      '1.2.0+b3',
      '1.1.0+b2',
      '1.0.0+b1',
    ]);
    expect(list[0]).toMatchObject({
      section: 'guide',
      commit: 'abc1234',
      sizeBytes: 2048,
      publishedBy: 'cli:test',
      compatibility: { compatible: true, mismatches: [] },
    });
    expect(list[0].shared.react).toBeTruthy();
    const all = (await admin.get('/api/sections?pageSize=100')).json().data;
    expect(all.total).toBe(5);
    const one = (await admin.get('/api/sections?section=guide&version=1.1.0%2Bb2')).json().data;
    expect(one.list).toHaveLength(1);
    expect(one.list[0].entry).toBe('/sections/guide/1.1.0+b2/mf-manifest.json');
  });

  it('answers 404 for an unknown section filter and 400 for a bad page size', async () => {
    expect((await admin.get('/api/sections?section=nosuch')).statusCode).toBe(404);
    expect((await admin.get('/api/sections?pageSize=1000')).statusCode).toBe(400);
  });

  it('is admin only: 401 signed out, 403 for operator and user', async () => {
    expect((await new Client(t.app).get('/api/sections')).statusCode).toBe(401);
    for (const role of ['operator', 'user'] as const) {
      const c = await signedIn(t.app, role);
      for (const url of ['/api/sections', '/api/sections/environments', '/api/sections/history']) {
        expect((await c.get(url)).statusCode).toBe(403);
      }
      expect(
        (await pin(c, 'guide', { environment: 'staging', version: '1.0.0+b1', reason: 'x' }))
          .statusCode,
      ).toBe(403);
      expect((await rollback(c, 'guide', { environment: 'staging', reason: 'x' })).statusCode).toBe(
        403,
      );
      expect(
        (await c.post('/api/sections/environments', { name: 'qa-two', description: '' }))
          .statusCode,
      ).toBe(403);
    }
  });
});

describe('pins', () => {
  it('GET /api/sections/pins is public, never cached, and answers the server environment', async () => {
    const before = await new Client(t.app).get('/api/sections/pins');
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json().data).toEqual({
      environment: 'development',
      personal: false,
      sections: {},
    });

    const res = await pin(admin, 'guide', {
      environment: 'development',
      version: '1.0.0+b1',
      reason: 'first pin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      environment: 'development',
      section: 'guide',
      from: null,
      to: '1.0.0+b1',
    });
    // pins of another environment do not leak into this server's answer
    await pin(admin, 'team', { environment: 'staging', version: '2.0.0+b1', reason: 'qa' });
    const after = await new Client(t.app).get('/api/sections/pins');
    expect(after.json().data).toEqual({
      environment: 'development',
      personal: false,
      sections: {
        guide: {
          version: '1.0.0+b1',
          canary: false,
          bucket: null,
          entry: '/sections/guide/1.0.0+b1/mf-manifest.json',
          pages: declaredPages('guide'),
        },
      },
    });
  });

  it('audits a pin with the version diff and the reason', async () => {
    await pin(admin, 'guide', {
      environment: 'development',
      version: '1.1.0+b2',
      reason: 'ship 1.1',
    });
    const row = await lastAudit('system.sections.pin', 'development/guide');
    expect(row).toMatchObject({
      action: 'system.sections.pin',
      entityType: 'section_pin',
      entityId: 'development/guide',
      username: 'admin',
      result: 200,
    });
    expect(row.diff).toEqual({
      sectionVersion: { before: '1.0.0+b1', after: '1.1.0+b2' },
      reason: { before: null, after: 'ship 1.1' },
    });
  });

  it('answers 404 for an unknown section, version or environment', async () => {
    const unknownSection = await pin(admin, 'nosuch', {
      environment: 'development',
      version: '1.0.0+b1',
      reason: 'x',
    });
    expect(unknownSection.statusCode).toBe(404);
    expect(unknownSection.json().error).toBe('NOT_FOUND');
    const unknownVersion = await pin(admin, 'guide', {
      environment: 'development',
      version: '7.7.7+b7',
      reason: 'x',
    });
    expect(unknownVersion.statusCode).toBe(404);
    expect(unknownVersion.json().msg).toContain('7.7.7+b7');
    expect(
      (await pin(admin, 'guide', { environment: 'nowhere', version: '1.0.0+b1', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await rollback(admin, 'nosuch', { environment: 'staging', reason: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await rollback(admin, 'guide', { environment: 'nowhere', reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('answers 400 for a malformed version, environment, reason or unknown field', async () => {
    const bodies = [
      { environment: 'development', version: 'latest', reason: 'x' },
      { environment: 'development', version: '1.0', reason: 'x' },
      { environment: 'development', version: '1.0.0+b1/../../x', reason: 'x' },
      { environment: 'Dev Env', version: '1.0.0+b1', reason: 'x' },
      { environment: 'development', version: '1.0.0+b1', reason: '' },
      { environment: 'development', version: '1.0.0+b1', reason: 'x'.repeat(501) },
      { environment: 'development', version: '1.0.0+b1' },
      { environment: 'development', version: '1.0.0+b1', reason: 'x', force: true },
    ];
    for (const body of bodies) {
      const res = await pin(admin, 'guide', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect((await rollback(admin, 'guide', { environment: 'development' })).statusCode).toBe(400);
  });

  it('refuses a write without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sections/guide/pin',
      headers: { cookie: `tc_session=${admin.cookie}` },
      payload: { environment: 'development', version: '1.2.0+b3', reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses pinning the version already pinned (409)', async () => {
    const res = await pin(admin, 'guide', {
      environment: 'development',
      version: '1.1.0+b2',
      reason: 'again',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('CONFLICT');
  });

  it('refuses a pin when someone else moved it since the caller looked (expectedCurrent)', async () => {
    const res = await pin(admin, 'guide', {
      environment: 'development',
      version: '1.2.0+b3',
      reason: 'stale view',
      expectedCurrent: '1.0.0+b1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('STALE_VERSION');
    expect(res.json().data).toEqual({ current: '1.1.0+b2' });
  });
});

describe('rollback', () => {
  it('goes back through the previous pins in order, then refuses with 409', async () => {
    await pin(admin, 'guide', {
      environment: 'development',
      version: '1.2.0+b3',
      reason: 'ship 1.2',
      expectedCurrent: '1.1.0+b2',
    });
    const envs = (await admin.get('/api/sections/environments')).json().data;
    const dev = envs.find((e: { name: string }) => e.name === 'development');
    expect(dev.pins.guide).toMatchObject({
      version: '1.2.0+b3',
      rollbackTo: '1.1.0+b2',
      pinnedBy: 'admin',
    });

    const first = await rollback(admin, 'guide', {
      environment: 'development',
      reason: 'bug in 1.2',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ from: '1.2.0+b3', to: '1.1.0+b2' });
    expect((await lastAudit('system.sections.rollback')).action).toBe('system.sections.rollback');

    const second = await rollback(admin, 'guide', { environment: 'development', reason: 'also' });
    expect(second.json().data).toMatchObject({ from: '1.1.0+b2', to: '1.0.0+b1' });
    const pins = (await new Client(t.app).get('/api/sections/pins')).json().data;
    expect(pins.sections.guide.version).toBe('1.0.0+b1');

    const third = await rollback(admin, 'guide', { environment: 'development', reason: 'no more' });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe('CONFLICT');
  });

  it('refuses a rollback of a section never pinned in that environment', async () => {
    const res = await rollback(admin, 'scenic', { environment: 'production', reason: 'x' });
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/sections/history', () => {
  it('lists who pinned what, when, from → to and why, newest first, per environment', async () => {
    const res = await admin.get('/api/sections/history?environment=development&section=guide');
    expect(res.statusCode).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBe(5);
    expect(list[0]).toMatchObject({
      environment: 'development',
      section: 'guide',
      action: 'rollback',
      fromVersion: '1.1.0+b2',
      toVersion: '1.0.0+b1',
      reason: 'also',
      actor: 'admin',
    });
    expect(list.at(-1)).toMatchObject({ action: 'pin', fromVersion: null, toVersion: '1.0.0+b1' });
    const staging = (await admin.get('/api/sections/history?environment=staging')).json().data;
    expect(staging.list.map((h: { section: string }) => h.section)).toEqual(['team']);
  });

  it('answers 404 for an unknown environment and 400 for a malformed one', async () => {
    expect((await admin.get('/api/sections/history?environment=nowhere')).statusCode).toBe(404);
    expect((await admin.get('/api/sections/history?environment=NO%20WAY')).statusCode).toBe(400);
  });
});

describe('environments', () => {
  it('has development, staging and production by default', async () => {
    const envs = (await admin.get('/api/sections/environments')).json().data;
    expect(envs.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['development', 'staging', 'production']),
    );
    expect(envs.find((e: { name: string }) => e.name === 'development').current).toBe(true);
  });

  it('lets an admin add one (audited), refuses a duplicate (409) and a malformed name (400)', async () => {
    const res = await admin.post('/api/sections/environments', {
      name: 'qa',
      description: 'Quality assurance',
    });
    expect(res.statusCode).toBe(200);
    const row = await lastAudit('system.sections.environment.create');
    expect(row).toMatchObject({
      action: 'system.sections.environment.create',
      entityId: 'qa',
    });
    expect(row.diff?.name).toEqual({ before: null, after: 'qa' });
    expect((await admin.post('/api/sections/environments', { name: 'qa' })).statusCode).toBe(409);
    expect((await admin.post('/api/sections/environments', { name: 'Q A' })).statusCode).toBe(400);
    const pinned = await pin(admin, 'guide', {
      environment: 'qa',
      version: '1.2.0+b3',
      reason: 'try',
    });
    expect(pinned.statusCode).toBe(200);
  });
});

describe('command line', () => {
  it('pins and rolls back on the same database, audited as the CLI user', async () => {
    await runSectionsCommand(
      ['pin', 'production', 'guide', '1.0.0+b1', '--reason', 'go live'],
      cli,
    );
    await runSectionsCommand(['pin', 'production', 'guide', '1.1.0+b2'], cli);
    await runSectionsCommand(['rollback', 'production', 'guide', '--reason', 'revert'], cli);
    const row = await lastAudit('system.sections.rollback');
    expect(row).toMatchObject({
      action: 'system.sections.rollback',
      username: 'cli:test',
      role: 'cli',
    });
    const [h] = (await admin.get('/api/sections/history?environment=production')).json().data.list;
    expect(h).toMatchObject({ actor: 'cli:test', fromVersion: '1.1.0+b2', toVersion: '1.0.0+b1' });
    lines.length = 0;
    await runSectionsCommand(['list'], cli);
    expect(lines.join('\n')).toMatch(/production[\s\S]*guide\s+1\.0\.0\+b1/);
  });

  it('rejects malformed arguments before touching anything', async () => {
    await expect(runSectionsCommand(['pin', 'production', 'guide'], cli)).rejects.toThrow(
      'pin takes',
    );
    await expect(
      runSectionsCommand(['pin', 'production', 'guide', 'not-a-version'], cli),
    ).rejects.toMatchObject({ issues: expect.any(Array) });
    await expect(runSectionsCommand(['frobnicate'], cli)).rejects.toThrow('Unknown command');
  });

  it('start-local publishes new local builds and pins only sections not yet pinned', async () => {
    remotes.build('system', '1.0.0+b1'); // replaces the mislabelled record of an earlier test
    lines.length = 0;
    await runSectionsCommand(['start-local'], cli);
    const pins = (await new Client(t.app).get('/api/sections/pins')).json().data.sections;
    // guide stays on what the operator chose; the others get their newest local build
    expect(pins.guide.version).toBe('1.0.0+b1');
    expect(pins.system.version).toBe('1.0.0+b1');
    expect(pins.team.version).toBe('2.0.0+b1');
    expect(pins.dashboard.version).toBe('0.9.0+b7');
    expect(pins.scenic).toBeUndefined(); // its only build is incompatible
    expect(lines.join('\n')).toContain('scenic: not published — CONFLICT');
    const ok = await t.app.inject({ url: '/sections/system/1.0.0+b1/remoteEntry.js' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('the section store', () => {
  it('does not serve the staging folder of a publish in progress', async () => {
    const staging = path.join(storeDir, 'guide', '.staging-x');
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(path.join(staging, 'remoteEntry.js'), 'partial');
    expect(
      (await t.app.inject({ url: '/sections/guide/.staging-x/remoteEntry.js' })).statusCode,
    ).toBe(404);
  });

  it('still answers a pin whose files went missing (the host shows the section error)', async () => {
    fs.rmSync(path.join(storeDir, 'team', '2.0.0+b1'), { recursive: true });
    const pins = (await new Client(t.app).get('/api/sections/pins')).json().data.sections;
    expect(pins.team.entry).toBe('/sections/team/2.0.0+b1/mf-manifest.json');
    expect((await t.app.inject({ url: pins.team.entry })).statusCode).toBe(404);
    // the rest of the console keeps working
    const guide = await t.app.inject({ url: pins.guide.entry });
    expect(guide.statusCode).toBe(200);
  });
});

describe('history of the database itself', () => {
  it('keeps one pin row per environment and section', async () => {
    const { sectionPins } = await import('./schema');
    const rows = await t.services.db
      .select()
      .from(sectionPins)
      .where(eq(sectionPins.section, 'guide'));
    const perEnv = new Set(rows.map((r) => r.environmentId));
    expect(perEnv.size).toBe(rows.length);
  });
});

describe('the pages a version declares (issue 17)', () => {
  type Page = { key: string; path: string; permission: string; title: Record<string, string> };
  const scenic = () => declaredPages('scenic') as { order: number; pages: Page[] };
  const report: Page & { order: number } = {
    key: 'scenic/report',
    path: '/scenic/report',
    title: { 'zh-CN': '景点报表', 'en-US': 'Scenic report' },
    order: 1,
    permission: 'scenic:maintain',
  };

  /** Publishes a scenic build declaring `pages`; resolves to the refusal's English text. */
  async function refusal(version: string, pages: unknown): Promise<string> {
    remotes.build('scenic', version, {}, pages);
    const err = await publish('scenic', version).catch((e: unknown) => e);
    expect(err).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(fs.existsSync(path.join(storeDir, 'scenic', version))).toBe(false);
    return (err as { options: { detail: { 'en-US': string } } }).options.detail['en-US'];
  }

  it('refuses a page outside the section prefix (it would shadow another section)', async () => {
    const pages = scenic();
    pages.pages.push({ ...report, key: 'scenic/teams', path: '/team/extra' });
    expect(await refusal('5.0.0+p1', pages)).toContain(
      'page scenic/teams (/team/extra) is outside the section',
    );
  });

  it('refuses an unknown permission code', async () => {
    const pages = scenic();
    pages.pages.push({ ...report, permission: 'scenic:everything' });
    expect(await refusal('5.0.0+p2', pages)).toContain(
      'names permission scenic:everything, which the server does not know',
    );
  });

  it('refuses a page without its English title', async () => {
    const pages = scenic();
    pages.pages.push({ ...report, title: { 'zh-CN': '景点报表' } });
    expect(await refusal('5.0.0+p3', pages)).toContain('pages.3.title.en-US: missing');
  });

  it('refuses a version that drops a seed route or guards it differently', async () => {
    const dropped = scenic();
    dropped.pages = dropped.pages.filter((p) => p.key !== 'scenic/maintenance');
    expect(await refusal('5.0.0+p4', dropped)).toContain(
      "the seed's page scenic/maintenance is missing",
    );

    remotes.build('dashboard', '5.0.0+p5', {}, null);
    const monitor = declaredPages('dashboard') as { pages: Page[] };
    monitor.pages.find((p) => p.key === 'dashboard/monitor')!.permission = 'dashboard:read';
    remotes.build('dashboard', '5.0.0+p6', {}, monitor);
    const err = await publish('dashboard', '5.0.0+p6').catch((e: unknown) => e);
    expect(err).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect((err as { options: { detail: { 'en-US': string } } }).options.detail['en-US']).toContain(
      "the seed's page dashboard/monitor is /dashboard/monitor opened by monitor:view; this version has /dashboard/monitor opened by dashboard:read",
    );
    // a bundle without any pages file is refused too
    await expect(publish('dashboard', '5.0.0+p5')).rejects.toMatchObject({
      error: 'VALIDATION_FAILED',
    });
  });

  it('refuses a changed seed menu order value and a duplicate path', async () => {
    const moved = { ...scenic(), order: 3 };
    expect(await refusal('5.0.0+p7', moved)).toContain('the menu order value must be 0');
    const twice = scenic();
    twice.pages.push({ ...report, path: '/scenic/list' });
    expect(await refusal('5.0.0+p8', twice)).toContain('path /scenic/list is declared twice');
  });

  it('pins carry the pinned version’s pages; the server menu follows them; rollback removes a page', async () => {
    const operator = await signedIn(t.app, 'operator');
    const user = await signedIn(t.app, 'user');
    const menuPages = async (c: Client) =>
      ((await c.post('/api/user/menu', {})).json().data as { key: string; children: Page[] }[])
        .filter((s) => s.key === 'scenic')
        .flatMap((s) => s.children.map((p) => p.key));

    remotes.build('scenic', '6.0.0+a');
    await publish('scenic', '6.0.0+a');
    const withReport = scenic();
    withReport.pages.push(report);
    remotes.build('scenic', '6.1.0+b', {}, withReport);
    await publish('scenic', '6.1.0+b');

    const listed = (await admin.get('/api/sections?section=scenic&version=6.1.0%2Bb')).json().data;
    expect(listed.list[0].pages.pages.map((p: Page) => p.key)).toContain('scenic/report');

    await pin(admin, 'scenic', { environment: 'development', version: '6.0.0+a', reason: 'a' });
    await pin(admin, 'scenic', { environment: 'development', version: '6.1.0+b', reason: 'b' });
    const pins = (await new Client(t.app).get('/api/sections/pins')).json().data;
    expect(pins.sections.scenic.pages.pages.map((p: Page) => p.key)).toEqual([
      'scenic/list',
      'scenic/maintenance',
      'scenic/detail',
      'scenic/report',
    ]);
    // in page order; equal orders keep declaration order
    expect(await menuPages(operator)).toEqual([
      'scenic/list',
      'scenic/maintenance',
      'scenic/report',
      'scenic/detail',
    ]);
    expect(await menuPages(user)).toEqual(['scenic/list', 'scenic/detail']);

    await rollback(admin, 'scenic', { environment: 'development', reason: 'report broken' });
    const after = (await new Client(t.app).get('/api/sections/pins')).json().data;
    expect(after.sections.scenic.version).toBe('6.0.0+a');
    expect(after.sections.scenic.pages.pages.map((p: Page) => p.key)).not.toContain(
      'scenic/report',
    );
    expect(await menuPages(operator)).toEqual([
      'scenic/list',
      'scenic/maintenance',
      'scenic/detail',
    ]);
  });
});
