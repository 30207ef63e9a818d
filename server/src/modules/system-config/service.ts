// The typed system configuration (issue #15 point 4): defaults from the shared contract,
// overrides stored per key. A save is one transaction with its audit row and takes effect at
// once in this instance (the cache is dropped) and within TTL_MS in the others.
import { eq, inArray } from 'drizzle-orm';
import {
  SYSTEM_CONFIG,
  SYSTEM_CONFIG_KEYS,
  systemConfigDefaults,
  type SiteInfo,
  type SystemConfigEntry,
  type SystemConfigKey,
  type SystemConfigUpdateBody,
  type SystemConfigValue,
  type SystemConfigValues,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/writer';
import { systemConfig } from './schema';

// Several server instances may share one database, so values are re-read after a short
// time instead of being cached for ever; a write in this instance refreshes at once.
const TTL_MS = 5_000;

const valid = (key: string, value: unknown) =>
  key in SYSTEM_CONFIG && SYSTEM_CONFIG[key as SystemConfigKey].schema.safeParse(value).success;

export class SystemConfigService {
  private cache: { values: SystemConfigValues; at: number } | null = null;
  private readonly listeners = new Set<() => void>();
  constructor(private readonly db: Db) {}

  /**
   * Every value. Inside a transaction pass it as `db`: on PGlite (one connection) a read
   * through the service's own handle would wait for that transaction for ever.
   */
  async all(db: DbOrTx = this.db): Promise<SystemConfigValues> {
    if (this.cache && Date.now() - this.cache.at < TTL_MS) return this.cache.values;
    const rows = await db.select().from(systemConfig);
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

  /** One value; inside a transaction pass it as `db` (see `all`). */
  async get<K extends SystemConfigKey>(
    key: K,
    db: DbOrTx = this.db,
  ): Promise<SystemConfigValue<K>> {
    return (await this.all(db))[key];
  }

  /** What the shell shows before sign-in: the site's name (null: the default) and locale. */
  async siteInfo(): Promise<SiteInfo> {
    const values = await this.all();
    const name = values['site.name'];
    return {
      name: name === SYSTEM_CONFIG['site.name'].default ? null : name,
      defaultLocale: values['site.defaultLocale'],
    };
  }

  /** Every key with its value in effect, default, override state and version (the page). */
  async entries(): Promise<SystemConfigEntry[]> {
    const rows = new Map((await this.db.select().from(systemConfig)).map((r) => [r.key, r]));
    return SYSTEM_CONFIG_KEYS.map((key) => {
      const row = rows.get(key);
      const overridden = !!row && valid(key, row.value);
      return {
        key,
        value: overridden ? row.value : SYSTEM_CONFIG[key].default,
        default: SYSTEM_CONFIG[key].default,
        overridden,
        version: row?.version ?? 0,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    });
  }

  /**
   * Saves validated changes (a `null` value resets the key to its default), each at the
   * version it was read at: any stale key refuses the whole save (409 STALE_VERSION). A key
   * saved at the value in effect is left alone.
   */
  async update(body: SystemConfigUpdateBody, userId: number | null): Promise<SystemConfigEntry[]> {
    await this.db.transaction(async (tx) => {
      const keys = body.changes.map((c) => c.key);
      const rows = new Map(
        (
          await tx.select().from(systemConfig).where(inArray(systemConfig.key, keys)).for('update')
        ).map((r) => [r.key, r]),
      );
      const diff: Record<string, { before: unknown; after: unknown }> = {};
      for (const change of body.changes) {
        const row = rows.get(change.key);
        if ((row?.version ?? 0) !== change.version) throw new AppError('STALE_VERSION');
        const def = SYSTEM_CONFIG[change.key].default;
        const before = row && valid(change.key, row.value) ? row.value : def;
        if (change.value === null) {
          if (row) await tx.delete(systemConfig).where(eq(systemConfig.key, change.key));
          if (JSON.stringify(before) !== JSON.stringify(def))
            diff[change.key] = { before, after: def };
          continue;
        }
        const value = SYSTEM_CONFIG[change.key].schema.parse(change.value);
        // The value in effect saved again (a form saved untouched): nothing to write, so its
        // version and override state stay as they are (issue 25, form round trip).
        if (JSON.stringify(before) === JSON.stringify(value)) continue;
        if (row) {
          await tx
            .update(systemConfig)
            .set({ value, updatedBy: userId, updatedAt: new Date(), version: row.version + 1 })
            .where(eq(systemConfig.key, change.key));
        } else {
          await tx.insert(systemConfig).values({ key: change.key, value, updatedBy: userId });
        }
        diff[change.key] = { before, after: value };
      }
      await recordAudit(tx, {
        entityType: 'system_config',
        entityId: keys.join(',').slice(0, 64),
        diff,
      });
    });
    this.invalidate();
    return this.entries();
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
    for (const listener of this.listeners) listener();
  }

  /**
   * Called after every change saved through this instance, so a reader that keeps a value
   * (the backup schedule) applies it at once rather than at its next periodic read.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  static keys = SYSTEM_CONFIG_KEYS;
}
