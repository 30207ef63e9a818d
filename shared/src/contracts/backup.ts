// Backup and restore (issue #15 point 6; server: server/src/modules/backup/). A backup is one
// gzip'd file of lines: a header (product marker, format, schema and app version, time), every
// table's rows (COPY text since format 2), and a trailer holding the SHA-256 of everything before it.
import { z } from 'zod';
import { pageQueryFields } from './validation';

export const BACKUP_KINDS = ['manual', 'scheduled', 'pre-restore'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BACKUP_LIMITS = {
  /** The largest backup file a restore accepts as an upload (413 beyond it). */
  uploadBytes: 8 * 1024 * 1024 * 1024,
} as const;

/** A stored backup's id: its time, kind and a random suffix (also its file name). */
export const BACKUP_ID_PATTERN = /^\d{8}T\d{9}Z-(manual|scheduled|pre-restore)-[a-z0-9]{6}$/;

export const backupIdParams = z.strictObject({
  id: z.string().max(64).regex(BACKUP_ID_PATTERN, 'invalidFormat'),
});

export const backupListQuery = z.strictObject({
  ...pageQueryFields({ size: 10, max: 100 }),
});
export type BackupListQuery = z.infer<typeof backupListQuery>;

export const backupItem = z.object({
  id: z.string(),
  kind: z.enum(BACKUP_KINDS),
  createdAt: z.string(),
  /** Bytes of the compressed file. */
  size: z.number(),
  /** SHA-256 (hex) of the file as downloaded (the compressed bytes): what a user checks. */
  fileSha256: z.string(),
  /** SHA-256 (hex) of the uncompressed content, as recorded in the file's trailer. */
  sha256: z.string(),
  /** Migrations applied to the database it was taken from. */
  schemaVersion: z.number(),
  appVersion: z.string(),
  /** pglite or postgres. */
  database: z.string(),
  tables: z.number(),
  rows: z.number(),
});
export type BackupItem = z.infer<typeof backupItem>;

export const backupStatus = z.object({
  scheduleCron: z.string(),
  /** Whether the configured expression parses (an invalid one schedules nothing). */
  scheduleValid: z.boolean(),
  nextRunAt: z.string().nullable(),
  retentionCount: z.number(),
  schemaVersion: z.number(),
  appVersion: z.string(),
  running: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatus>;

export const restoreResult = z.object({
  /** The backup the data now comes from. */
  restored: backupItem.omit({ id: true, size: true }).extend({ id: z.string().nullable() }),
  /** The automatic backup taken just before (restore it to undo). */
  preRestoreBackupId: z.string(),
  /** Whether the restoring admin's own session was kept (their account is in the backup). */
  keptOwnSession: z.boolean(),
});
export type RestoreResult = z.infer<typeof restoreResult>;

/**
 * What a running backup or restore is doing (issue 25 point 16). A restore: validate (beside
 * pre-restore, the automatic backup), audit (the file's audit rows staged and checked against
 * the trail), replace (every other table's rows loaded), rebuild (indexes and keys built again,
 * audit rows merged).
 */
export const BACKUP_PHASES = [
  'backup',
  'validate',
  'pre-restore',
  'audit',
  'replace',
  'rebuild',
] as const;
export type BackupPhase = (typeof BACKUP_PHASES)[number];

/** The running backup's or restore's progress (GET /api/backups/progress; null: none runs). */
export const backupProgress = z.object({
  operation: z.enum(['backup', 'restore']),
  phase: z.enum(BACKUP_PHASES),
  startedAt: z.string(),
  /** Of the current phase: tables done of all, rows done of its total (an estimate when reading the database). */
  tablesDone: z.number(),
  tables: z.number(),
  rowsDone: z.number(),
  rowsTotal: z.number(),
  /** Of the whole operation, 0–100. */
  percent: z.number(),
  /** Estimated from the rate so far; null until there is one. */
  secondsLeft: z.number().nullable(),
});
export type BackupProgress = z.infer<typeof backupProgress>;
