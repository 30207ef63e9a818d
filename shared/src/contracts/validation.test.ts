import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ID_MAX,
  idParam,
  idSchema,
  multilineTextSchema,
  PAGE_MAX,
  pageQueryFields,
  pageSizeParam,
  passwordRuleFields,
  registerValidationMessages,
  sortOrderField,
  validationFields,
  textSchema,
  validationMessage,
  type ValidationIssueLike,
} from './validation';

const form = z.strictObject({
  name: z.string().trim().min(1).max(20),
  code: z.string().min(3),
  pax: z.number().int().min(1).max(60),
  email: z.email(),
  market: z.enum(['domestic', 'inbound']),
  tags: z.array(z.string()).max(2),
});

const issuesOf = (input: unknown) => form.safeParse(input).error!.issues;

describe('validation messages in both locales', () => {
  const input = {
    name: '',
    code: 'ab',
    pax: 0,
    email: 'no',
    market: 'moon',
    tags: ['a', 'b', 'c'],
    x: 1,
    y: 2,
  };

  it('names every failing field in Chinese, one field per unknown key', () => {
    expect(validationFields(issuesOf(input), 'zh-CN')).toEqual([
      { path: 'name', message: '必填项' },
      { path: 'code', message: '至少 3 个字符' },
      { path: 'pax', message: '不能小于 1' },
      { path: 'email', message: '邮箱格式不正确' },
      { path: 'market', message: '取值必须是 domestic / inbound 之一' },
      { path: 'tags', message: '最多 2 项' },
      { path: 'x', message: '不允许的字段' },
      { path: 'y', message: '不允许的字段' },
    ]);
  });

  it('and in English', () => {
    expect(validationFields(issuesOf(input), 'en-US').map((f) => f.message)).toEqual([
      'Required',
      'At least 3 characters',
      'Must be at least 1',
      'Invalid email address',
      'Must be one of domestic / inbound',
      'At most 2 items',
      'Unknown field',
      'Unknown field',
    ]);
  });

  it('tells a missing field from a wrong type when the caller knows', () => {
    const [issue] = z.strictObject({ a: z.string() }).safeParse({}).error!.issues;
    expect(validationMessage({ ...issue, missing: true }, 'en-US')).toBe('Required');
    expect(validationMessage({ ...issue, missing: false }, 'zh-CN')).toBe('应为字符串');
  });

  // Issue 26 item 1: an empty required field of a form said "应为字符串" (the team form passes
  // zod's issues as they are, without `missing`).
  it('says "required" for an empty required field, whoever asks', () => {
    const schema = z.strictObject({ a: z.string(), b: z.string().min(1), n: z.number() });
    const issues = schema.safeParse({ b: null }).error!.issues;
    expect(issues.map((i) => validationMessage(i, 'zh-CN'))).toEqual([
      '必填项',
      '必填项',
      '必填项',
    ]);
    expect(issues.map((i) => validationMessage(i, 'en-US'))).toEqual([
      'Required',
      'Required',
      'Required',
    ]);
    const reported = schema.safeParse({ b: null }, { reportInput: true }).error!.issues;
    expect(reported.map((i) => validationMessage(i, 'en-US'))).toEqual([
      'Required',
      'Required',
      'Required',
    ]);
    // A value of the wrong type keeps its type text.
    const wrong = schema.safeParse({ a: 1, b: 'x', n: 'x' }).error!.issues;
    expect(wrong.map((i) => validationMessage(i, 'zh-CN'))).toEqual(['应为字符串', '应为数字']);
  });

  it('gives the whole input a root path', () => {
    expect(validationFields(issuesOf(null), 'en-US', 'body')).toEqual([
      { path: 'body', message: 'Expected an object' },
    ]);
  });

  it('words each password rule with the configured minimum', () => {
    expect(passwordRuleFields(['minLength', 'upper'], 8)).toEqual([
      {
        path: 'newPassword',
        message: { 'zh-CN': '密码至少 8 个字符', 'en-US': 'At least 8 characters' },
      },
      {
        path: 'newPassword',
        message: { 'zh-CN': '密码需包含大写字母', 'en-US': 'Needs an upper-case letter' },
      },
    ]);
  });
});

