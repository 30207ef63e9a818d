// Backup and restore calls (server: server/src/modules/backup/routes.ts).
import { consoleApi, request } from '@console/shared/api';
import type {
  BackupItem,
  BackupProgress,
  BackupStatus,
  Page,
  RestoreResult,
} from '@console/shared';

export type BackupPage = Page<BackupItem> & { current: number; pageSize: number };

export const backupApi = {
  create: () => request<BackupItem>({ method: 'POST', url: '/backups', data: {} }),
  remove: (id: string) => request<true>({ method: 'DELETE', url: `/backups/${id}` }),
  /** Silent: the page shows why a file was refused beside the file. */
  restoreStored: (id: string) =>
    request<RestoreResult>({
      method: 'POST',
      url: `/backups/${id}/restore`,
      data: { confirm: true },
      silent: true,
    }),
  restoreUpload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<RestoreResult>({
      method: 'POST',
      url: '/backups/restore',
      data: form,
      silent: true,
    });
  },
  /** A plain link: the browser streams the file to disk (backups may be large). */
  downloadUrl: (id: string) => `/api/backups/${encodeURIComponent(id)}/download`,
};

export const backupQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<BackupPage, { current: number; pageSize: number }>({
      query: (params) => ({ method: 'GET', url: '/backups', params, silent: true }),
    }),
    backupStatus: build.query<BackupStatus, void>({
      query: () => ({ method: 'GET', url: '/backups/status', silent: true }),
    }),
    /** The running backup's or restore's progress; null when none runs. */
    backupProgress: build.query<BackupProgress | null, void>({
      query: () => ({ method: 'GET', url: '/backups/progress', silent: true }),
    }),
  }),
});

export const { useBackupsQuery, useBackupStatusQuery, useBackupProgressQuery } = backupQueries;
