// Validation messages in both locales, written once for the server's 400 answers and the
// forms (product.md, "API conventions": a message in the caller's language). zod's own
// `z.config(z.locales…)` is process-wide, so messages are derived per call from the issue code.
import { z } from 'zod';
import type { FieldError } from './envelope';
import { formatMessage } from './errors';
import type { Locale, Localized } from './locale';
import { ID_MAX } from './ids';

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** Message catalogue, by key. `{name}` placeholders are filled from the issue. */
export const VALIDATION_MESSAGES = {
  required: m('必填项', 'Required'),
  invalidType: m('应为{type}', 'Expected {type}'),
  stringTooShort: m('至少 {minimum} 个字符', 'At least {minimum} characters'),
  stringTooLong: m('最多 {maximum} 个字符', 'At most {maximum} characters'),
  numberTooSmall: m('不能小于 {minimum}', 'Must be at least {minimum}'),
  numberTooSmallExclusive: m('必须大于 {minimum}', 'Must be greater than {minimum}'),
  numberTooBig: m('不能大于 {maximum}', 'Must be at most {maximum}'),
  numberTooBigExclusive: m('必须小于 {maximum}', 'Must be less than {maximum}'),
  itemsTooFew: m('至少 {minimum} 项', 'At least {minimum} items'),
  itemsTooMany: m('最多 {maximum} 项', 'At most {maximum} items'),
  dateTooEarly: m('日期过早', 'The date is too early'),
  dateTooLate: m('日期过晚', 'The date is too late'),
  invalidFormat: m('格式不正确', 'Invalid format'),
  invalidEmail: m('邮箱格式不正确', 'Invalid email address'),
  invalidUrl: m('链接格式不正确', 'Invalid URL'),
  invalidDate: m('日期时间格式不正确', 'Invalid date or time'),
  startsWith: m('必须以 {prefix} 开头', 'Must start with {prefix}'),
  endsWith: m('必须以 {suffix} 结尾', 'Must end with {suffix}'),
  notMultipleOf: m('必须是 {divisor} 的倍数', 'Must be a multiple of {divisor}'),
  notOneOf: m('取值必须是 {values} 之一', 'Must be one of {values}'),
  unknownField: m('不允许的字段', 'Unknown field'),
  invalidValue: m('取值不合法', 'Invalid value'),
  controlChars: m('不能包含控制字符', 'Must not contain control characters'),
  // Password policy (seed §5), one message per rule of `passwordViolations`.
  passwordMinLength: m('密码至少 {minLength} 个字符', 'At least {minLength} characters'),
  passwordNoSpaces: m('密码不能包含空格', 'No spaces'),
  passwordUpper: m('密码需包含大写字母', 'Needs an upper-case letter'),
  passwordLower: m('密码需包含小写字母', 'Needs a lower-case letter'),
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const TYPE_NAMES: Record<string, Localized> = {
  string: m('字符串', 'a string'),
  number: m('数字', 'a number'),
  int: m('整数', 'an integer'),
  bigint: m('整数', 'an integer'),
  boolean: m('布尔值', 'true or false'),
  object: m('对象', 'an object'),
  array: m('数组', 'a list'),
  date: m('日期', 'a date'),
};

/**
 * The parts of a zod 4 issue the messages use (also what fastify-type-provider-zod passes on:
 * `keyword` = code, `params` = the rest). `missing` is set by callers that can see the input.
 */
export interface ValidationIssueLike {
  code: string;
  path?: readonly PropertyKey[];
  message?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  prefix?: string;
  suffix?: string;
  divisor?: number | bigint;
  values?: readonly unknown[];
  keys?: readonly string[];
  missing?: boolean;
}

const issueParams = (params?: object) =>
  params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v ?? '')]));

const text = (key: ValidationMessageKey, locale: Locale, params?: object) =>
  formatMessage(VALIDATION_MESSAGES[key][locale], issueParams(params));

// Texts of the message codes domain contracts use in their own rules (e.g. scenic's
// `instantExceedsDaily`), registered by each contract module, so the server's 400 answers say
// what the forms say.
const domainMessages = new Map<string, Localized>();

/**
 * Registers a domain contract's message codes. A code already registered with other texts
 * throws: one code, one meaning across every domain.
 */
