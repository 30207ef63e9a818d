// Issue #18 item 12b: an imported row goes through the very contract the form uses, its
// cross-field rules included — a row the form refuses is refused by the import too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToday } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

function upload(csv: string) {
  const boundary = 'importContractBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guides.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return operator.request({
    method: 'POST',
    url: '/api/guides/import',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
  });
}

const HEADER =
  'name,gender,birthDate,phone,employmentType,licenceNo,licenceType,level,levelObtainedOn,licenceExpiry,maxGroupSize,languages';
const row = (birthDate: string, obtained: string, expiry: string, licenceNo: string) =>
  `契约导游,female,${birthDate},13812345678,staff,${licenceNo},national,senior,${obtained},${expiry},30,zh:native`;

describe('guide import checks what the form checks', () => {
  it('refuses a birth date in the future and an expiry before the level date, importing nothing', async () => {
    const csv = [
      HEADER,
      row('2099-01-01', '2015-03-01', addDays(isoToday(), 400), 'IC-0001'),
      row('1990-01-01', '2015-03-01', '2014-01-01', 'IC-0002'),
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(400);
    const report = JSON.stringify(res.json());
    expect(report).toContain('birthDate');
    expect(report).toContain('licenceExpiry');
    const list = await operator.get(`/api/guides?keyword=${encodeURIComponent('契约导游')}`);
    expect(list.json().data.total).toBe(0);
  });

  it('refuses a licence number the form refuses', async () => {
    const res = await upload(
      [HEADER, row('1990-01-01', '2015-03-01', addDays(isoToday(), 400), '!!')].join('\n'),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain('licenceNo');
  });
});
