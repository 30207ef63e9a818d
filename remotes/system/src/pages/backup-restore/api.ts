// Backup and restore calls (server: server/src/modules/backup/routes.ts). Reads are cached
// (RTK Query); writes are mutations that invalidate the tags of their domain event (issue 27
// item 6): a backup taken, uploaded or deleted refreshes the list and the schedule; a restore
// stands for every record changing.
import { consoleApi, invalidatesOn, type DomainEvent } from '@console/shared/api';
import type {
  BackupItem,
  BackupProgress,
  BackupStatus,
  Page,
  RestoreResult,
} from '@console/shared';

export type BackupPage = Page<BackupItem> & { current: number; pageSize: number };

export const backupApi = {
  /** A plain link: the browser streams the file to disk (backups may be large). */
  downloadUrl: (id: string) => `/api/backups/${encodeURIComponent(id)}/download`,
};

export const backupQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<BackupPage, { current: number; pageSize: number }>({
      query: (params) => ({ method: 'GET', url: '/backups', params, silent: true }),
      providesTags: [{ type: 'Backup', id: 'LIST' }],
    }),
    backupStatus: build.query<BackupStatus, void>({
      query: () => ({ method: 'GET', url: '/backups/status', silent: true }),
      providesTags: [{ type: 'Backup', id: 'LIST' }],
    }),
    /** The running backup's or restore's progress; null when none runs (polled, not tagged). */
    backupProgress: build.query<BackupProgress | null, void>({
      query: () => ({ method: 'GET', url: '/backups/progress', silent: true }),
    }),
  }),
});

export const { useBackupsQuery, useBackupStatusQuery, useBackupProgressQuery } = backupQueries;

/** The events a backup write stands for (`invalidation.ts`): its `invalidatesTags`. */
export const backupEvents = {
  changed: (): DomainEvent[] => [{ type: 'backup.changed' }],
  restored: (): DomainEvent[] => [{ type: 'backup.restored' }],
};

/**
 * The backups' writes. A refused restore still reads the list and the schedule again: the
 * refusal (another operation running, a file that does not match) may mean they moved on.
 */
export const backupWrites = backupQueries.injectEndpoints({
  endpoints: (build) => ({
    createBackup: build.mutation<BackupItem, void>({
      query: () => ({ method: 'POST', url: '/backups', data: {} }),
      invalidatesTags: invalidatesOn(backupEvents.changed),
    }),
    deleteBackup: build.mutation<true, { id: string }>({
      query: ({ id }) => ({ method: 'DELETE', url: `/backups/${id}` }),
      invalidatesTags: invalidatesOn(backupEvents.changed),
    }),
    /** Silent: the page shows why a restore was refused beside the list. */
    restoreBackup: build.mutation<RestoreResult, { id: string }>({
      query: ({ id }) => ({
        method: 'POST',
        url: `/backups/${id}/restore`,
        data: { confirm: true },
        silent: true,
      }),
      invalidatesTags: invalidatesOn(backupEvents.restored, backupEvents.changed),
    }),
    /** Silent: the page shows why a file was refused beside the list. */
    restoreUpload: build.mutation<RestoreResult, { file: File }>({
      query: ({ file }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { method: 'POST', url: '/backups/restore', data: form, silent: true };
      },
      invalidatesTags: invalidatesOn(backupEvents.restored, backupEvents.changed),
    }),
  }),
});

export const {
  useCreateBackupMutation,
  useDeleteBackupMutation,
  useRestoreBackupMutation,
  useRestoreUploadMutation,
} = backupWrites;
