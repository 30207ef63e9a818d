// Ids past the int4 columns, control characters in text and empty JSON bodies (issue #12
// points 2, 3 and 8): each is the client's mistake, answered 400 naming the field (or, for an
// empty body on a route that takes none, simply served) — never a 500 from the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from './support/app';
import { guideBody, guideUpdateBodyOf } from './support/guides';

let t: TestApp;
let admin: Client;
let guide: { id: number; version: number };
let spot: { id: number; version: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  guide = (await admin.get('/api/guides?pageSize=1')).json().data.list[0];
  spot = (await admin.get('/api/scenic/spots?pageSize=1')).json().data.list[0];
});
afterAll(() => t.close());

const PAST = ID_MAX + 1;

function expectFieldError(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: string; fields: { path: string }[] };
  expect(body.error).toBe('VALIDATION_FAILED');
  expect(body.fields.map((f) => f.path)).toContain(field);
}

describe('ids are bounded to the int4 columns (one id schema: path, query, body, version)', () => {
  it.each([
    `/api/guides/${PAST}`,
    `/api/scenic/spots/${PAST}`,
    `/api/guides/${PAST}/unavailability`,
    `/api/scenic/spots/${PAST}/load`,
    `/api/user/avatar/${PAST}`,
    `/api/user/certification/records/99999999999999999999`,
  ])('GET %s → 400 naming the id', async (url) => {
    const res = await admin.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
  });

  it('a query id past the bound → 400 naming it', async () => {
    expectFieldError(await admin.get('/api/guides?certifiedSpotId=9999999999'), 'certifiedSpotId');
    expectFieldError(await admin.get(`/api/guides/${guide.id}/audit?before=${PAST}`), 'before');
  });

  it('a body id or version past the bound → 400 naming it', async () => {
    expectFieldError(await admin.post('/api/message/read', { ids: [PAST] }), 'ids.0');
    const current = (await admin.get(`/api/guides/${guide.id}`)).json().data;
    const put = await admin.put(
      `/api/guides/${guide.id}`,
      guideUpdateBodyOf(current, { version: PAST }),
    );
    expectFieldError(put, 'version');
    const del = await admin.delete(`/api/scenic/spots/${spot.id}?version=${PAST}`);
    expectFieldError(del, 'version');
    expect((await admin.get(`/api/scenic/spots/${spot.id}`)).statusCode).toBe(200);
  });

  it('the largest id is valid and simply not found', async () => {
    expect((await admin.get(`/api/guides/${ID_MAX}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/scenic/spots/${ID_MAX}`)).statusCode).toBe(404);
  });
});

describe('text refuses NUL and other control characters (one text schema)', () => {
  it('an anonymous sign-in with NUL in the username → 400 naming it', async () => {
    const res = await new Client(t.app, '10.12.0.1').post('/api/user/login', {
      username: 'a\u0000b',
      password: 'Admin123',
    });
    expectFieldError(res, 'username');
  });

  it.each(['/api/guides', '/api/guides/export', '/api/scenic/spots', '/api/scenic/spots/export'])(
    '?keyword=%%00 on %s → 400 naming keyword',
    async (url) => {
      expectFieldError(await admin.get(`${url}?keyword=%00`), 'keyword');
      expectFieldError(await admin.get(`${url}?keyword=a%07b`), 'keyword');
    },
  );

  it('free-text fields of guides, leave and windows refuse control characters', async () => {
    expectFieldError(await admin.post('/api/guides', guideBody({ name: 'A\u0000' })), 'name');
    expectFieldError(
      await admin.post('/api/guides', guideBody({ homeCity: 'x\u001b[31m' })),
      'homeCity',
    );
    expectFieldError(
      await admin.post(`/api/guides/${guide.id}/unavailability`, {
        type: 'leave',
        startDate: '2031-01-01',
        endDate: '2031-01-02',
        reason: 'ill\u0000',
      }),
      'reason',
    );
    expectFieldError(
      await admin.post(`/api/scenic/spots/${spot.id}/maintenance`, {
        startAt: '2031-01-01T00:00:00Z',
        endAt: '2031-01-02T00:00:00Z',
        reason: 'paint\u0000',
        capacity: 0,
      }),
      'reason',
    );
    // A lone surrogate cannot be stored as UTF-8 either.
    expectFieldError(await admin.post('/api/guides', guideBody({ name: 'A\ud800' })), 'name');
  });

  it('a multi-line field keeps tabs and line breaks, refuses the rest', async () => {
    const spotNow = (await admin.get(`/api/scenic/spots/${spot.id}`)).json().data;
    const bad = await admin.post('/api/message/notice', { title: 'T', content: 'a\u0000' });
    expectFieldError(bad, 'content');
    const good = await admin.post('/api/message/notice', {
      title: 'Maintenance',
      content: 'Line one\n\tLine two\r\n',
    });
    expect(good.statusCode).toBe(200);
    expect(spotNow.id).toBe(spot.id);
  });

  it('answers in the caller’s language', async () => {
    const res = await admin.get('/api/guides?keyword=%00', {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.json().fields[0].message).toBe('Must not contain control characters');
  });
});

describe('an empty body with Content-Type: application/json is no body', () => {
  const emptyJson = { payload: '', headers: { 'content-type': 'application/json' } };

  it('POST /api/user/menu answers the menu', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/user/menu', ...emptyJson });
    expect(res.statusCode).toBe(200);
  });

  it('POST /api/user/logout logs out', async () => {
    const c = await signedIn(t.app, 'user');
    const res = await c.request({ method: 'POST', url: '/api/user/logout', ...emptyJson });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/user/info')).statusCode).toBe(401);
  });

  it('a route that needs a body says it is required, not malformed', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/user/switch-role', ...emptyJson });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
  });

  it('a broken JSON body is still MALFORMED_JSON', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/user/menu',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json().error).toBe('MALFORMED_JSON');
  });
});
