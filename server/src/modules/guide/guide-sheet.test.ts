import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { addDays, isoToday, type Guide } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';

let a: TestApp;
let b: TestApp;
let opA: Client;
let opB: Client;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  [opA, opB] = await Promise.all([signedIn(a.app, 'operator'), signedIn(b.app, 'operator')]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

const today = isoToday();

function upload(c: Client, file: Buffer, filename: string) {
  const boundary = 'guideTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request({
    method: 'POST',
    url: '/api/guides/import',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function firstSpot(c: Client) {
  const res = await c.get('/api/scenic/spots?pageSize=1&sortField=code&sortOrder=ascend');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list[0] as { id: number; code: string; name: string };
}

describe('guide import and export', () => {
  it('round-trips an export (xlsx, current filter) into another database unchanged', async () => {
    const spot = await firstSpot(opA);
    const created = await opA.post('/api/guides', {
      name: '往返导出',
      gender: 'male',
      birthDate: '1985-07-15',
      phone: '13700001234',
      email: 'roundtrip@example.com',
      emergencyContactName: '李四',
      emergencyContactPhone: '',
      avatar: '',
      homeCity: '西安',
      employmentType: 'contract',
      licenceNo: 'RT-0001',
      licenceType: 'tour_leader',
      level: 'special',
      levelObtainedOn: '2012-06-01',
      licenceExpiry: addDays(today, 700),
      maxGroupSize: 55,
      languages: [
        { language: 'zh', proficiency: 'native' },
        { language: 'fr', proficiency: 'working' },
      ],
      specialties: ['history', 'food'],
      certifications: [{ spotId: spot.id, validUntil: addDays(today, 300) }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const original = created.json().data as Guide;

    const exp = await opA.get(
      `/api/guides/export?format=xlsx&keyword=${encodeURIComponent('往返导出')}`,
    );
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].actualRowCount).toBe(2);

    const imp = await upload(opB, exp.rawPayload, 'guides.xlsx');
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json().data).toMatchObject({ ok: true, total: 1, imported: 1 });

    const list = await opB.get(`/api/guides?keyword=${original.code}`);
    const copyId = list.json().data.list[0].id;
    const copy = (await opB.get(`/api/guides/${copyId}`)).json().data as Guide;
    const comparable = (g: Guide) => {
      const {
        id: _i,
        createdAt: _c,
        updatedAt: _u,
        createdBy: _b,
        statusChangedAt: _s,
        ...rest
      } = g;
      return rest;
    };
    expect(comparable(copy)).toEqual(comparable(original));

    // Importing the same file again: every row refused, nothing written.
    const again = await upload(opB, exp.rawPayload, 'guides.xlsx');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('IMPORT_REJECTED');
    expect(
      again
        .json()
        .data.errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['code', 'licenceNo']);
  });

  it('a field added to the specs (the WeChat ID) is in the list, the export and the import', async () => {
    const { guideBody } = await import('../../../test/support/guides');
    const created = await opA.post('/api/guides', {
      ...guideBody({ name: '微信字段' }),
      code: '',
      wechatId: 'wx_field_27',
    });
    expect(created.statusCode, created.body).toBe(200);
    const code = (created.json().data as Guide).code;
    const list = await opA.get(`/api/guides?keyword=${code}`);
    expect(list.json().data.list[0].wechatId).toBe('wx_field_27');

    const exp = await opA.get(`/api/guides/export?format=csv&keyword=${code}`, {
      headers: { 'x-locale': 'zh-CN' },
    });
    expect(exp.statusCode).toBe(200);
    const [header, row] = exp.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    const column = header.split(',').indexOf('微信号');
    expect(column).toBeGreaterThan(0);
    expect(row.split(',')[column]).toBe('wx_field_27');

    const imp = await upload(opB, Buffer.from(exp.body), 'guides.csv');
    expect(imp.statusCode, imp.body).toBe(200);
    const copy = (await opB.get(`/api/guides?keyword=${code}`)).json().data.list[0];
    expect(copy.wechatId).toBe('wx_field_27');
  });

  it('refuses a csv with a bad row as a whole and reports each failing field', async () => {
    const before = (await opB.get('/api/guides?pageSize=1')).json().data.total;
    const header =
      '姓名,性别,出生日期,手机号,用工类型,导游证号,证件类型,等级,等级取得日期,导游证有效期至,最大带团人数,语言,特长';
    const good = `好导游,female,1992-01-01,13611112222,staff,CSV-OK-1,national,junior,2018-01-01,${addDays(today, 200)},30,zh:native; en:basic,food`;
    const bad = `坏导游,female,1992-01-01,12345,staff,CSV-BAD-1,national,junior,2018-01-01,${addDays(today, 200)},300,zh:native; xx:fluent,magic`;
    const csv = Buffer.from(`${header}\n${good}\n${bad}\n`, 'utf8');
    const res = await upload(opB, csv, 'guides.csv');
    expect(res.statusCode, res.body).toBe(400);
    const report = res.json().data;
    expect(report).toMatchObject({ ok: false, total: 2, imported: 0, failedRows: 1 });
    const fields = report.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`);
    expect(fields).toEqual(expect.arrayContaining(['3:phone', '3:maxGroupSize']));
    expect((await opB.get('/api/guides?pageSize=1')).json().data.total).toBe(before);

    // The contract passes but dictionaries do not: the service's check reports it.
    const dict = Buffer.from(
      `${header}\n${good.replace('CSV-OK-1', 'CSV-OK-2').replace('food', 'magic')}\n`,
      'utf8',
    );
    const res2 = await upload(opB, dict, 'guides.csv');
    expect(res2.statusCode).toBe(400);
    expect(res2.json().data.errors[0]).toMatchObject({ row: 2, field: 'specialties' });

    const fine = await upload(opB, Buffer.from(`${header}\n${good}\n`, 'utf8'), 'guides.csv');
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.imported).toBe(1);
    const imported = (await opB.get('/api/guides?keyword=CSV-OK-1')).json().data.list[0];
    expect(imported.code).toMatch(/^G\d{6}$/);
    expect(imported.languages).toEqual([
      { language: 'zh', proficiency: 'native' },
      { language: 'en', proficiency: 'basic' },
    ]);
  });

  it('serves the template in both formats to writers only', async () => {
    const xlsx = await opA.get('/api/guides/import/template?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const csv = await opA.get('/api/guides/import/template?format=csv', {
      headers: { 'x-locale': 'en-US' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Licence number');
    const user = await signedIn(a.app, 'user');
    expect((await user.get('/api/guides/import/template')).statusCode).toBe(403);
    expect((await upload(user, Buffer.from('x'), 'a.csv')).statusCode).toBe(403);
    expect((await user.get('/api/guides/export?format=csv')).statusCode).toBe(200);
  });

  it('exports coded fields as the labels of the reader’s language', async () => {
    const zh = await opA.get('/api/guides/export?format=csv', { headers: { 'x-locale': 'zh-CN' } });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toMatch(/,(男|女),/);
    expect(zh.body).toMatch(/,(在岗|休假|停用|离职),/);
    expect(zh.body).not.toMatch(/,(male|female),/);
    const en = await opA.get('/api/guides/export?format=csv', { headers: { 'x-locale': 'en-US' } });
    expect(en.body).toMatch(/,(Male|Female),/);
    expect(en.body).not.toMatch(/,(male|female|active),/);
  });

  it('imports a row written with the labels the UI shows, in either language, or the codes', async () => {
    const rows = [
      ['标签中文', '男', '正式员工', '全国导游证', '高级', '在岗', 'LB-0001', '13700002001'],
      [
        '标签英文',
        'MALE',
        'Staff',
        'National guide licence',
        'Senior',
        'Active',
        'LB-0002',
        '13700002002',
      ],
      ['标签代码', 'male', 'staff', 'national', 'senior', 'active', 'LB-0003', '13700002003'],
    ];
    const template = await opA.get('/api/guides/import/template?format=csv', {
      headers: { 'x-locale': 'zh-CN' },
    });
    const header = template.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    // Cells by the template's headers (its column order is the field specs').
    const lines = rows.map(([name, gender, emp, lic, level, status, no, phone]) => {
      const cells: Record<string, string> = {
        姓名: name,
        性别: gender,
        出生日期: '1988-01-01',
        手机号: phone,
        常驻城市: '杭州',
        用工类型: emp,
        导游证号: no,
        证件类型: lic,
        等级: level,
        等级取得日期: '2015-03-01',
        导游证有效期至: '2030-12-31',
        最大带团人数: '30',
        语言: 'zh:native',
        状态: status,
      };
      return header
        .split(',')
        .map((h) => cells[h] ?? '')
        .join(',');
    });
    const res = await upload(opA, Buffer.from([header, ...lines].join('\n')), 'labels.csv');
    expect(res.statusCode, res.body).toBe(200);
    const list = await opA.get(`/api/guides?keyword=${encodeURIComponent('标签')}&pageSize=10`);
    const found = list.json().data.list as Guide[];
    expect(found).toHaveLength(3);
    for (const g of found)
      expect([g.gender, g.employmentType, g.licenceType, g.level, g.status]).toEqual([
        'male',
        'staff',
        'national',
        'senior',
        'active',
      ]);
  });

  // Dictionary columns (languages, specialties) speak in the dictionaries' labels too.
  it('exports languages and specialties as dictionary labels in the reader’s language', async () => {
    const created = await opA.post('/api/guides', {
      name: '字典标签',
      gender: 'female',
      birthDate: '1986-02-03',
      phone: '13700003001',
      email: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
      avatar: '',
      homeCity: '成都',
      employmentType: 'staff',
      licenceNo: 'DICT-0001',
      licenceType: 'national',
      level: 'junior',
      levelObtainedOn: '2016-06-01',
      licenceExpiry: addDays(today, 400),
      maxGroupSize: 30,
      languages: [
        { language: 'zh', proficiency: 'native' },
        { language: 'fr', proficiency: 'working' },
      ],
      specialties: ['history', 'food'],
      certifications: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const query = `/api/guides/export?format=csv&keyword=${encodeURIComponent('字典标签')}`;
    const zh = await opA.get(query, { headers: { 'x-locale': 'zh-CN' } });
    expect(zh.body).toContain('普通话:母语; 法语:工作语言');
    expect(zh.body).toMatch(/美食; 历史文化|历史文化; 美食/);
    const en = await opA.get(query, { headers: { 'x-locale': 'en-US' } });
    expect(en.body).toContain('Mandarin:Native; French:Working');
    expect(en.body).toMatch(/Food; History and culture|History and culture; Food/);
    expect(en.body).not.toMatch(/zh:native|history; food/);
  });

  it('imports languages and specialties from labels of either language or codes', async () => {
    const header =
      '姓名,性别,出生日期,手机号,用工类型,导游证号,证件类型,等级,等级取得日期,导游证有效期至,最大带团人数,语言,特长';
    const row = (name: string, no: string, languages: string, specialties: string) =>
      `${name},女,1990-01-01,13611113333,正式员工,${no},全国导游证,初级,2018-01-01,${addDays(today, 200)},30,${languages},${specialties}`;
    const csv = [
      header,
      row('字典导入甲', 'DICT-IMP-1', '普通话:母语; English：fluent', '历史文化; Food'),
      row('字典导入乙', 'DICT-IMP-2', 'zh:native; 法语:Basic', 'history'),
    ].join('\n');
    const res = await upload(opB, Buffer.from(csv), 'labels.csv');
    expect(res.statusCode, res.body).toBe(200);
    const found = (await opB.get(`/api/guides?keyword=${encodeURIComponent('字典导入')}`)).json()
      .data.list as Guide[];
    const byName: Record<string, Guide> = {};
    for (const g of found) byName[g.name] = (await opB.get(`/api/guides/${g.id}`)).json().data;
    expect(byName['字典导入甲'].languages).toEqual([
      { language: 'zh', proficiency: 'native' },
      { language: 'en', proficiency: 'fluent' },
    ]);
    expect([...byName['字典导入甲'].specialties].sort()).toEqual(['food', 'history']);
    expect(byName['字典导入乙'].languages).toEqual([
      { language: 'zh', proficiency: 'native' },
      { language: 'fr', proficiency: 'basic' },
    ]);
  });

  it('refuses an unknown label naming the labels the column accepts', async () => {
    const header =
      'Name,Gender,Birth date,Mobile,Employment,Licence number,Licence type,Level,Level obtained on,Licence expiry,Max group size,Languages,Specialties';
    const line = `Unknown label,Female,1990-01-01,13611114444,Staff,DICT-BAD-1,National guide licence,Junior,2018-01-01,${addDays(today, 200)},30,Klingon:Native; English:Superb,Magic`;
    const res = await upload(opB, Buffer.from(`${header}\n${line}\n`), 'bad.csv');
    expect(res.statusCode).toBe(400);
    const errors = res.json().data.errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual(['languages', 'specialties']);
    const languages = errors.find((e) => e.field === 'languages')!.message;
    // The report speaks the caller's language (zh-CN here), whatever the file's language.
    expect(languages).toContain('“Klingon:Native、English:Superb”不是可选值');
    expect(languages).toContain('普通话');
    expect(languages).toContain('母语');
    const specialties = errors.find((e) => e.field === 'specialties')!.message;
    expect(specialties).toMatch(/^“Magic”不是可选值，可选：.*历史文化/);
    expect(specialties).not.toContain('history');
  });

  it('lists labels, not codes, in the template’s instructions sheet', async () => {
    for (const [locale, expected, codes] of [
      [
        'zh-CN',
        ['普通话', '母语', '历史文化', '女', '正式员工'],
        /\b(zh|native|history|female|staff)\b/,
      ],
      [
        'en-US',
        ['Mandarin', 'Native', 'History and culture', 'Female', 'Staff'],
        /\b(zh|native|history|female|staff)\b/,
      ],
    ] as const) {
      const res = await opA.get('/api/guides/import/template?format=xlsx', {
        headers: { 'x-locale': locale },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const help = wb.worksheets.find(
        (w) => w.name === (locale === 'zh-CN' ? '填写说明' : 'Instructions'),
      )!;
      const text: string[] = [];
      help.eachRow((r) => text.push((r.values as unknown[]).slice(1).join(' | ')));
      const all = text.join('\n');
      for (const label of expected) expect(all).toContain(label);
      expect(all).not.toMatch(codes);
      // The example row of the template shows labels too.
      const example = (wb.worksheets[0].getRow(2).values as unknown[]).join(' | ');
      expect(example).toContain(locale === 'zh-CN' ? '普通话:母语' : 'Mandarin:Native');
    }
  });
});