export function registerValidationMessages(messages: Record<string, Localized>): void {
  for (const [code, texts] of Object.entries(messages)) {
    const known =
      domainMessages.get(code) ?? (VALIDATION_MESSAGES as Record<string, Localized>)[code];
    if (known && (known['zh-CN'] !== texts['zh-CN'] || known['en-US'] !== texts['en-US'])) {
      throw new Error(`Validation message code "${code}" is already registered with other texts`);
    }
    domainMessages.set(code, texts);
  }
}

/**
 * Whether a field's type issue was raised on no value at all (absent or null): a form's empty
 * required field is "required", not "expected a string" (issue 26 item 1). A caller that sees
 * the input says so with `missing`; otherwise zod 4's issue tells it by its input (with
 * `reportInput`) or its default message ("… received undefined"). A root issue (no path) keeps
 * its type text: the whole body is not a field.
 */
function receivedNothing(issue: ValidationIssueLike): boolean {
  if (!issue.path || issue.path.length === 0) return false;
  if ('input' in issue) return (issue as { input?: unknown }).input == null;
  return /received (undefined|null)$/.test(issue.message ?? '');
}

/** One issue's message in `locale`. */
export function validationMessage(issue: ValidationIssueLike, locale: Locale): string {
  // A rule may name a message code as its message (e.g. `.regex(TIME, 'timeFormat')`).
  const domain = issue.message ? domainMessages.get(issue.message) : undefined;
  if (domain) return formatMessage(domain[locale], issueParams(issue));
  if (issue.message && issue.message in VALIDATION_MESSAGES && issue.code === 'custom') {
    return text(issue.message as ValidationMessageKey, locale, issue);
  }
  const collection = issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map';
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.missing ?? receivedNothing(issue)) return text('required', locale);
      const type = TYPE_NAMES[issue.expected ?? ''];
      return type
        ? text('invalidType', locale, { type: type[locale] })
        : text('invalidValue', locale);
    }
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? text('required', locale)
          : text('stringTooShort', locale, issue);
      }
      if (collection) return text('itemsTooFew', locale, issue);
      if (issue.origin === 'date') return text('dateTooEarly', locale);
      return text(
        issue.inclusive === false ? 'numberTooSmallExclusive' : 'numberTooSmall',
        locale,
        issue,
      );
    case 'too_big':
      if (issue.origin === 'string') {
        return text('stringTooLong', locale, issue);
      }
      if (collection) return text('itemsTooMany', locale, issue);
      if (issue.origin === 'date') return text('dateTooLate', locale);
      return text(
        issue.inclusive === false ? 'numberTooBigExclusive' : 'numberTooBig',
        locale,
        issue,
      );
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return text('invalidEmail', locale);
        case 'url':
          return text('invalidUrl', locale);
        case 'date':
        case 'datetime':
        case 'time':
        case 'duration':
          return text('invalidDate', locale);
        case 'starts_with':
          return text('startsWith', locale, { prefix: issue.prefix });
        case 'ends_with':
          return text('endsWith', locale, { suffix: issue.suffix });
        default:
          return text('invalidFormat', locale);
      }
    case 'not_multiple_of':
      return text('notMultipleOf', locale, { divisor: issue.divisor });
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? text('notOneOf', locale, { values: issue.values.map((v) => String(v)).join(' / ') })
        : text('invalidValue', locale);
    case 'unrecognized_keys':
      return text('unknownField', locale);
    default:
      return text('invalidValue', locale);
  }
}

const joinPath = (path: readonly PropertyKey[] | undefined) =>
  (path ?? []).map((p) => String(p)).join('.');

/**
 * Issues → failing fields in `locale`. An object with unknown keys yields one field per key;
 * `root` names the field of an issue about the whole input (e.g. `body`).
 */
export function validationFields(
  issues: readonly ValidationIssueLike[],
  locale: Locale,
  root = '',
): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const base = joinPath(issue.path);
    if (issue.code === 'unrecognized_keys' && issue.keys && issue.keys.length > 0) {
      for (const key of issue.keys) {
        out.push({
          path: base ? `${base}.${key}` : key,
          message: validationMessage(issue, locale),
        });
      }
      continue;
    }
    out.push({ path: base || root, message: validationMessage(issue, locale) });
  }
  return out;
}

/** A field error whose message is given in both locales (resolved when answering). */
export interface LocalizedFieldError {
  path: string;
  message: Localized;
}

