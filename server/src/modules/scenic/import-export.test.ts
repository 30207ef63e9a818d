import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { count, inArray } from 'drizzle-orm';
import type { ImportReport, ScenicSpot } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { scenicSpots } from './schema';
import { teams } from '../team/schema';

let t: TestApp;
let operator: Client;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

/** A multipart/form-data body holding one file, as a browser sends it. */
function upload(filename: string, content: Buffer | string) {
  const boundary = `----scenic${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importFile = (c: Client, filename: string, content: Buffer | string, locale = 'en-US') => {
  const { payload, headers } = upload(filename, content);
  return c.post('/api/scenic/spots/import', payload, {
    headers: { ...headers, 'x-locale': locale },
  });
};

/** Spots with these codes (other test files may add spots to the same database meanwhile). */
const spotCount = async (tt: TestApp, codes: string[]) =>
  (
    await tt.services.db
      .select({ n: count() })
      .from(scenicSpots)
      .where(inArray(scenicSpots.code, codes))
  )[0].n;

const HEADER =
  'code,name,grade,category,province,city,address,latitude,longitude,openTime,closeTime,avgVisitMinutes,dailyCapacity,instantCapacity,reservationRequired,certifiedGuidesOnly,maxPaxPerGuide,priceAdult,priceChild,images,description';
const csvRow = (code: string, over: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    code,
    name: `导入景点${code}`,
    grade: 'AAA',
    category: 'natural',
    province: '云南',
    city: '大理',
    address: '',
    latitude: '25.6',
    longitude: '100.2',
    openTime: '08:00',
    closeTime: '18:00',
    avgVisitMinutes: '120',
    dailyCapacity: '5000',
    instantCapacity: '1500',
    reservationRequired: '否',
    certifiedGuidesOnly: 'no',
    maxPaxPerGuide: '30',
    priceAdult: '8000',
    priceChild: '4000',
    images: '',
    description: '',
    ...over,
  };
  return HEADER.split(',')
    .map((k) => v[k])
    .join(',');
};

describe('import', () => {
  it('imports nothing when one row is bad and reports the row and field in the caller language', async () => {
    const codes = ['IMP-1', 'IMP-2', 'IMP-3'];
    const before = await spotCount(t, codes);
    const csv = [
      HEADER,
      csvRow('IMP-1'),
      csvRow('IMP-2', { latitude: '95' }),
      csvRow('IMP-3'),
    ].join('\n');
    const res = await importFile(operator, 'spots.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('IMPORT_REJECTED');
    const report = res.json().data as ImportReport;
    expect(report).toMatchObject({ ok: false, total: 3, imported: 0, failedRows: 1 });
    expect(report.errors).toEqual([
      { row: 3, field: 'latitude', column: 'latitude', message: 'Must be at most 90', value: '95' },
    ]);
    expect(await spotCount(t, codes)).toBe(before);

    const zh = (await importFile(operator, 'spots.csv', csv, 'zh-CN')).json().data as ImportReport;
    expect(zh.errors[0].message).toBe('不能大于 90');
  });

  it('reports every failing field: contract rules, dictionary, codes repeated in the file or taken', async () => {
    const csv = [
      HEADER,
      csvRow('BJ-GUGONG'),
      csvRow('DUP-1'),
      csvRow('DUP-1'),
      csvRow('BAD-1', { category: 'casino', grade: 'B', name: '' }),
      csvRow('BAD-2', { instantCapacity: '9000' }),
    ].join('\r\n');
    const report = (await importFile(operator, 'spots.csv', csv)).json().data as ImportReport;
    const got = report.errors.map((e) => `${e.row}:${e.field}`);
    expect(got).toEqual(
      expect.arrayContaining([
        '2:code',
        '4:code',
        '5:grade',
        '5:category',
        '5:name',
        '6:instantCapacity',
      ]),
    );
    // An unknown dictionary value is reported with the row's contract errors, once.
    expect(got.filter((g) => g === '5:category')).toHaveLength(1);
    expect(report.failedRows).toBe(4);
    const cross = report.errors.find((e) => e.row === 6 && e.field === 'instantCapacity');
    expect(cross?.message).toBe('The instantaneous capacity cannot exceed the daily capacity');
    const dup = report.errors.find((e) => e.row === 4);
    expect(dup?.message).toBe('The code repeats row 3 of the file');

    const dict = (
      await importFile(
        operator,
        'spots.csv',
        [HEADER, csvRow('CAT-1', { category: 'casino' })].join('\n'),
      )
    ).json().data as ImportReport;
    expect(dict.errors).toMatchObject([{ row: 2, field: 'category', value: 'casino' }]);
    // The message names the labels the column accepts, in the caller's language.
    expect(dict.errors[0].message).toMatch(
      /^"casino" is not an accepted value; accepted: .*Museum/,
    );
    expect(dict.errors[0].message).not.toMatch(/museum/);
  });

  it('imports a valid xlsx whose headers are in Chinese', async () => {
    const template = await operator.get('/api/scenic/spots/import/template?format=xlsx', {
      headers: { 'x-locale': 'zh-CN' },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as string[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['编码', '名称', 'A 级']);
    expect(wb.worksheets[1].name).toBe('填写说明');
    const keys = HEADER.split(',');
    const order = [
      'code',
      'name',
      'grade',
      'category',
      'province',
      'city',
      'address',
      'latitude',
      'longitude',
      'openTime',
      'closeTime',
      'avgVisitMinutes',
      'dailyCapacity',
      'instantCapacity',
      'reservationRequired',
      'certifiedGuidesOnly',
      'maxPaxPerGuide',
      'priceAdult',
      'priceChild',
      'images',
      'description',
    ];
    expect(headers.length).toBe(order.length);
    ws.spliceRows(2, 1); // the template's example row
    for (const code of ['XL-1', 'XL-2']) {
      const values = csvRow(code).split(',');
      ws.addRow(
        order.map((k) => {
          const v = values[keys.indexOf(k)];
          return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
        }),
      );
    }
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await spotCount(t, ['XL-1', 'XL-2']);
    const res = await importFile(operator, 'spots.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, total: 2, imported: 2 });
    expect(await spotCount(t, ['XL-1', 'XL-2'])).toBe(before + 2);
  });

  it('refuses files over the size limit with 413, more than 10 000 rows, and non-multipart bodies', async () => {
    const big = await importFile(operator, 'big.csv', Buffer.alloc(11 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);
    const rows = [HEADER];
    for (let i = 0; i < 10_001; i++) rows.push(csvRow(`MANY-${i}`));
    const many = await importFile(operator, 'many.csv', rows.join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe('SPREADSHEET_TOO_MANY_ROWS');
    const json = await operator.post('/api/scenic/spots/import', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const user = await signedIn(t.app, 'user');
    expect(
      (await importFile(user, 'spots.csv', [HEADER, csvRow('U-1')].join('\n'))).statusCode,
    ).toBe(403);
  });

  it('imports 10 000 rows in one go', async () => {
    const rows = [HEADER];
    const codes = Array.from({ length: 10_000 }, (_, i) => `BULK-${i}`);
    for (const code of codes) rows.push(csvRow(code));
    const before = await spotCount(t, codes);
    const res = await importFile(operator, 'bulk.csv', rows.join('\n'));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json().data.imported).toBe(10_000);
    expect(await spotCount(t, codes)).toBe(before + 10_000);
  });
});

describe('export', () => {
  const comparable = (s: ScenicSpot) => {
    const {
      id: _i,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _b,
      version: _v,
      status: _s,
      load: _l,
      activeWindow: _w,
      ...rest
    } = s;
    return rest;
  };

  for (const format of ['xlsx', 'csv'] as const) {
    it(`round-trips as ${format}: export, then import into an empty database gives the same spots`, async () => {
      const user = await signedIn(t.app, 'user');
      const exported = await user.get(
        `/api/scenic/spots/export?format=${format}&province=${encodeURIComponent('四川')}`,
      );
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(
        new RegExp(`scenic-spots-\\d{8}\\.${format}`),
      );
      const source = (
        await user.get(`/api/scenic/spots?province=${encodeURIComponent('四川')}&pageSize=100`)
      ).json().data;
      expect(source.total).toBeGreaterThan(0);

      const empty = await createTestApp();
      try {
        // Teams plan visits to spots (a spot they visit cannot go): empty them first.
        await empty.services.db.delete(teams);
        await empty.services.db.delete(scenicSpots);
        const op = await signedIn(empty.app, 'operator');
        const res = await importFile(op, `spots.${format}`, exported.rawPayload);
        expect(res.statusCode, res.body.slice(0, 800)).toBe(200);
        expect(res.json().data.imported).toBe(source.total);
        const copy = (await op.get('/api/scenic/spots?pageSize=100')).json().data;
        expect(copy.list.map(comparable)).toEqual(source.list.map(comparable));
      } finally {
        await empty.close();
      }
    });
  }

  it('exports only the current filter', async () => {
    const res = await operator.get('/api/scenic/spots/export?format=csv&grade=AA');
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('HE-BAILINSI');
  });
});
