// Typed system configuration with defaults and validation (product.md, "System
// configuration"). The server stores only overrides; every reader gets the default otherwise.
import { z } from 'zod';
import { ID_MAX } from './ids';
import type { Localized } from './locale';
import { textSchema } from './validation';
import { SOFT_PREFERENCE_TEXT, SOFT_WEIGHT_MAX, type SoftPreference } from './allocation';

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

export const SYSTEM_CONFIG_GROUPS = [
  'site',
  'security',
  'allocation',
  'capacity',
  'backup',
  'audit',
  'sections',
] as const;
export type SystemConfigGroup = (typeof SYSTEM_CONFIG_GROUPS)[number];

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });
const LEVELS = ['junior', 'intermediate', 'senior', 'special'] as const;

interface ConfigField {
  schema: z.ZodType;
  default: unknown;
  group: SystemConfigGroup;
  label: Localized;
  description: Localized;
  /** Shown after a number input (minutes, days …). */
  unit?: Localized;
}

const MINUTES = m('分钟', 'min');

/** A soft allocation preference's switch and weight (issue #14; texts in allocation.ts). */
function softPreferenceConfig<P extends SoftPreference>(p: P) {
  const text = SOFT_PREFERENCE_TEXT[p];
  return {
    [`allocation.soft.${p}.enabled`]: {
      schema: z.boolean(),
      default: true,
      group: 'allocation',
      label: m(`启用：${text.title['zh-CN']}`, `On: ${text.title['en-US']}`),
      description: text.description,
    },
    [`allocation.soft.${p}.weight`]: {
      schema: z.number().int().min(0).max(SOFT_WEIGHT_MAX),
      default: text.defaultWeight,
      group: 'allocation',
      label: m(`权重：${text.title['zh-CN']}`, `Weight: ${text.title['en-US']}`),
      description: text.description,
    },
  } as {
    [K in `allocation.soft.${P}.enabled`]: {
      schema: z.ZodBoolean;
      default: boolean;
      group: 'allocation';
      label: Localized;
      description: Localized;
    };
  } & {
    [K in `allocation.soft.${P}.weight`]: {
      schema: z.ZodNumber;
      default: number;
      group: 'allocation';
      label: Localized;
      description: Localized;
    };
  };
}