/** The password policy's failing rules as localized field errors on `path`. */
export function passwordRuleFields(
  rules: readonly string[],
  minLength: number,
  path = 'newPassword',
): LocalizedFieldError[] {
  const keys: Record<string, ValidationMessageKey> = {
    minLength: 'passwordMinLength',
    noSpaces: 'passwordNoSpaces',
    upper: 'passwordUpper',
    lower: 'passwordLower',
  };
  return rules.map((rule) => {
    const key = keys[rule] ?? 'invalidValue';
    return {
      path,
      message: {
        'zh-CN': text(key, 'zh-CN', { minLength }),
        'en-US': text(key, 'en-US', { minLength }),
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The id and text schemas every route uses (issue #12 points 2 and 3), one place each.

export { ID_MAX };

/** An id or version in a JSON body. */
export const idSchema = z.number().int().min(1).max(ID_MAX);

/** An id or version in a path or query string (text coerced to a number, same bounds). */
export const idParam = z.coerce.number().int().min(1).max(ID_MAX);

/** A page number in a query string (the offset stays far inside int4 and bigint arithmetic). */
export const PAGE_MAX = 100_000;

/** A list's page size: its default and its largest (each list's own, a product decision). */
export interface PageSizeRule {
  size: number;
  max: number;
}

/** A page size in a query string (a keyset page has this alone: audit, chat). */
export const pageSizeParam = ({ size, max }: PageSizeRule) =>
  z.coerce.number().int().min(1).max(max).default(size);

/** A numbered page in a query string: `current` (1 to PAGE_MAX, default 1) and `pageSize`. */
export const pageQueryFields = (rule: PageSizeRule) => ({
  current: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: pageSizeParam(rule),
});

/** A sorted list's direction, in the table's words (search-table's URL state). */
export const SORT_ORDERS = ['ascend', 'descend'] as const;

/** `sortOrder` in a list query: absent, the list's own order. */
export const sortOrderField = () => z.enum(SORT_ORDERS).optional();

// A calendar day (YYYY-MM-DD), the operation's local date (time.ts). The OpenAPI document
// publishes both as `format: date` (issue 25 defect 13): a request's day is a pipe, which the
// document shows by its input side alone (a plain string), hence the explicit format.
registerValidationMessages({
  date: m('日期格式应为 YYYY-MM-DD', 'Use a YYYY-MM-DD date'),
});

/** A calendar day in a request; empty is "required", not "format" (issue #18 item 13). */
export const calendarDayInput = z
  .string('required')
  .trim()
  .min(1, 'required')
  .pipe(z.iso.date('date'))
  .meta({ format: 'date' });

/** A calendar day in an answer. */
export const calendarDay = z.iso.date();

// C0 control characters and DEL. PostgreSQL text cannot hold NUL at all; the others are never
// meant in a form field. Lone UTF-16 surrogates cannot be stored as UTF-8 either.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F]|\p{Surrogate}/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Surrogate}/u;

/** Whether a single-line text holds no control character (nor a lone surrogate). */
export const isCleanText = (value: string) => !SINGLE_LINE_FORBIDDEN.test(value);
/** Whether a multi-line text holds no control character but tab and line breaks. */
export const isCleanMultilineText = (value: string) => !MULTI_LINE_FORBIDDEN.test(value);

/** Every single-line string field: no control characters (message code `controlChars`). */
export const textSchema = () => z.string().refine(isCleanText, 'controlChars');

/** A multi-line text field (descriptions, notes, reasons): tab and line breaks allowed. */
export const multilineTextSchema = () => z.string().refine(isCleanMultilineText, 'controlChars');

/** A field shape with its create defaults dropped (a defaulted field becomes required). */
export type WithoutDefaults<S extends Record<string, z.ZodType>> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer T> ? T : S[K];
};

/**
 * The fields of a PUT body: the create fields without their defaults, so an update that leaves
 * a field out is refused (400 on that field) instead of blanking it (issue 25; style.md "not
 * like this": an update either leaves absent fields unchanged or requires every field).
 */
export function withoutDefaults<S extends Record<string, z.ZodType>>(
  fields: S,
): WithoutDefaults<S> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field instanceof z.ZodDefault ? field.unwrap() : field,
    ]),
  ) as WithoutDefaults<S>;
}
