// Backup and restore (issue #15 point 6). One backup or restore runs at a time in this
// instance (BACKUP_BUSY otherwise) and, through an advisory lock, across instances.
import { Cron } from 'croner';
import {
  OPERATION_TIME_ZONE,
  type BackupItem,
  type BackupKind,
  type BackupListQuery,
  type BackupProgress,
  type BackupStatus,
  type Clock,
  type Page,
  type RestoreResult,
} from '@console/shared';
import type { Db } from '../../db/types';
import { AppError, notFound } from '../../lib/app-error';
import type { SystemConfigService } from '../system-config/service';
import { recordAudit } from '../audit/writer';
import type { EventBus } from '../../events/bus';
import { sql } from 'drizzle-orm';
import { BackupStore } from './store';
import { estimateRows, writeBackup, type WriteProgress } from './write';
import { allTables, dataTables } from './tables';
import { ProgressTracker } from './progress';
import type { ValidatedBackup } from './validate';
import {
  DERIVED_REBUILD,
  loadShadow,
  replaceAll,
  stageAuditRows,
  swapAll,
  type ReplaceProgress,
  type ShadowSwap,
} from './restore';
import { canShadow, createShadow, dropShadow, finishSwitch, type Shadow } from './shadow';
import { validateBackup } from './validate';
import { createAuditStaging, dropAuditStaging } from '../audit/merge';
import { APPEND_ONLY_TABLES } from './tables';
import { currentAppVersion, currentSchema } from './format';

/** The restoring admin: their session survives when the backup holds their account. */
export interface Restorer {
  userId: number;
  username: string;
  sessionId: number;
}

const backupNotFound = () =>
  notFound({
    'zh-CN': '备份不存在或已被删除',
    'en-US': 'No such backup (it may have been deleted)',
  });

/** The next time a cron expression fires, or null when it does not parse. */
export function nextRun(pattern: string, timezone: string, after?: Date): Date | null {
  if (!pattern.trim()) return null;
  try {
    const cron = new Cron(pattern, { timezone, paused: true });
    const next = cron.nextRun(after);
    cron.stop();
    return next;
  } catch {
    return null;
  }
}

/**
 * PGlite: the most rows of a table whose indexes a restore builds once its rows are in (a
 * statement each: about 100 ms at this size, busy machine); larger tables get theirs first.
 */
const SORTED_INDEX_ROWS = 10_000;

/** User ids per `session.changed` event (the event's limit). */
const SESSION_EVENT_IDS = 1000;

export class BackupService {
  readonly store: BackupStore;
  private running = false;
  /** The running backup's or restore's progress (this instance's). */
  private tracker: ProgressTracker | null = null;
  readonly databaseKind: 'pglite' | 'postgres';