export const SYSTEM_CONFIG = {
  'site.name': {
    schema: textSchema().trim().min(1).max(64),
    // The console's own name (the shell's `app.title`): while unchanged it shows in the
    // reader's language; a name set here shows as written in every language.
    default: '旅游运营控制台',
    group: 'site',
    label: m('站点名称', 'Site name'),
    description: m(
      '显示在浏览器标题、登录页和顶栏上的名称；保持默认时按界面语言显示。',
      'The name in the browser title, on the sign-in page and in the navbar; the default shows in the reader’s language.',
    ),
  },
  'site.defaultLocale': {
    schema: z.enum(['zh-CN', 'en-US']),
    default: 'zh-CN',
    group: 'site',
    label: m('默认语言', 'Default language'),
    description: m(
      '尚未选择语言的用户看到的语言。',
      'The language of users who have not chosen one.',
    ),
  },
  'session.idleMinutes': {
    schema: minutes(5, 24 * 60),
    default: 120,
    group: 'security',
    label: m('会话空闲超时', 'Session idle timeout'),
    description: m(
      '无操作超过该时长后需重新登录。',
      'Sign in again after this long without activity.',
    ),
    unit: MINUTES,
  },
  'session.absoluteMinutes': {
    schema: minutes(30, 30 * 24 * 60),
    default: 12 * 60,
    group: 'security',
    label: m('会话最长有效期', 'Session absolute timeout'),
    description: m(
      '无论是否活动，登录超过该时长后失效。',
      'A session ends this long after sign-in, active or not.',
    ),
    unit: MINUTES,
  },
  // Password policy from seed §5: at least 6 characters, configurable upward only.
  'password.minLength': {
    schema: z.number().int().min(6).max(64),
    default: 6,
    group: 'security',
    label: m('密码最小长度', 'Minimum password length'),
    description: m(
      '新密码至少包含的字符数（不低于 6）。',
      'Characters a new password needs at least (6 or more).',
    ),
  },
  'login.lockoutThreshold': {
    schema: z.number().int().min(3).max(50),
    default: 5,
    group: 'security',
    label: m('登录失败锁定次数', 'Failed sign-ins before lockout'),
    description: m(
      '连续失败达到该次数后暂时锁定登录。',
      'Consecutive failures that lock sign-in for a while.',
    ),
  },
  'login.lockoutMinutes': {
    schema: minutes(1, 24 * 60),
    default: 15,
    group: 'security',
    label: m('锁定时长', 'Lockout duration'),
    description: m('锁定后多久可再次尝试登录。', 'How long a locked sign-in waits.'),
    unit: MINUTES,
  },
  'team.codePattern': {
    schema: textSchema().trim().min(3).max(40),
    default: 'T{yyyyMMdd}{seq:3}',
    group: 'allocation',
    label: m('团号规则', 'Team code pattern'),
    description: m(
      '新团号的格式：{yyyyMMdd} 为出发日期，{seq:3} 为当日三位序号。',
      'Format of new team codes: {yyyyMMdd} is the start date, {seq:3} a three-digit sequence of the day.',
    ),
  },
  'allocation.bufferMinutes': {
    schema: minutes(0, 24 * 60),
    default: 60,
    group: 'allocation',
    label: m('派团间隔', 'Buffer between teams'),
    description: m(
      '同一导游两个团之间至少间隔的时间。',
      'Time a guide needs at least between two teams.',
    ),
    unit: MINUTES,
  },
  'allocation.minLevel.vip': {
    schema: z.enum(LEVELS),
    default: 'senior',
    group: 'allocation',
    label: m('VIP 团最低导游等级', 'Minimum guide level, VIP teams'),
    description: m(
      'VIP 团可派导游的最低等级。',
      'The lowest level a guide of a VIP team may have.',
    ),
  },
  'allocation.minLevel.foreignLanguage': {
    schema: z.enum(LEVELS),
    default: 'senior',
    group: 'allocation',
    label: m('外语团最低导游等级', 'Minimum guide level, foreign-language teams'),
    description: m(
      '外语团可派导游的最低等级。',
      'The lowest level a guide of a foreign-language team may have.',
    ),
  },
  'allocation.minLevel.default': {
    schema: z.enum(LEVELS),
    default: 'junior',
    group: 'allocation',
    label: m('其他团最低导游等级', 'Minimum guide level, other teams'),
    description: m(
      '其他团可派导游的最低等级。',
      'The lowest level a guide of any other team may have.',
    ),
  },
  ...softPreferenceConfig('fairness'),
  ...softPreferenceConfig('rating'),
  ...softPreferenceConfig('continuity'),
  ...softPreferenceConfig('language'),
  ...softPreferenceConfig('homeCity'),
  'capacity.warningPercent': {
    schema: z.number().int().min(50).max(99),
    default: 80,
    group: 'capacity',
    label: m('承载预警阈值', 'Capacity warning threshold'),
    description: m(
      '景区在园人数达到承载量的该百分比时预警。',
      'A spot warns when its load reaches this share of its capacity.',
    ),
    unit: m('%', '%'),
  },
  'backup.scheduleCron': {
    schema: textSchema().trim().max(64),
    default: '0 3 * * *',
    group: 'backup',
    label: m('自动备份计划', 'Backup schedule'),
    description: m(
      '自动备份的 cron 表达式（运营时区）；留空则不自动备份。',
      'Cron expression of automatic backups (operation time zone); empty for none.',
    ),
  },
  'backup.retentionCount': {
    schema: z.number().int().min(1).max(365),
    default: 14,
    group: 'backup',
    label: m('保留备份数', 'Backups kept'),
    description: m(
      '自动备份保留的份数，更早的会被删除。',
      'Automatic backups kept; older ones are deleted.',
    ),
  },
  'audit.retentionDays': {
    schema: z.number().int().min(30).max(3650),
    default: 365,
    group: 'audit',
    label: m('操作日志保留天数', 'Operation log retention'),
    description: m(
      '超过该天数的操作日志每日清理；哈希链保持可校验。',
      'Log rows older than this are purged daily; the hash chain stays verifiable.',
    ),
    unit: m('天', 'days'),
  },
  // A canary's automatic rollback (issue 30; sections/health.ts): aborted when its error rate
  // exceeds the pinned version's by the margin, once it served enough sessions in the window.
  'sections.canary.marginPercent': {
    schema: z.number().int().min(1).max(100),
    default: 5,
    group: 'sections',
    label: m('灰度回滚阈值', 'Canary rollback margin'),
    description: m(
      '灰度版本的错误率（出错会话占比）比固定版本高出该百分点时，自动中止灰度。',
      'A canary whose error rate (share of sessions with an error) exceeds the pinned version’s by this many points is aborted by itself.',
    ),
    unit: m('个百分点', 'points'),
  },
  'sections.canary.minSessions': {
    schema: z.number().int().min(1).max(100_000),
    default: 20,
    group: 'sections',
    label: m('灰度回滚最少会话数', 'Canary rollback minimum sessions'),
    description: m(
      '灰度版本在统计窗口内至少服务这么多会话后，才会按错误率自动回滚。',
      'A canary is judged by its error rate only once it served this many sessions in the window.',
    ),
  },
  'sections.canary.windowMinutes': {
    schema: minutes(5, 24 * 60),
    default: 60,
    group: 'sections',
    label: m('灰度回滚统计窗口', 'Canary rollback window'),
    description: m('比较错误率时统计的最近时长。', 'How far back the error rates are compared.'),
    unit: MINUTES,
  },
} as const satisfies Record<string, ConfigField>;

