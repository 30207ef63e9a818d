import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { auditLog } from '../audit/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const data = <T>(res: { json(): { data: unknown } }) => res.json().data as T;

/** The newest successful audit row of an action. */
async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.result, 200)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('console settings', () => {
  it('saves the drawer settings per user and returns them from /api/user/info', async () => {
    const c = await signedIn(t.app, 'operator');
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      theme: 'dark',
      themeColor: '#F53F3F',
      tabBar: true,
    };
    const res = await c.put('/api/user/settings', settings);
    expect(res.statusCode).toBe(200);
    expect(data(res)).toEqual(settings);
    expect(data<{ settings: unknown }>(await c.get('/api/user/info')).settings).toEqual(settings);
    // Someone else's settings are untouched.
    const other = await signedIn(t.app, 'user');
    expect(data<{ settings: unknown }>(await other.get('/api/user/info')).settings).toBeNull();

    const audit = await lastAudit('user.settings.update');
    expect(audit.diff).toEqual({
      theme: { before: 'light', after: 'dark' },
      themeColor: { before: '#165DFF', after: '#F53F3F' },
      tabBar: { before: false, after: true },
    });
  });

  it('accepts the seed object without serverMenu (defaults to empty)', async () => {
    const c = await signedIn(t.app, 'user');
    const { serverMenu: _omit, ...rest } = DEFAULT_USER_SETTINGS;
    const res = await c.put('/api/user/settings', rest);
    expect(res.statusCode).toBe(200);
    expect(data<{ serverMenu: unknown }>(res).serverMenu).toEqual([]);
  });

  it('refuses invalid settings with the failing field', async () => {
    const c = await signedIn(t.app, 'user');
    const cases: [Record<string, unknown>, string][] = [
      [{ themeColor: 'red' }, 'themeColor'],
      [{ themeColor: '#12345' }, 'themeColor'],
      [{ menuWidth: 5000 }, 'menuWidth'],
      [{ menuWidth: 220.5 }, 'menuWidth'],
      [{ theme: 'blue' }, 'theme'],
      [{ navbar: 'yes' }, 'navbar'],
      [{ device: 'tv' }, 'device'],
    ];
    for (const [change, field] of cases) {
      const res = await c.put('/api/user/settings', { ...DEFAULT_USER_SETTINGS, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const unknown = await c.put('/api/user/settings', { ...DEFAULT_USER_SETTINGS, sneaky: 1 });
    expect(unknown.statusCode).toBe(400);
    const { footer: _f, ...missing } = DEFAULT_USER_SETTINGS;
    expect((await c.put('/api/user/settings', missing)).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await new Client(t.app).put('/api/user/settings', DEFAULT_USER_SETTINGS);
    expect(res.statusCode).toBe(401);
  });
});

describe('basic information', () => {
  const valid = {
    email: 'ops@example.com',
    nickname: '小李',
    countryRegion: 'China',
    area: 'Beijing',
    address: '朝阳区建国路 1 号',
    profile: '十年导游调度经验。',
  };

  it('updates the own profile with optimistic locking', async () => {
    const c = await signedIn(t.app, 'operator');
    const before = data<{ version: number }>(await c.get('/api/user/profile'));
    const res = await c.put('/api/user/profile', { ...valid, version: before.version });
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ ...valid, version: before.version + 1 });
    expect(data(await c.get('/api/user/profile'))).toMatchObject(valid);
    const info = data<{ name: string; email: string; introduction: string }>(
      await c.get('/api/user/info'),
    );
    expect(info).toMatchObject({
      name: '小李',
      email: 'ops@example.com',
      introduction: valid.profile,
    });

    const stale = await c.put('/api/user/profile', { ...valid, version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');

    const audit = await lastAudit('user.profile.update');
    expect(audit.diff).toMatchObject({ nickname: { before: '李调度', after: '小李' } });
  });

  it('requires email, nickname, country/region and area; profile at most 200 words', async () => {
    const c = await signedIn(t.app, 'user');
    const { version } = data<{ version: number }>(await c.get('/api/user/profile'));
    const cases: [Record<string, unknown>, string][] = [
      [{ email: '' }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ nickname: ' ' }, 'nickname'],
      [{ countryRegion: '' }, 'countryRegion'],
      [{ area: '' }, 'area'],
      [{ profile: Array.from({ length: 201 }, () => 'word').join(' ') }, 'profile'],
      [{ profile: '字'.repeat(201) }, 'profile'],
      [{ address: 'x'.repeat(201) }, 'address'],
    ];
    for (const [change, field] of cases) {
      const res = await c.put('/api/user/profile', { ...valid, ...change, version });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const ok200 = await c.put('/api/user/profile', {
      ...valid,
      profile: '字'.repeat(200),
      version,
    });
    expect(ok200.statusCode).toBe(200);
    expect(
      (await c.put('/api/user/profile', { ...valid, role: 'admin', version })).statusCode,
    ).toBe(400);
  });
});

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63fcffff3f0300050001ff0a2db4170000000049454e44ae426082',
  'hex',
);

function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----consoleTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('avatar upload', () => {
  it('stores an image and serves it from the URL now in the profile', async () => {
    const c = await signedIn(t.app, 'user');
    const { payload, headers } = multipart('me.png', 'image/png', PNG);
    const res = await c.post('/api/user/avatar', payload, { headers });
    expect(res.statusCode).toBe(200);
    const { avatar } = data<{ avatar: string }>(res);
    expect(avatar).toMatch(/^\/api\/user\/avatar\/\d+\?v=\d+$/);
    expect(data<{ avatar: string }>(await c.get('/api/user/info')).avatar).toBe(avatar);
    const img = await c.get(avatar);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await new Client(t.app).get(avatar)).statusCode).toBe(401);
  });

  it('refuses files that are not images, whatever type they declare', async () => {
    const c = await signedIn(t.app, 'user');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    for (const [name, type, body] of [
      ['x.png', 'image/png', Buffer.from('hello, not an image')],
      ['x.svg', 'image/svg+xml', svg],
    ] as const) {
      const { payload, headers } = multipart(name, type, body);
      const res = await c.post('/api/user/avatar', payload, { headers });
      expect(res.statusCode).toBe(415);
    }
    const json = await c.post('/api/user/avatar', { avatar: 'data:...' });
    expect(json.statusCode).toBe(415);
  });

  it('answers 413 beyond the size limit', async () => {
    const c = await signedIn(t.app, 'user');
    const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
    const { payload, headers } = multipart('big.png', 'image/png', big);
    const res = await c.post('/api/user/avatar', payload, { headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
  });
});

interface Cert {
  enterpriseInfo: { status: string; enterpriseName: string } | null;
  list: { id: number; status: string; version: number }[];
}

describe('certification', () => {
  it('shows the licence in force and the record list', async () => {
    const admin = await signedIn(t.app, 'admin');
    const cert = data<Cert>(await admin.get('/api/user/certification'));
    expect(cert.enterpriseInfo).toMatchObject({ status: 'pass' });
    expect(cert.list.map((r) => r.status).sort()).toEqual(['auditing', 'pass']);
    const user = await signedIn(t.app, 'user');
    expect(data<Cert>(await user.get('/api/user/certification'))).toEqual({
      enterpriseInfo: null,
      list: [],
    });
  });

  it('lets the owner check and withdraw an application under audit, once', async () => {
    const admin = await signedIn(t.app, 'admin');
    const auditing = data<Cert>(await admin.get('/api/user/certification')).list.find(
      (r) => r.status === 'auditing',
    )!;
    const detail = await admin.get(`/api/user/certification/records/${auditing.id}`);
    expect(data<{ info: { legalPerson: string } }>(detail).info.legalPerson).toBeTruthy();

    // Other users neither see nor withdraw it.
    const user = await signedIn(t.app, 'user');
    expect((await user.get(`/api/user/certification/records/${auditing.id}`)).statusCode).toBe(404);
    const foreign = await user.post(`/api/user/certification/records/${auditing.id}/withdraw`, {
      version: auditing.version,
    });
    expect(foreign.statusCode).toBe(404);

    const stale = await admin.post(`/api/user/certification/records/${auditing.id}/withdraw`, {
      version: auditing.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('STALE_VERSION');

    const res = await admin.post(`/api/user/certification/records/${auditing.id}/withdraw`, {
      version: auditing.version,
    });
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ status: 'withdrawn', version: auditing.version + 1 });
    const again = await admin.post(`/api/user/certification/records/${auditing.id}/withdraw`, {
      version: auditing.version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect((await lastAudit('user.certification.withdraw')).diff).toEqual({
      status: { before: 'auditing', after: 'withdrawn' },
    });
  });

  it('allows one application under audit at a time; an admin passes it', async () => {
    const c = await signedIn(t.app, 'operator');
    const licence = {
      accountType: 'enterprise',
      legalPerson: '李调度',
      certificateType: 'business_licence',
      authenticationNumber: '91310000XXXX',
      enterpriseName: '上海某旅行社',
      organizationCode: 'ABC-123',
    };
    const first = await c.post('/api/user/certification', licence);
    expect(first.statusCode).toBe(200);
    const record = data<{ id: number; status: string; version: number }>(first);
    expect(record.status).toBe('auditing');
    const second = await c.post('/api/user/certification', licence);
    expect(second.statusCode).toBe(409);

    expect(
      (await c.post('/api/user/certification', { ...licence, organizationCode: '含中文' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await c.post('/api/user/certification', { ...licence, legalPerson: '' })).statusCode,
    ).toBe(400);

    const approveAsOperator = await c.post(`/api/user/certification/records/${record.id}/approve`, {
      version: record.version,
    });
    expect(approveAsOperator.statusCode).toBe(403);
    const admin = await signedIn(t.app, 'admin');
    const approved = await admin.post(`/api/user/certification/records/${record.id}/approve`, {
      version: record.version,
    });
    expect(approved.statusCode).toBe(200);
    expect(data<Cert>(await c.get('/api/user/certification')).enterpriseInfo).toMatchObject({
      status: 'pass',
      enterpriseName: '上海某旅行社',
    });
  });
});

describe('recent activity', () => {
  it('lists the caller’s own audit rows, newest first, with keyset paging', async () => {
    const c = await signedIn(t.app, 'user');
    for (let i = 0; i < 3; i++) await c.post('/api/message/read-all', {});
    const first = data<{ list: { id: number; action: string }[]; next: number | null }>(
      await c.get('/api/user/activity?limit=2'),
    );
    expect(first.list).toHaveLength(2);
    expect(first.list[0].id).toBeGreaterThan(first.list[1].id);
    expect(first.list[0].action).toBe('message.readAll');
    expect(first.next).toBe(first.list[1].id);
    const second = data<{ list: { id: number }[] }>(
      await c.get(`/api/user/activity?limit=2&before=${first.next}`),
    );
    expect(second.list.every((r) => r.id < first.next!)).toBe(true);

    const [me] = await t.database.db
      .select({ userId: auditLog.userId })
      .from(auditLog)
      .where(eq(auditLog.id, first.list[0].id));
    const mine = await t.database.db.$count(auditLog, eq(auditLog.userId, me.userId!));
    const all = data<{ list: unknown[] }>(await c.get('/api/user/activity?limit=50'));
    expect(all.list).toHaveLength(Math.min(50, mine));
    expect((await c.get('/api/user/activity?limit=500')).statusCode).toBe(400);
    expect((await new Client(t.app).get('/api/user/activity')).statusCode).toBe(401);
  });
});