  constructor(
    private readonly db: Db,
    backupDir: string,
    private readonly config: SystemConfigService,
    private readonly clock: Clock,
    private readonly events: EventBus,
    /** PGlite: how the restore's transaction puts the shadow tables in place (the bench compares). */
    private readonly shadowSwap: ShadowSwap = 'switch',
  ) {
    this.store = new BackupStore(backupDir);
    const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
    this.databaseKind = typeof client?.dumpDataDir === 'function' ? 'pglite' : 'postgres';
  }

  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running) throw new AppError('BACKUP_BUSY');
    this.running = true;
    try {
      return await fn();
    } finally {
      this.running = false;
      this.tracker = null;
    }
  }

  /** How far the backup or restore running in this instance has got; null when none runs. */
  progress(): BackupProgress | null {
    return this.tracker?.snapshot() ?? null;
  }

  private track(
    operation: BackupProgress['operation'],
    phases: ConstructorParameters<typeof ProgressTracker>[1],
    onChange?: (progress: BackupProgress) => void,
  ) {
    this.tracker = new ProgressTracker(
      operation,
      phases,
      () => this.clock.now().getTime(),
      onChange,
    );
    return this.tracker;
  }

  /** Writes a backup into the store (the caller holds `exclusive`). */
  private async write(
    kind: BackupKind,
    onProgress?: (progress: WriteProgress) => void,
    signal?: AbortSignal,
  ): Promise<BackupItem> {
    const now = this.clock.now();
    const id = this.store.newId(kind, now);
    const temp = this.store.tempFile('.ndjson.gz');
    const { header, trailer, size, fileSha256 } = await writeBackup(this.db, temp, {
      kind,
      database: this.databaseKind,
      now,
      // PGlite has one connection: read between other requests (issue 25 point 12).
      chunked: this.databaseKind === 'pglite',
      onProgress,
      signal,
    });
    const item: BackupItem = {
      id,
      kind,
      createdAt: header.createdAt,
      size,
      fileSha256,
      sha256: trailer.sha256,
      schemaVersion: header.schemaVersion,
      appVersion: header.appVersion,
      database: header.database,
      tables: trailer.tables,
      rows: trailer.rows,
    };
    this.store.commit(temp, item);
    return item;
  }

  /** A backup now (manual from the page, scheduled from the job), audited. */
  async create(
    kind: 'manual' | 'scheduled',
    onProgress?: (progress: WriteProgress) => void,
  ): Promise<BackupItem> {
    return this.exclusive(async () => {
      const tracker = this.track('backup', [{ phase: 'backup', rows: 0 }]);
      tracker.start('backup', dataTables().length);
      const item = await this.write(kind, (p) => {
        tracker.update('backup', {
          tablesDone: p.tablesDone,
          rowsDone: p.rowsDone,
          rowsTotal: p.rowsEstimate,
        });
        onProgress?.(p);
      });
      const pruned = kind === 'scheduled' ? await this.prune() : [];
      await this.db.transaction((tx) =>
        recordAudit(tx, {
          entityType: 'backup',
          entityId: item.id,
          action: kind === 'scheduled' ? 'backup.scheduled' : undefined,
          diff: {
            backup: {
              before: null,
              after: { kind, rows: item.rows, fileSha256: item.fileSha256, sha256: item.sha256 },
            },
            ...(pruned.length ? { pruned: { before: pruned, after: null } } : {}),
          },
        }),
      );
      return item;
    });
  }

  /** Keeps the newest `backup.retentionCount` scheduled backups; returns the ids removed. */
  private async prune(): Promise<string[]> {
    const keep = await this.config.get('backup.retentionCount');
    const old = this.store
      .list()
      .filter((b) => b.kind === 'scheduled')
      .slice(keep)
      .map((b) => b.id);
    for (const id of old) this.store.remove(id);
    return old;
  }

  list(query: BackupListQuery): Page<BackupItem> & { current: number; pageSize: number } {
    const all = this.store.list();
    const start = (query.current - 1) * query.pageSize;
    return {
      list: all.slice(start, start + query.pageSize),
      total: all.length,
      current: query.current,
      pageSize: query.pageSize,
    };
  }

  async status(): Promise<BackupStatus> {
    const { 'backup.scheduleCron': cron, 'backup.retentionCount': retention } =
      await this.config.all();
    const next = nextRun(cron, OPERATION_TIME_ZONE, this.clock.now());
    return {
      scheduleCron: cron,
      scheduleValid: next !== null,
      nextRunAt: next?.toISOString() ?? null,
      retentionCount: retention,
      schemaVersion: currentSchema().version,
      appVersion: currentAppVersion(),
      running: this.running,
    };
  }

  /** The stored file to download. */
  file(id: string): { item: BackupItem; path: string } {
    const item = this.store.get(id);
    if (!item) throw backupNotFound();
    return { item, path: this.store.fileOf(id) };
  }

  async remove(id: string): Promise<void> {
    await this.exclusive(async () => {
      const item = this.store.get(id);
      if (!item) throw backupNotFound();
      this.store.remove(id);
      await this.db.transaction((tx) =>
        recordAudit(tx, {
          entityType: 'backup',
          entityId: id,
          diff: { backup: { before: { kind: item.kind, createdAt: item.createdAt }, after: null } },
        }),
      );
    });
  }

  /** Restores a stored backup; `onProgress` is told every step (as the progress route answers). */
  restoreStored(
    id: string,
    by: Restorer,
    onProgress?: (progress: BackupProgress) => void,
  ): Promise<RestoreResult> {
    const item = this.store.get(id);
    if (!item) throw backupNotFound();
    return this.restore(this.store.fileOf(id), id, by, item.rows, onProgress);
  }

  /**
   * Restores the backup in `file`: validates it all while it takes a pre-restore backup, replaces every
   * table but the audit trail in one transaction (the backup's audit rows are merged into the
   * trail, which keeps every row it had) and records the restore at the end of the trail.
   */
  restore(
    file: string,
    id: string | null,
    by: Restorer,
    /** The file's rows when known (a stored backup); else the database's are a guess of them. */
    fileRows?: number,
    onProgress?: (progress: BackupProgress) => void,
  ): Promise<RestoreResult> {
    return this.exclusive(async () => {
      const tables = dataTables().length;
      const replacedTables = dataTables().filter((t) => !APPEND_ONLY_TABLES.has(t.name)).length;
      const current = await estimateRows(this.db);
      const rows = fileRows ?? current;
      // PGlite: the audit rows are staged between other requests first (restore.ts, step 1).
      const stageFirst = this.databaseKind === 'pglite';
      const tracker = this.track(
        'restore',
        [
          { phase: 'validate', rows },
          { phase: 'pre-restore', rows: current },
          // Until the file is read, its audit rows are not known: guessed at none.
          ...(stageFirst ? [{ phase: 'audit' as const, rows: 0 }] : []),
          { phase: 'replace', rows },
          // Sorting rows into indexes and checking keys: measured at about a third of loading them.
          { phase: 'rebuild', rows, weight: 0.3 },
        ],
        onProgress,
      );
      // The file is checked while the current data is backed up (the one works in this process,
      // the other mostly in the database); nothing changes before both are done.
      tracker.start('validate', tables);
      tracker.start('pre-restore', tables);
      const refused = new AbortController();
      const [validation, preRestore] = await Promise.allSettled([
        validateBackup(file, { id: by.userId, username: by.username }, (p) =>
          tracker.update('validate', p),
        )
          .catch((err: unknown) => {
            refused.abort(err);
            throw err;
          })
          .finally(() => tracker.finish('validate')),
        this.write(
          'pre-restore',
          (p) =>
            tracker.update('pre-restore', {
              tablesDone: p.tablesDone,
              rowsDone: p.rowsDone,
              rowsTotal: p.rowsEstimate,
            }),
          refused.signal,
        ).finally(() => tracker.finish('pre-restore')),
      ]);
      if (validation.status === 'rejected') {
        // A refused file changes nothing: not even the list of backups.
        if (preRestore.status === 'fulfilled') this.store.remove(preRestore.value.id);
        throw validation.reason;
      }
      if (preRestore.status === 'rejected') throw preRestore.reason;
      const validated = validation.value;
      const before = preRestore.value;
      let appendOnlyRows = 0;
      for (const name of APPEND_ONLY_TABLES) appendOnlyRows += validated.rows.get(name) ?? 0;
      const replacedRows = validated.trailer.rows - appendOnlyRows;
      const auditRows = validated.rows.get('audit_log') ?? 0;
      tracker.expect('replace', replacedRows + (stageFirst ? 0 : auditRows));
      tracker.expect('rebuild', replacedRows);
      const staging = await createAuditStaging(this.db);
      let shadow: Shadow | null = null;
      let swapped = false;
      try {
        let dropped: number | null = null;
        if (stageFirst) {
          tracker.expect('audit', auditRows);
          tracker.start('audit', 1);
          dropped = await stageAuditRows(this.db, file, validated, staging, (p) =>
            tracker.update('audit', p),
          );
          tracker.finish('audit');
        }
        tracker.start('replace', replacedTables + (stageFirst ? 0 : 1));
        // PGlite: the replaced tables are built beside the live ones between other requests,
        // and swapped in by a short transaction (shadow.ts).
        const replaced = dataTables().filter((t) => !APPEND_ONLY_TABLES.has(t.name));
        if (
          dropped !== null &&
          (await canShadow(
            this.db,
            replaced.map((t) => t.name),
          ))
        ) {
          // A large table's indexes would take one long statement each to sort once loaded:
          // they are made first and take its rows a piece at a time instead.
          const large = replaced.filter(
            (t) => (validated.rows.get(t.name) ?? 0) > SORTED_INDEX_ROWS,
          );
          const derived = allTables().filter((t) => t.name in DERIVED_REBUILD);
          shadow = await createShadow(
            this.db,
            [...replaced, ...derived],
            new Set(large.map((t) => t.name)),
            new Set(derived.map((t) => t.name)),
          );
          await loadShadow(
            this.db,
            file,
            validated,
            shadow,
            this.replaceProgress(tracker, replacedTables),
          );
        }
        const result = await this.replace(
          file,
          id,
          by,
          validated,
          before.id,
          { name: staging, dropped },
          tracker,
          replacedTables,
          shadow,
        );
        swapped = true;
        if (shadow && this.shadowSwap === 'switch') {
          // The restored rows are read from here on; what is left is tidying up, a statement at
          // a time. Stopped or failed, the next restore or start finishes it (shadow.ts).
          await finishSwitch(this.db, shadow.schema).catch(() => {});
        }
        return result;
      } finally {
        // Dropped by the transaction that merged it; left by one that failed.
        await dropAuditStaging(this.db, staging).catch(() => {});
        // Moved into place by the transaction; left whole by one that failed (or never ran).
        if (shadow && !swapped) await dropShadow(this.db, shadow.schema).catch(() => {});
      }
    });
  }

  /** The progress of the replacement's rows and of its rebuilding. */
  private replaceProgress(tracker: ProgressTracker, replacedTables: number): ReplaceProgress {
    return {
      replace: (p) => tracker.update('replace', p),
      rebuildStart: () => {
        tracker.finish('replace');
        // The replaced tables, then the audit rows' merge.
        tracker.start('rebuild', replacedTables + 1);
      },
      rebuild: (p) => tracker.update('rebuild', p),
    };
  }

  /** The restore's transaction (step 2 of restore.ts), audited; what the restore answers. */
  private async replace(
    file: string,
    id: string | null,
    by: Restorer,
    validated: ValidatedBackup,
    preRestoreBackupId: string,
    staging: { name: string; dropped: number | null },
    tracker: ProgressTracker,
    replacedTables: number,
    /** PGlite: the loaded shadow tables to swap in (else the rows are replaced here). */
    shadow: Shadow | null,
  ): Promise<RestoreResult> {
    const { keptOwnSession } = await this.events.transaction(this.db, async (tx, emit) => {
      // Every session changes: those of the database replaced go, the restored ones come.
      // Instances that keep sessions (and open live streams) check them again.
      const holders = async () =>
        (
          (await tx.execute(sql`select distinct user_id as id from sessions`)) as unknown as {
            rows: { id: number }[];
          }
        ).rows.map((r) => Number(r.id));
      const signedInBefore = await holders();
      const progress = this.replaceProgress(tracker, replacedTables);
      const result =
        shadow && staging.dropped !== null
          ? await swapAll(
              tx,
              validated,
              by.sessionId,
              { name: staging.name, dropped: staging.dropped },
              shadow,
              this.shadowSwap,
              progress,
            )
          : await replaceAll(tx, file, validated, by.sessionId, staging, progress);
      const userIds = [...new Set([...signedInBefore, ...(await holders())])];
      for (let i = 0; i < userIds.length; i += SESSION_EVENT_IDS)
        emit({ type: 'session.changed', userIds: userIds.slice(i, i + SESSION_EVENT_IDS) });
      await recordAudit(tx, {
        entityType: 'backup',
        entityId: id ?? 'upload',
        diff: {
          restoredFrom: {
            before: null,
            after: {
              createdAt: validated.header.createdAt,
              fileSha256: validated.fileSha256,
              sha256: validated.trailer.sha256,
              rows: validated.trailer.rows,
            },
          },
          preRestoreBackup: { before: null, after: preRestoreBackupId },
          auditRows: { before: null, after: result.audit },
        },
      });
      return result;
    });
    this.config.invalidate();
    const h = validated.header;
    return {
      restored: {
        id,
        kind:
          (['manual', 'scheduled', 'pre-restore'] as const).find((k) => k === h.kind) ?? 'manual',
        createdAt: h.createdAt,
        fileSha256: validated.fileSha256,
        sha256: validated.trailer.sha256,
        schemaVersion: h.schemaVersion,
        appVersion: h.appVersion,
        database: h.database,
        tables: validated.trailer.tables,
        rows: validated.trailer.rows,
      },
      preRestoreBackupId,
      keptOwnSession,
    };
  }
}