export type SystemConfigKey = keyof typeof SYSTEM_CONFIG;
export type SystemConfigValue<K extends SystemConfigKey> = z.infer<
  (typeof SYSTEM_CONFIG)[K]['schema']
>;
export type SystemConfigValues = { [K in SystemConfigKey]: SystemConfigValue<K> };

export const SYSTEM_CONFIG_KEYS = Object.keys(SYSTEM_CONFIG) as SystemConfigKey[];

/** A key's unit (minutes, days …) for its input and the diff, if it has one. */
export const systemConfigUnit = (key: SystemConfigKey): Localized | undefined =>
  (SYSTEM_CONFIG[key] as ConfigField).unit;

export function systemConfigDefaults(): SystemConfigValues {
  return Object.fromEntries(
    SYSTEM_CONFIG_KEYS.map((k) => [k, SYSTEM_CONFIG[k].default]),
  ) as SystemConfigValues;
}

/** One configuration value as GET /api/system-config answers it. */
export const systemConfigEntry = z.object({
  key: z.enum(SYSTEM_CONFIG_KEYS as [SystemConfigKey, ...SystemConfigKey[]]),
  value: z.unknown(),
  default: z.unknown(),
  /** Whether a stored override is in effect (false: the default). */
  overridden: z.boolean(),
  /** The override's version; 0 while none is stored. */
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type SystemConfigEntry = z.infer<typeof systemConfigEntry>;

/**
 * PUT /api/system-config: the changed keys, each with the version it was read at; a `null`
 * value resets the key to its default. Each value is validated by its key's schema.
 */
export const systemConfigUpdateBody = z
  .strictObject({
    changes: z
      .array(
        z.strictObject({
          key: z.enum(SYSTEM_CONFIG_KEYS as [SystemConfigKey, ...SystemConfigKey[]]),
          value: z.unknown(),
          version: z.number().int().min(0).max(ID_MAX),
        }),
      )
      .min(1)
      .max(SYSTEM_CONFIG_KEYS.length),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.changes.forEach((change, i) => {
      if (seen.has(change.key)) {
        ctx.addIssue({ code: 'custom', path: ['changes', i, 'key'], message: 'invalidValue' });
      }
      seen.add(change.key);
      if (change.value === null) return;
      const parsed = SYSTEM_CONFIG[change.key].schema.safeParse(change.value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ ...issue, path: ['changes', i, 'value', ...issue.path] } as never);
        }
      }
    });
  });
export type SystemConfigUpdateBody = z.infer<typeof systemConfigUpdateBody>;

/** GET /api/site: what the shell needs before sign-in (public; issue 25 defect 9). */
export const siteInfo = z.object({
  /** `site.name`, or null while it is the default: the console's own name in each language. */
  name: z.string().nullable(),
  /** `site.defaultLocale`: the language of a browser that has not chosen one. */
  defaultLocale: SYSTEM_CONFIG['site.defaultLocale'].schema,
});
export type SiteInfo = z.infer<typeof siteInfo>;
