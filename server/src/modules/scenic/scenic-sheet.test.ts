// The scenic sheet speaks in labels (issue #18 item 11): exports show the grade's label in the
// caller's language, imports accept a label of either language or the code, templates carry
// an example row and a drop-down for every coded column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { scenicSpots } from './schema';
import { guideSheet } from '../guide/sheet';
import { spotSheet } from './sheet';

let t: TestApp;
let operator: Client;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

function upload(filename: string, content: Buffer | string) {
  const boundary = `----sheet${Math.random().toString(16).slice(2)}`;
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

const HEADER = spotSheet.columns.map((c) => c.key);
const csvRow = (code: string, grade: string) => {
  const v: Record<string, string> = {
    code,
    name: `标签景点${code}`,
    grade,
    category: 'natural',
    province: '云南',
    city: '丽江',
    latitude: '26.8',
    longitude: '100.2',
    openTime: '08:00',
    closeTime: '18:00',
    avgVisitMinutes: '120',
    dailyCapacity: '5000',
    instantCapacity: '1500',
    maxPaxPerGuide: '30',
    priceAdult: '8000',
    priceChild: '4000',
  };
  return HEADER.map((k) => v[k] ?? '').join(',');
};

const gradeOf = async (code: string) =>
  (
    await t.services.db
      .select({ grade: scenicSpots.grade })
      .from(scenicSpots)
      .where(eq(scenicSpots.code, code))
  )[0]?.grade;

describe('scenic sheet labels', () => {
  it('imports grades written as Chinese labels, English labels (any case) or codes as the same codes', async () => {
    const csv = [
      HEADER.join(','),
      csvRow('LBL-ZH', '未评级'),
      csvRow('LBL-EN', 'not GRADED'),
      csvRow('LBL-CODE', 'none'),
      csvRow('LBL-AA', 'AA'),
    ].join('\n');
    const { payload, headers } = upload('spots.csv', csv);
    const res = await operator.post('/api/scenic/spots/import', payload, { headers });
    expect(res.statusCode, res.body.slice(0, 800)).toBe(200);
    expect(res.json().data.imported).toBe(4);
    expect(await gradeOf('LBL-ZH')).toBe('none');
    expect(await gradeOf('LBL-EN')).toBe('none');
    expect(await gradeOf('LBL-CODE')).toBe('none');
    expect(await gradeOf('LBL-AA')).toBe('AA');
  });

  for (const [locale, label] of [
    ['zh-CN', '未评级'],
    ['en-US', 'Not graded'],
  ] as const) {
    it(`exports the grade as its ${locale} label`, async () => {
      const res = await operator.get('/api/scenic/spots/export?format=xlsx&grade=none', {
        headers: { 'x-locale': locale },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const col = spotSheet.columns.findIndex((c) => c.key === 'grade') + 1;
      const grades = new Set<unknown>();
      ws.eachRow((row, n) => {
        if (n > 1) grades.add(row.getCell(col).value);
      });
      expect([...grades]).toEqual([label]);
    });
  }
});

describe('import templates', () => {
  const cases = [
    {
      path: '/api/scenic/spots',
      coded: {
        grade: { 'zh-CN': '未评级', 'en-US': 'Not graded' },
        // A dictionary column: its labels come from the properties service.
        category: { 'zh-CN': '博物馆', 'en-US': 'Museum' },
      },
    },
    {
      path: '/api/guides',
      coded: {
        gender: { 'zh-CN': '男', 'en-US': 'Male' },
        employmentType: { 'zh-CN': '正式员工', 'en-US': 'Staff' },
        licenceType: { 'zh-CN': '全国导游证', 'en-US': 'National guide licence' },
        level: { 'zh-CN': '高级', 'en-US': 'Senior' },
      },
    },
  ] as const;
  for (const { path, coded } of cases)
    for (const locale of ['zh-CN', 'en-US'] as const)
      it(`${path} template (${locale}) has an example row and a drop-down of labels on every coded column`, async () => {
        const res = await operator.get(`${path}/import/template?format=xlsx`, {
          headers: { 'x-locale': locale },
        });
        expect(res.statusCode).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        const headers = (ws.getRow(1).values as string[]).slice(1);
        const example = ws.getRow(2);
        expect(example.cellCount).toBeGreaterThan(0);
        expect(ws.rowCount).toBe(2);
        const validations = (
          ws as unknown as {
            dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> };
          }
        ).dataValidations.model;
        const spec = path === '/api/guides' ? guideSheet : spotSheet;
        for (const [key, label] of Object.entries(coded)) {
          const col = spec.columns.findIndex((c) => c.key === key) + 1;
          expect(headers[col - 1]).toBe(spec.columns[col - 1].header[locale]);
          const letter = ws.getColumn(col).letter;
          const v = validations[`${letter}2`] ?? validations[`${letter}2:${letter}10001`];
          expect(v, `${key} drop-down`).toMatchObject({ type: 'list', allowBlank: true });
          // The list lives in a hidden sheet: follow the reference and read the labels.
          const m = /^'?(.+?)'?!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(v!.formulae![0] as string);
          expect(m, String(v!.formulae)).not.toBeNull();
          const values = wb.getWorksheet(m![1])!;
          expect(values.state).toBe('hidden');
          const labels: unknown[] = [];
          for (let r = Number(m![3]); r <= Number(m![4]); r++)
            labels.push(values.getCell(`${m![2]}${r}`).value);
          expect(labels).toContain(label[locale]);
          const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
          if (label[other] !== label[locale]) expect(labels).not.toContain(label[other]);
          // The example row shows a label of the list, not a code.
          expect(labels).toContain(example.getCell(col).value);
        }
      });
});
