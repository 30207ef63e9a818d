// Typed system configuration with defaults and validation (product.md, "System
// configuration"). The server stores only overrides; every reader gets the default otherwise.
import { z } from 'zod';
import { textSchema } from './validation';

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);

export const SYSTEM_CONFIG = {
  'site.name': { schema: textSchema().trim().min(1).max(64), default: '导游与景区管理控制台' },
  'site.defaultLocale': { schema: z.enum(['zh-CN', 'en-US']), default: 'zh-CN' },
  'session.idleMinutes': { schema: minutes(5, 24 * 60), default: 120 },
  'session.absoluteMinutes': { schema: minutes(30, 30 * 24 * 60), default: 12 * 60 },
  // Password policy from seed §5: at least 6 characters, configurable upward only.
  'password.minLength': { schema: z.number().int().min(6).max(64), default: 6 },
  'login.lockoutThreshold': { schema: z.number().int().min(3).max(50), default: 5 },
  'login.lockoutMinutes': { schema: minutes(1, 24 * 60), default: 15 },
  'team.codePattern': { schema: textSchema().trim().min(3).max(40), default: 'T{yyyyMMdd}{seq:3}' },
  'allocation.bufferMinutes': { schema: minutes(0, 24 * 60), default: 60 },
  'allocation.minLevel.vip': {
    schema: z.enum(['junior', 'intermediate', 'senior', 'special']),
    default: 'senior',
  },
  'allocation.minLevel.foreignLanguage': {
    schema: z.enum(['junior', 'intermediate', 'senior', 'special']),
    default: 'senior',
  },
  'allocation.minLevel.default': {
    schema: z.enum(['junior', 'intermediate', 'senior', 'special']),
    default: 'junior',
  },
  'capacity.warningPercent': { schema: z.number().int().min(50).max(99), default: 80 },
  'backup.scheduleCron': { schema: textSchema().trim().max(64), default: '0 3 * * *' },
  'backup.retentionCount': { schema: z.number().int().min(1).max(365), default: 14 },
  'audit.retentionDays': { schema: z.number().int().min(30).max(3650), default: 365 },
} as const satisfies Record<string, { schema: z.ZodType; default: unknown }>;

export type SystemConfigKey = keyof typeof SYSTEM_CONFIG;
export type SystemConfigValue<K extends SystemConfigKey> = z.infer<
  (typeof SYSTEM_CONFIG)[K]['schema']
>;
export type SystemConfigValues = { [K in SystemConfigKey]: SystemConfigValue<K> };

export const SYSTEM_CONFIG_KEYS = Object.keys(SYSTEM_CONFIG) as SystemConfigKey[];

export function systemConfigDefaults(): SystemConfigValues {
  return Object.fromEntries(
    SYSTEM_CONFIG_KEYS.map((k) => [k, SYSTEM_CONFIG[k].default]),
  ) as SystemConfigValues;
}
