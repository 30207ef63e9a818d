// For tests (issue 25 families): a valid value other than the default for every key of the
// system configuration, so a test can set "every field" and change "one field" from the
// contract's keys. A text key without a value here throws by name.
import { SYSTEM_CONFIG, type SystemConfigKey } from './system-config';

const OTHER_TEXT: Partial<Record<SystemConfigKey, string>> = {
  'site.name': '测试运营台',
  'team.codePattern': 'X{yyyyMMdd}{seq:3}',
  'backup.scheduleCron': '0 4 * * *',
};

export function otherConfigValue(key: SystemConfigKey): unknown {
  const field = SYSTEM_CONFIG[key];
  const value: unknown = field.default;
  const schema = field.schema as unknown as { options?: string[]; maxValue?: number | null };
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number')
    return value + 1 <= (schema.maxValue ?? Infinity) ? value + 1 : value - 1;
  if (schema.options) return schema.options.find((o) => o !== value);
  const text = OTHER_TEXT[key];
  if (text === undefined) throw new Error(`no other value for the text key "${key}"`);
  return text;
}
