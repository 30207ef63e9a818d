// Issue #18 item 13: what a user typed is saved as typed or refused with a field message —
// never clamped, cut or swapped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

type Fields = { path: string; message: string }[];
const fields = (res: { json(): { fields?: Fields } }) => res.json().fields ?? [];
const zh = { headers: { 'accept-language': 'zh-CN' } };
const en = { headers: { 'accept-language': 'en-US' } };

describe('a guide is refused, not silently corrected', () => {
  it.each([
    ['a group size of −5', { maxGroupSize: -5 }, 'maxGroupSize'],
    ['a name over 32 characters', { name: '名'.repeat(33) }, 'name'],
    ['a licence number "!!"', { licenceNo: '!!' }, 'licenceNo'],
    ['a licence number with a space', { licenceNo: 'D 3100' }, 'licenceNo'],
  ])('%s → 400 on that field, nothing saved', async (_, over, path) => {
    const res = await operator.post('/api/guides', guideBody(over), en);
    expect(res.statusCode, res.body).toBe(400);
    expect(fields(res).map((f) => f.path)).toEqual([path]);
  });

  it('says what a licence number may contain, in the caller’s language', async () => {
    const res = await operator.post('/api/guides', guideBody({ licenceNo: '!!' }), zh);
    expect(fields(res)).toEqual([
      { path: 'licenceNo', message: '导游证号由字母、数字和连字符组成，如 D-3100-012345' },
    ]);
  });
});

describe('a leave period is refused, not swapped', () => {
  let guide: Guide;
  beforeAll(async () => {
    const res = await operator.post('/api/guides', guideBody());
    expect(res.statusCode, res.body).toBe(200);
    guide = res.json().data;
  });
  const leave = (startDate: string, endDate: string, opts = en) =>
    operator.post(
      `/api/guides/${guide.id}/unavailability`,
      { type: 'leave', startDate, endDate, reason: '' },
      opts,
    );

  it('a reversed range → 400 on the end date, nothing saved', async () => {
    const res = await leave('2030-05-10', '2030-05-01');
    expect(res.statusCode).toBe(400);
    expect(fields(res).map((f) => f.path)).toEqual(['endDate']);
    const list = await operator.get(`/api/guides/${guide.id}/unavailability`);
    expect(list.json().data).toEqual([]);
  });

  it('empty dates say "required", not the date format', async () => {
    const res = await leave('', '');
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual([
      { path: 'startDate', message: 'Required' },
      { path: 'endDate', message: 'Required' },
    ]);
    const zhRes = await leave('', '2030-05-01', zh);
    expect(fields(zhRes)).toEqual([{ path: 'startDate', message: '必填项' }]);
  });

  it('a malformed date still says the format', async () => {
    const res = await leave('2030-5-1', '2030-05-02');
    expect(fields(res)).toEqual([{ path: 'startDate', message: 'Use a YYYY-MM-DD date' }]);
  });
});