describe('domain message codes', () => {
  it('words an issue by the registered code of a domain rule', () => {
    registerValidationMessages({
      testOnlyRule: { 'zh-CN': '测试规则 {limit}', 'en-US': 'Test rule {limit}' },
    });
    const issue = { code: 'custom', message: 'testOnlyRule', limit: 3 };
    expect(validationMessage(issue as never, 'zh-CN')).toBe('测试规则 3');
    expect(validationMessage(issue as never, 'en-US')).toBe('Test rule 3');
  });

  it('refuses one code with two meanings', () => {
    registerValidationMessages({ testOnlyTwice: { 'zh-CN': '甲', 'en-US': 'A' } });
    expect(() =>
      registerValidationMessages({ testOnlyTwice: { 'zh-CN': '乙', 'en-US': 'B' } }),
    ).toThrow(/testOnlyTwice/);
    expect(() =>
      registerValidationMessages({ required: { 'zh-CN': '必须', 'en-US': 'Must' } }),
    ).toThrow(/required/);
  });
});

describe('the shared id and text schemas (issue #12)', () => {
  it('bounds ids to the int4 columns, in bodies and in query strings', () => {
    expect(idSchema.safeParse(ID_MAX).success).toBe(true);
    expect(idSchema.safeParse(ID_MAX + 1).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idParam.safeParse('2147483648').success).toBe(false);
    expect(idParam.safeParse('12').data).toBe(12);
  });

  it('refuses control characters and lone surrogates; multi-line text keeps tab and breaks', () => {
    expect(textSchema().safeParse('a\u0000b').success).toBe(false);
    expect(textSchema().safeParse('a\nb').success).toBe(false);
    expect(textSchema().safeParse('a\u007fb').success).toBe(false);
    expect(textSchema().safeParse('a\ud800').success).toBe(false);
    expect(textSchema().safeParse('导游 😀').success).toBe(true);
    expect(multilineTextSchema().safeParse('a\n\tb\r\n').success).toBe(true);
    expect(multilineTextSchema().safeParse('a\u0000').success).toBe(false);
    const issue = textSchema().safeParse('\u0000').error!.issues[0];
    expect(validationMessage(issue as ValidationIssueLike, 'en-US')).toBe(
      'Must not contain control characters',
    );
  });
});

describe('the list page rule, one place for every list query', () => {
  const query = z.strictObject({
    ...pageQueryFields({ size: 20, max: 50 }),
    sortOrder: sortOrderField(),
  });

  it("absent, the first page at the list's own size, in the list's own order", () => {
    expect(query.parse({})).toEqual({ current: 1, pageSize: 20 });
  });

  it('reads the query string as numbers and the table sort directions', () => {
    expect(query.parse({ current: '3', pageSize: '50', sortOrder: 'descend' })).toEqual({
      current: 3,
      pageSize: 50,
      sortOrder: 'descend',
    });
  });

  it("refuses a page past PAGE_MAX, a size past the list's own max, fractions and other orders", () => {
    for (const bad of [
      { current: '0' },
      { current: String(PAGE_MAX + 1) },
      { pageSize: '0' },
      { pageSize: '51' },
      { pageSize: '2.5' },
      { sortOrder: 'asc' },
    ]) {
      expect(query.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(query.parse({ current: String(PAGE_MAX) }).current).toBe(PAGE_MAX);
  });

  it('a keyset page takes the size alone', () => {
    const size = pageSizeParam({ size: 30, max: 50 });
    expect(size.parse(undefined)).toBe(30);
    expect(size.safeParse('51').success).toBe(false);
  });
});
