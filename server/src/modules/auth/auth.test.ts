import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Client, createTestApp, DEMO, type TestApp } from '../../../test/support/app';
import { createUser } from '../../seed';
import { pinDeclaredSections } from '../sections/test-bundles';
import { loginThrottle, roles, sessions, users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test starts from the demo accounts as seeded: enabled, first role active, no locks.
beforeEach(async () => {
  await t.services.db.delete(loginThrottle);
  await t.services.db.execute(
    sql`update users set enabled = true, active_role = case username when 'admin' then 'admin' when 'operator' then 'operator' else 'user' end`,
  );
  await t.services.config.reset('login.lockoutThreshold');
  await t.services.config.reset('password.minLength');
});

let ipSeq = 0;
/** A caller from its own address, so per-source throttles of one test do not leak into another. */
const fresh = () => new Client(t.app, `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`);
const as = (role: keyof typeof DEMO) => fresh().login(DEMO[role]);

const sessionCount = async (username: string) => {
  const rows = await t.services.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.username, username));
  return rows.length;
};

describe('POST /api/user/login', () => {
  it('signs in with the demo admin and answers the seed info shape', async () => {
    const c = fresh();
    const res = await c.post('/api/user/login', DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 20000, data: { username: 'admin', role: 'admin' } });
    const info = await c.get('/api/user/info');
    expect(info.json().code).toBe(20000);
    expect(info.json().data).toMatchObject({
      username: 'admin',
      role: 'admin',
      roles: [{ code: 'admin' }, { code: 'operator' }, { code: 'user' }],
    });
    // The seed's profile fields (seed §3) are all present.
    for (const key of [
      'name',
      'avatar',
      'job',
      'organization',
      'location',
      'email',
      'introduction',
      'personalWebsite',
      'jobName',
      'organizationName',
      'locationName',
      'phone',
      'registrationDate',
      'accountId',
      'certification',
    ]) {
      expect(info.json().data).toHaveProperty(key);
    }
    expect(info.json().data.permissions).toContain('monitor:view');
  });

  it('signs in each demo account with its own role', async () => {
    for (const [role, who] of Object.entries(DEMO)) {
      const res = await fresh().post('/api/user/login', who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.role).toBe(role);
    }
  });

  it('gives an unknown user and a wrong password the same 401 message', async () => {
    const a = await fresh().post('/api/user/login', { username: 'admin', password: 'Wrong123' });
    const b = await fresh().post('/api/user/login', { username: 'nobody', password: 'Wrong123' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().msg).toBe(b.json().msg);
    expect(a.json().error).toBe('INVALID_CREDENTIALS');
    expect(b.json().error).toBe('INVALID_CREDENTIALS');
    expect(a.json().msg).toBe('用户名或密码错误');
  });

  it('answers in English when the caller asks for it', async () => {
    const res = await fresh().post(
      '/api/user/login',
      { username: 'admin', password: 'Wrong123' },
      { headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    expect(res.json().msg).toBe('Incorrect username or password');
  });

  it('refuses empty fields with 400 naming each field', async () => {
    const res = await fresh().post('/api/user/login', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['password', 'username']);
  });

  it('tells a disabled account so, but only after the right password', async () => {
    await t.services.db.update(users).set({ enabled: false }).where(eq(users.username, 'user'));
    const wrong = await fresh().post('/api/user/login', { username: 'user', password: 'Nope1234' });
    expect(wrong.json().error).toBe('INVALID_CREDENTIALS');
    const right = await fresh().post('/api/user/login', DEMO.user);
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toBe('ACCOUNT_DISABLED');
    expect(right.json().msg).toBe('账号已被停用，请联系管理员');
  });

  it('ends the session of an account that gets disabled', async () => {
    const c = await as('user');
    await t.services.db.update(users).set({ enabled: false }).where(eq(users.username, 'user'));
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('rotates the session token at sign-in: the previous token stops working', async () => {
    const c = fresh();
    await c.login(DEMO.user);
    const before = c.cookie!;
    await c.login(DEMO.user);
    expect(c.cookie).not.toBe(before);
    const stale = fresh();
    stale.cookie = before;
    expect((await stale.get('/api/user/info')).statusCode).toBe(401);
    expect((await c.get('/api/user/info')).statusCode).toBe(200);
  });
});

describe('login throttling (README, "Sign-in throttling")', () => {
  it('locks an account from one source after the configured failures, with the seconds to wait', async () => {
    const attacker = fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await attacker.post('/api/user/login', {
        username: 'operator',
        password: 'Bad12345',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await attacker.post('/api/user/login', DEMO.operator);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe('ACCOUNT_LOCKED');
    expect(locked.json().data.seconds).toBeGreaterThan(14 * 60);
    expect(locked.json().data.seconds).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().msg).toContain(String(locked.json().data.seconds));

    // The real user elsewhere is not locked out by the stranger.
    expect((await fresh().post('/api/user/login', DEMO.operator)).statusCode).toBe(200);

    // The lock lapses after its period.
    await t.services.db.update(loginThrottle).set({ lockedUntil: new Date(Date.now() - 1000) });
    expect((await attacker.post('/api/user/login', DEMO.operator)).statusCode).toBe(200);
  });

  it('checks at most the threshold of 20 parallel wrong passwords; the rest get 429 (issue #12)', async () => {
    const attacker = fresh();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        attacker.post('/api/user/login', { username: 'operator', password: 'Bad12345' }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    // Threshold 5: four wrong answers, the fifth checked one locks; nothing else is checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await attacker.post('/api/user/login', DEMO.operator)).statusCode).toBe(429);
  });

  it('takes the threshold from system config', async () => {
    await t.services.config.set('login.lockoutThreshold', 3, null);
    const c = fresh();
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (await c.post('/api/user/login', { username: 'user', password: 'X1x1x1x1' })).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 429]);
  });

  it('a successful sign-in clears the failure count', async () => {
    const c = fresh();
    for (let i = 0; i < 4; i++) {
      await c.post('/api/user/login', { username: 'user', password: 'X1x1x1x1' });
    }
    await c.post('/api/user/login', DEMO.user);
    const after = await c.post('/api/user/login', { username: 'user', password: 'X1x1x1x1' });
    expect(after.statusCode).toBe(401);
  });

  it('limits one source to 30 sign-in attempts a minute, whatever the accounts', async () => {
    const c = fresh();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await c.post('/api/user/login', { username: `ghost${i}`, password: 'X1x1x1x1' });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(codes[30]).toBe(429);
    const limited = await c.post('/api/user/login', DEMO.user);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
    // Another source is unaffected.
    expect((await fresh().post('/api/user/login', DEMO.user)).statusCode).toBe(200);
  });
});

describe('POST /api/user/logout', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const c = await as('user');
    const token = c.cookie;
    const before = await sessionCount('user');
    const res = await c.post('/api/user/logout');
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((x) => x.name === 'tc_session');
    expect(cleared?.value).toBe('');
    expect(await sessionCount('user')).toBe(before - 1);
    const stale = fresh();
    stale.cookie = token;
    expect((await stale.get('/api/user/info')).statusCode).toBe(401);
  });

  it('succeeds without a session (the client resets itself even if logout fails, seed §4)', async () => {
    const res = await fresh().post('/api/user/logout');
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/user/info', () => {
  it('refuses an anonymous caller with 401', async () => {
    const res = await fresh().get('/api/user/info');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHENTICATED');
  });

  it('refuses a forged token', async () => {
    const c = fresh();
    c.cookie = 'x'.repeat(43);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });
});

type MenuItem = { key: string; path: string; children?: MenuItem[] };
const menuKeys = (menu: MenuItem[]) => menu.flatMap((s) => (s.children ?? []).map((c) => c.key));

describe('POST /api/user/menu', () => {
  // Built from the pinned versions' declared pages (issue 17).
  beforeAll(() => pinDeclaredSections(t.services.sections));

  it('gives the admin every section, monitor included, in menu order', async () => {
    const res = await (await as('admin')).post('/api/user/menu');
    expect(res.statusCode).toBe(200);
    const menu: MenuItem[] = res.json().data;
    // Seed §2 orders: dashboard 0, scenic 0, team 0, guide 1, system 9 (stable among equals).
    expect(menu.map((s) => s.key)).toEqual(['dashboard', 'scenic', 'team', 'guide', 'system']);
    expect(menuKeys(menu)).toContain('dashboard/monitor');
    expect(menuKeys(menu)).toContain('scenic/maintenance');
    expect(menu[0].children![0]).toEqual({
      key: 'dashboard/workplace',
      path: '/dashboard/workplace',
    });
  });

  it('leaves monitor out for the operator and maintenance out for the user', async () => {
    const op = menuKeys((await (await as('operator')).post('/api/user/menu')).json().data);
    expect(op).not.toContain('dashboard/monitor');
    expect(op).toContain('scenic/maintenance');
    const user = menuKeys((await (await as('user')).post('/api/user/menu')).json().data);
    expect(user).not.toContain('dashboard/monitor');
    expect(user).not.toContain('scenic/maintenance');
    expect(user).toContain('system/operation-log');
  });

  it('follows the active role after a switch', async () => {
    const c = await as('admin');
    await c.post('/api/user/switch-role', { role: 'user' });
    const keys = menuKeys((await c.post('/api/user/menu')).json().data);
    expect(keys).not.toContain('dashboard/monitor');
  });

  it('goes by permission code: a custom role holding only scenic:read gets exactly the scenic list and detail', async () => {
    const viewer = { username: 'scenic-viewer', password: 'Viewer1234' };
    await t.services.db.transaction(async (tx) => {
      await tx.insert(roles).values({
        code: 'scenic-viewer',
        name: '景点查看',
        nameEn: 'Scenic viewer',
        permissions: ['scenic:read'],
      });
      await createUser(tx, { ...viewer, name: 'Viewer', roles: ['scenic-viewer'] });
    });
    const res = await (await fresh().login(viewer)).post('/api/user/menu');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        key: 'scenic',
        path: '/scenic',
        children: [
          { key: 'scenic/list', path: '/scenic/list' },
          { key: 'scenic/detail', path: '/scenic/detail/:id' },
        ],
      },
    ]);
  });

  it('refuses an anonymous caller with 401 and a request without the CSRF header with 403', async () => {
    expect((await fresh().post('/api/user/menu')).statusCode).toBe(401);
    const c = await as('user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/menu',
      headers: { cookie: `tc_session=${c.cookie}` },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/user/switch-role', () => {
  it('switches to a held role on the server: info, permissions and access follow', async () => {
    const c = await as('admin');
    const res = await c.post('/api/user/switch-role', { role: 'operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('operator');
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.role).toBe('operator');
    expect(info.permissions).not.toContain('monitor:view');
    expect(info.permissions).toContain('scenic:maintain');
    await c.post('/api/user/switch-role', { role: 'admin' });
    expect((await c.get('/api/user/info')).json().data.role).toBe('admin');
  });

  it('switches only the session that asked; the next sign-in starts with the last role', async () => {
    const first = await as('admin');
    const second = await as('admin');
    await first.post('/api/user/switch-role', { role: 'user' });
    expect((await first.get('/api/user/info')).json().data.role).toBe('user');
    expect((await second.get('/api/user/info')).json().data.role).toBe('admin');
    const third = await as('admin');
    expect((await third.get('/api/user/info')).json().data.role).toBe('user');
    await first.post('/api/user/switch-role', { role: 'admin' });
  });

  it('refuses a role the user does not hold with 403 and changes nothing', async () => {
    const c = await as('operator');
    const res = await c.post('/api/user/switch-role', { role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ROLE_NOT_HELD');
    const info = (await c.get('/api/user/info')).json().data;
    expect(info.role).toBe('operator');
    expect(info.permissions).not.toContain('monitor:view');
    const [row] = await t.services.db
      .select({ activeRole: users.activeRole })
      .from(users)
      .where(eq(users.username, 'operator'));
    expect(row.activeRole).toBe('operator');
  });

  it('refuses an unknown role and a malformed body', async () => {
    const c = await as('admin');
    expect((await c.post('/api/user/switch-role', { role: 'root' })).statusCode).toBe(403);
    const bad = await c.post('/api/user/switch-role', { role: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('role');
    expect((await fresh().post('/api/user/switch-role', { role: 'user' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const c = await as('user');
    const other = await as('user');
    const res = await c.post('/api/user/password', {
      oldPassword: 'User1234',
      newPassword: 'NewPass99',
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/user/info')).statusCode).toBe(200);
    expect((await other.get('/api/user/info')).statusCode).toBe(401);
    expect((await fresh().post('/api/user/login', DEMO.user)).statusCode).toBe(401);
    expect(
      (await fresh().post('/api/user/login', { username: 'user', password: 'NewPass99' }))
        .statusCode,
    ).toBe(200);
    // Put the demo password back for the other tests.
    await c.post('/api/user/password', { oldPassword: 'NewPass99', newPassword: 'User1234' });
  });

  it('refuses a wrong current password', async () => {
    const c = await as('user');
    const res = await c.post('/api/user/password', {
      oldPassword: 'Wrong999',
      newPassword: 'NewPass99',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('WRONG_PASSWORD');
  });

  it.each([
    ['minLength', 'Ab1cd', '密码至少 6 个字符'],
    ['noSpaces', 'Abc def12', '密码不能包含空格'],
    ['upper', 'abcdef12', '密码需包含大写字母'],
    ['lower', 'ABCDEF12', '密码需包含小写字母'],
  ])('enforces the policy rule %s', async (rule, newPassword, message) => {
    const c = await as('user');
    const res = await c.post('/api/user/password', { oldPassword: 'User1234', newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('PASSWORD_POLICY');
    expect(res.json().data.violations).toEqual([rule]);
    expect(res.json().fields).toEqual([{ path: 'newPassword', message }]);
  });

  it('lists every broken rule, in English when asked', async () => {
    const c = await as('user');
    const res = await c.post(
      '/api/user/password',
      { oldPassword: 'User1234', newPassword: 'a b' },
      { headers: { 'x-locale': 'en-US' } },
    );
    expect(res.json().data.violations).toEqual(['minLength', 'noSpaces', 'upper']);
    expect(res.json().fields.map((f: { message: string }) => f.message)).toEqual([
      'At least 6 characters',
      'No spaces',
      'Needs an upper-case letter',
    ]);
  });

  it('takes a longer minimum length from system config', async () => {
    await t.services.config.set('password.minLength', 10, null);
    const c = await as('user');
    const res = await c.post('/api/user/password', {
      oldPassword: 'User1234',
      newPassword: 'Abcdefgh1',
    });
    expect(res.json().data).toEqual({ violations: ['minLength'], minLength: 10 });
  });

  it('refuses missing fields and anonymous callers', async () => {
    const c = await as('user');
    const res = await c.post('/api/user/password', { oldPassword: 'User1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'newPassword', message: '必填项' }]);
    const anon = await fresh().post('/api/user/password', {
      oldPassword: 'User1234',
      newPassword: 'NewPass99',
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('sessions list and sign-out-others', () => {
  it('lists this user’s sessions, marks the current one, and ends the others', async () => {
    const c = await as('operator');
    const other = await as('operator');
    const list = (await c.get('/api/user/sessions')).json().data as { current: boolean }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect((await c.post('/api/user/sessions/sign-out-others')).statusCode).toBe(200);
    expect((await other.get('/api/user/info')).statusCode).toBe(401);
    expect((await c.get('/api/user/sessions')).json().data).toHaveLength(1);
  });
});
