// Stored settings → complete settings (issue 27 item 5: apart from the schema, so that
// `settings-defaults.ts` can take the type from `settings.ts` without an import cycle).
import type { z } from 'zod';
import { userSettingsSchema, type UserSettings } from './settings';
import { DEFAULT_USER_SETTINGS } from './settings-defaults';

/**
 * Stored settings (server row, localStorage) → a complete, valid object: every field that is
 * missing or invalid takes its default, unknown fields are dropped. Never throws.
 */
export function resolveUserSettings(raw: unknown): UserSettings {
  const out: Record<string, unknown> = { ...DEFAULT_USER_SETTINGS };
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const shape = userSettingsSchema.shape as Record<string, z.ZodType>;
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const field = shape[key];
      if (!field) continue;
      const parsed = field.safeParse(value);
      if (parsed.success) out[key] = parsed.data;
    }
  }
  return out as UserSettings;
}
