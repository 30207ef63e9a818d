import { eq } from 'drizzle-orm';
import {
  SYSTEM_CONFIG,
  SYSTEM_CONFIG_KEYS,
  systemConfigDefaults,
  type SystemConfigKey,
  type SystemConfigValue,
  type SystemConfigValues,
} from '@console/shared';
import type { Db } from '../../db/types';
import { systemConfig } from './schema';

// Several server instances may share one database, so values are re-read after a short
// time instead of being cached for ever; a write in this instance refreshes at once.
const TTL_MS = 5_000;

export class SystemConfigService {
  private cache: { values: SystemConfigValues; at: number } | null = null;
  constructor(private readonly db: Db) {}

  async all(): Promise<SystemConfigValues> {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.values;
    const rows = await this.db.select().from(systemConfig);
    const values = systemConfigDefaults();
    for (const row of rows) {
      if (!(row.key in SYSTEM_CONFIG)) continue;
      const key = row.key as SystemConfigKey;
      const parsed = SYSTEM_CONFIG[key].schema.safeParse(row.value);
      // A stored value that no longer validates falls back to the default.
      if (parsed.success) (values as Record<string, unknown>)[key] = parsed.data;
    }
    this.cache = { values, at: Date.now() };
    return values;
  }

  async get<K extends SystemConfigKey>(key: K): Promise<SystemConfigValue<K>> {
    return (await this.all())[key];
  }

  /** Stores an already validated value. */
  async set<K extends SystemConfigKey>(key: K, value: SystemConfigValue<K>, userId: number | null) {
    await this.db
      .insert(systemConfig)
      .values({ key, value, updatedBy: userId })
      .onConflictDoUpdate({
        target: systemConfig.key,
        set: { value, updatedBy: userId, updatedAt: new Date() },
      });
    this.invalidate();
  }

  async reset(key: SystemConfigKey) {
    await this.db.delete(systemConfig).where(eq(systemConfig.key, key));
    this.invalidate();
  }

  invalidate() {
    this.cache = null;
  }

  static keys = SYSTEM_CONFIG_KEYS;
}
