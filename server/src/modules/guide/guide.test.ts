import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, isoToday, type Guide, type GuideCreateBody } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody, guideUpdateBodyOf } from '../../../test/support/guides';
import { users } from '../auth/schema';
import { messages } from '../messages/schema';
import { licenceDedupeKey, licenceReminderJob } from '../../jobs/licence-reminder';
import { runJob } from '../../jobs';

let t: TestApp;
let operator: Client;
let admin: Client;
let user: Client;
beforeAll(async () => {
  t = await createTestApp();
  [operator, admin, user] = await Promise.all([
    signedIn(t.app, 'operator'),
    signedIn(t.app, 'admin'),
    signedIn(t.app, 'user'),
  ]);
});
afterAll(() => t.close());

const today = isoToday();
const body = guideBody;

async function create(overrides: Partial<GuideCreateBody> = {}): Promise<Guide> {
  const res = await operator.post('/api/guides', body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const updateBody = (g: Guide, changes: Partial<GuideCreateBody> = {}) =>
  guideUpdateBodyOf(g, changes);

/** Paths of the failing fields (messages are localised by the server). */
const fieldsOf = (res: { json(): { fields?: { path: string; message: string }[] } }) =>
  (res.json().fields ?? []).map((f) => f.path);

describe('create and read', () => {
  it('creates a guide with languages and specialties and reads it back', async () => {
    const g = await create();
    expect(g).toMatchObject({
      name: '测试导游',
      status: 'active',
      level: 'senior',
      languages: [
        { language: 'zh', proficiency: 'native' },
        { language: 'en', proficiency: 'fluent' },
      ],
      specialties: ['history'],
      figures: { teamsLed: 0, daysWorked30: 0, averageRating: null },
      version: 1,
    });
    const read = await user.get(`/api/guides/${g.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.licenceNo).toBe(g.licenceNo);
  });

  it('generates a G-code when none is given', async () => {
    const g = await create({ code: '' });
    expect(g.code).toMatch(/^G\d{6}$/);
    const h = await create({ code: undefined });
    expect(h.code).toMatch(/^G\d{6}$/);
    expect(h.code).not.toBe(g.code);
  });

  it('refuses a duplicate code or licence number with 409 naming the field', async () => {
    const g = await create();
    const dupCode = await operator.post('/api/guides', body({ code: g.code }));
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().error).toBe('DUPLICATE');
    expect(fieldsOf(dupCode)).toEqual(['code']);
    const dupLicence = await operator.post('/api/guides', body({ licenceNo: g.licenceNo }));
    expect(dupLicence.statusCode).toBe(409);
    expect(fieldsOf(dupLicence)).toEqual(['licenceNo']);
  });

  it('answers 404 for an unknown guide', async () => {
    const res = await user.get('/api/guides/999999');
    expect(res.statusCode).toBe(404);
  });
});

describe('validation (shared contract)', () => {
  const cases: [string, Partial<GuideCreateBody> | Record<string, unknown>, string][] = [
    ['a non-mainland mobile number', { phone: '12345678901' }, 'phone'],
    ['a landline as mobile', { phone: '0571-8888888' }, 'phone'],
    ['a malformed email', { email: 'not-an-email' }, 'email'],
    ['a malformed emergency phone', { emergencyContactPhone: '1381234' }, 'emergencyContactPhone'],
    ['a birth date in the future', { birthDate: addDays(today, 3) }, 'birthDate'],
    ['a level obtained before birth', { levelObtainedOn: '1980-01-01' }, 'levelObtainedOn'],
    ['a level obtained in the future', { levelObtainedOn: addDays(today, 2) }, 'levelObtainedOn'],
    ['an expiry before the level was obtained', { licenceExpiry: '2014-01-01' }, 'licenceExpiry'],
    ['a group size of 0', { maxGroupSize: 0 }, 'maxGroupSize'],
    ['a group size of 201', { maxGroupSize: 201 }, 'maxGroupSize'],
    ['a fractional group size', { maxGroupSize: 12.5 }, 'maxGroupSize'],
    ['an unknown level', { level: 'master' }, 'level'],
    ['an unknown employment type', { employmentType: 'intern' }, 'employmentType'],
    ['no language', { languages: [] }, 'languages'],
    [
      'a language twice',
      {
        languages: [
          { language: 'en', proficiency: 'fluent' },
          { language: 'en', proficiency: 'basic' },
        ],
      },
      'languages.1',
    ],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name over 32 characters', { name: '名'.repeat(33) }, 'name'],
    ['a malformed code', { code: 'X12' }, 'code'],
    ['an invalid date', { birthDate: '1990-02-30' }, 'birthDate'],
  ];
  for (const [what, change, field] of cases) {
    it(`refuses ${what} with 400 and the failing field`, async () => {
      const res = await operator.post('/api/guides', { ...body(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res)).toContain(field);
    });
  }

  it('refuses unknown fields', async () => {
    const res = await operator.post('/api/guides', { ...body(), salary: 1 });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a language or specialty that is not in the dictionary', async () => {
    const res = await operator.post(
      '/api/guides',
      body({ languages: [{ language: 'klingon', proficiency: 'basic' }], specialties: ['magic'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['languages.0.language', 'specialties.0']);
  });

  it('certifies for an existing spot with its name and refuses an unknown spot', async () => {
    const spots = (await user.get('/api/scenic/spots?pageSize=1')).json().data.list;
    const g = await create({
      certifications: [{ spotId: spots[0].id, validUntil: addDays(today, 90) }],
    });
    expect(g.certifications).toEqual([
      { spotId: spots[0].id, spotName: spots[0].name, validUntil: addDays(today, 90) },
    ]);
    const certified = await user.get(`/api/guides?certifiedSpotId=${spots[0].id}&pageSize=100`);
    expect(certified.json().data.list.map((x: { id: number }) => x.id)).toContain(g.id);
    const res = await operator.post(
      '/api/guides',
      body({ certifications: [{ spotId: 999999, validUntil: addDays(today, 90) }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['certifications.0.spotId']);
  });

  it('refuses a suspension without a reason', async () => {
    const g = await create();
    const res = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'suspended',
      reason: '',
      version: g.version,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('reason');
  });

  it('refuses a list page size over 100 and an unknown filter', async () => {
    expect((await user.get('/api/guides?pageSize=101')).statusCode).toBe(400);
    expect((await user.get('/api/guides?colour=red')).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('lets every role read and only admin and operator write', async () => {
    const g = await create();
    for (const c of [user, operator, admin]) {
      expect((await c.get('/api/guides')).statusCode).toBe(200);
      expect((await c.get(`/api/guides/${g.id}`)).statusCode).toBe(200);
      expect((await c.get(`/api/guides/${g.id}/unavailability`)).statusCode).toBe(200);
      expect((await c.get(`/api/guides/${g.id}/audit`)).statusCode).toBe(200);
    }
    const writes = [
      () => user.post('/api/guides', body()),
      () => user.put(`/api/guides/${g.id}`, updateBody(g)),
      () =>
        user.post(`/api/guides/${g.id}/status`, {
          status: 'on_leave',
          reason: '',
          version: g.version,
        }),
      () =>
        user.post(`/api/guides/${g.id}/unavailability`, {
          type: 'leave',
          startDate: today,
          endDate: today,
          reason: '',
        }),
      () => user.delete(`/api/guides/${g.id}/unavailability/1`),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
    const adminCreate = await admin.post('/api/guides', body());
    expect(adminCreate.statusCode).toBe(200);
  });

  it('refuses anonymous callers', async () => {
    const anon = new Client(t.app);
    expect((await anon.get('/api/guides')).statusCode).toBe(401);
    expect((await anon.post('/api/guides', body())).statusCode).toBe(401);
  });
});

describe('update and optimistic locking', () => {
  it('updates with the current version and refuses the stale second write with 409', async () => {
    const g = await create();
    const first = await operator.put(`/api/guides/${g.id}`, updateBody(g, { name: '新名字' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ name: '新名字', version: 2 });
    const second = await admin.put(`/api/guides/${g.id}`, updateBody(g, { name: '覆盖' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('STALE_VERSION');
    expect((await user.get(`/api/guides/${g.id}`)).json().data.name).toBe('新名字');
  });

  it('replaces languages and specialties', async () => {
    const g = await create();
    const res = await operator.put(
      `/api/guides/${g.id}`,
      updateBody(g, {
        languages: [
          { language: 'zh', proficiency: 'native' },
          { language: 'ja', proficiency: 'working' },
          { language: 'ko', proficiency: 'basic' },
        ],
        specialties: ['food', 'hiking'],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.languages.map((l: { language: string }) => l.language)).toEqual([
      'zh',
      'ja',
      'ko',
    ]);
    expect(res.json().data.specialties).toEqual(['food', 'hiking']);
  });

  it('refuses a stale status change', async () => {
    const g = await create();
    await operator.put(`/api/guides/${g.id}`, updateBody(g, { homeCity: '苏州' }));
    const res = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'on_leave',
      reason: '',
      version: g.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('STALE_VERSION');
  });

  it('audits every write with a field diff and shows it in the guide history', async () => {
    const g = await create();
    await operator.put(`/api/guides/${g.id}`, updateBody(g, { maxGroupSize: 25 }));
    await operator.post(`/api/guides/${g.id}/status`, {
      status: 'suspended',
      reason: '游客投诉',
      version: g.version + 1,
    });
    // The rows committed with the changes: they are there as soon as the answers are.
    const list: { action: string; diff: Record<string, unknown> }[] = (
      await user.get(`/api/guides/${g.id}/audit`)
    ).json().data.list;
    expect(list.map((e) => e.action)).toEqual(['guide.status', 'guide.update', 'guide.create']);
    expect(list[0].diff).toEqual({
      status: { before: 'active', after: 'suspended' },
      statusReason: { before: '', after: '游客投诉' },
    });
    expect(list[1].diff).toEqual({ maxGroupSize: { before: 40, after: 25 } });
    expect(list[2].diff).toMatchObject({ name: { before: null, after: '测试导游' } });
  });
});

describe('licence rules', () => {
  it('refuses to activate a guide whose licence has expired (409)', async () => {
    const g = await create({ status: 'on_leave' });
    // Let the licence lapse: the guide is not active, so editing the date is allowed.
    const upd = await operator.put(
      `/api/guides/${g.id}`,
      updateBody(g, { licenceExpiry: addDays(today, -1) }),
    );
    expect(upd.statusCode).toBe(200);
    const res = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'active',
      reason: '',
      version: upd.json().data.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('CONFLICT');
    expect(res.json().msg).toContain(addDays(today, -1));
    expect((await user.get(`/api/guides/${g.id}`)).json().data.status).toBe('on_leave');
  });

  it('refuses to create an active guide with an expired licence', async () => {
    const res = await operator.post(
      '/api/guides',
      body({ levelObtainedOn: '2010-01-01', licenceExpiry: addDays(today, -3) }),
    );
    expect(res.statusCode).toBe(409);
  });

  it('treats a licence expiring today as still valid', async () => {
    const g = await create({ status: 'on_leave', licenceExpiry: today });
    const res = await operator.post(`/api/guides/${g.id}/status`, {
      status: 'active',
      reason: '',
      version: g.version,
    });
    expect(res.statusCode).toBe(200);
  });

  it('creates the licence-expiry todo once per guide and expiry, for guide maintainers only', async () => {
    const g = await create({ licenceExpiry: addDays(today, 10), name: '即将到期' });
    const far = await create({ licenceExpiry: addDays(today, 31) });
    const db = t.database.db;
    const first = await runJob(licenceReminderJob, t.services);
    expect(first.ran).toBe(true);
    await runJob(licenceReminderJob, t.services);
    const todos = await db
      .select({ userId: messages.userId, username: users.username, title: messages.title })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(
        and(
          eq(messages.type, 'todo'),
          eq(messages.dedupeKey, licenceDedupeKey(g.id, g.licenceExpiry)),
        ),
      );
    expect(todos.map((m) => m.username).sort()).toEqual(['admin', 'operator']);
    expect(todos[0].title).toContain('即将到期');
    const none = await db
      .select()
      .from(messages)
      .where(eq(messages.dedupeKey, licenceDedupeKey(far.id, far.licenceExpiry)));
    expect(none).toHaveLength(0);
    // A renewed licence that again nears expiry is a new reminder.
    const renewed = await operator.put(
      `/api/guides/${g.id}`,
      updateBody(g, { licenceExpiry: addDays(today, 20) }),
    );
    expect(renewed.statusCode).toBe(200);
    const again = await runJob(licenceReminderJob, t.services);
    expect(again.ran && again.result.created).toBeGreaterThanOrEqual(2);
  });
});

describe('unavailability', () => {
  it('adds, lists and deletes periods; an overlapping period gets 409 naming the existing one', async () => {
    const g = await create();
    const start = addDays(today, 5);
    const end = addDays(today, 9);
    const add = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'leave',
      startDate: start,
      endDate: end,
      reason: '年假',
    });
    expect(add.statusCode).toBe(200);
    const clash = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'training',
      startDate: end,
      endDate: addDays(today, 12),
      reason: '',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toContain(start);
    expect(clash.json().msg).toContain(end);
    expect(clash.json().data.conflict.id).toBe(add.json().data.id);

    const adjacent = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'day_off',
      startDate: addDays(today, 10),
      endDate: addDays(today, 10),
      reason: '',
    });
    expect(adjacent.statusCode).toBe(200);

    const list = await user.get(`/api/guides/${g.id}/unavailability`);
    expect(list.json().data.map((p: { type: string }) => p.type)).toEqual(['leave', 'day_off']);
    const windowed = await user.get(
      `/api/guides/${g.id}/unavailability?from=${addDays(today, 10)}&to=${addDays(today, 30)}`,
    );
    expect(windowed.json().data).toHaveLength(1);

    const del = await operator.delete(`/api/guides/${g.id}/unavailability/${add.json().data.id}`);
    expect(del.statusCode).toBe(200);
    expect((await user.get(`/api/guides/${g.id}/unavailability`)).json().data).toHaveLength(1);
    const again = await operator.delete(`/api/guides/${g.id}/unavailability/${add.json().data.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('does not count another guide’s periods as an overlap', async () => {
    const a = await create();
    const b = await create();
    const period = { type: 'sick', startDate: today, endDate: addDays(today, 1), reason: '' };
    expect((await operator.post(`/api/guides/${a.id}/unavailability`, period)).statusCode).toBe(
      200,
    );
    expect((await operator.post(`/api/guides/${b.id}/unavailability`, period)).statusCode).toBe(
      200,
    );
  });

  it('refuses an end before the start', async () => {
    const g = await create();
    const res = await operator.post(`/api/guides/${g.id}/unavailability`, {
      type: 'leave',
      startDate: addDays(today, 3),
      endDate: addDays(today, 2),
      reason: '',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('endDate');
  });
});

describe('list', () => {
  it('pages the demo guides with a total', async () => {
    const res = await user.get('/api/guides?current=2&pageSize=20');
    const data = res.json().data;
    expect(data.list).toHaveLength(20);
    expect(data.total).toBeGreaterThanOrEqual(120);
  });

  it('filters by keyword, level, language, status, employment and licence expiry', async () => {
    const g = await create({
      name: '筛选专用',
      level: 'special',
      employmentType: 'freelance',
      languages: [
        { language: 'zh', proficiency: 'native' },
        { language: 'th', proficiency: 'working' },
      ],
      licenceExpiry: addDays(today, 12),
    });
    const q = (s: string) => user.get(`/api/guides?pageSize=100&${s}`);
    const ids = async (s: string) => {
      const res = await q(s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((x: { id: number }) => x.id) as number[];
    };
    expect(await ids(`keyword=${encodeURIComponent('筛选')}`)).toEqual([g.id]);
    expect(await ids(`keyword=${g.code}`)).toEqual([g.id]);
    expect(await ids(`keyword=${g.licenceNo}`)).toEqual([g.id]);

    const special = (await q('level=special')).json().data.list as { level: string }[];
    expect(special.every((x) => x.level === 'special')).toBe(true);
    expect(await ids('level=special&language=th&employmentType=freelance')).toContain(g.id);
    expect(await ids('level=junior&language=th')).not.toContain(g.id);

    const thai = (await q('language=th')).json().data.list as {
      languages: { language: string }[];
    }[];
    expect(thai.every((x) => x.languages.some((l) => l.language === 'th'))).toBe(true);

    const expiring = (await q('expiringWithinDays=15')).json().data.list as {
      id: number;
      licenceExpiry: string;
    }[];
    expect(expiring.map((x) => x.id)).toContain(g.id);
    expect(
      expiring.every((x) => x.licenceExpiry >= today && x.licenceExpiry <= addDays(today, 15)),
    ).toBe(true);
    expect(await ids('expiringWithinDays=5')).not.toContain(g.id);

    const onLeave = (await q('status=on_leave')).json().data;
    expect(onLeave.total).toBeGreaterThan(0);
    expect(onLeave.list.every((x: { status: string }) => x.status === 'on_leave')).toBe(true);
  });

  it('sorts by a column in both directions', async () => {
    const asc = (await user.get('/api/guides?sortField=licenceExpiry&sortOrder=ascend')).json().data
      .list as { licenceExpiry: string }[];
    const sorted = [...asc].sort((a, b) => a.licenceExpiry.localeCompare(b.licenceExpiry));
    expect(asc).toEqual(sorted);
    const desc = (await user.get('/api/guides?sortField=code&sortOrder=descend')).json().data
      .list as { code: string }[];
    expect(desc.map((x) => x.code)).toEqual(
      [...desc.map((x) => x.code)].sort((a, b) => b.localeCompare(a)),
    );
  });

  it('seeds demo guides with a spread of levels and statuses and some leave', async () => {
    for (const level of ['junior', 'intermediate', 'senior', 'special']) {
      expect((await user.get(`/api/guides?level=${level}`)).json().data.total).toBeGreaterThan(0);
    }
    for (const status of ['active', 'on_leave', 'suspended', 'inactive']) {
      expect((await user.get(`/api/guides?status=${status}`)).json().data.total).toBeGreaterThan(0);
    }
    expect((await user.get('/api/guides?expiringWithinDays=30')).json().data.total).toBeGreaterThan(
      0,
    );
    const leave = (
      await user.get('/api/guides?status=on_leave&pageSize=1&sortField=code&sortOrder=ascend')
    ).json().data.list[0];
    const periods = (await user.get(`/api/guides/${leave.id}/unavailability`)).json().data;
    expect(
      periods.some(
        (p: { startDate: string; endDate: string }) => p.startDate <= today && p.endDate >= today,
      ),
    ).toBe(true);
  });
});
