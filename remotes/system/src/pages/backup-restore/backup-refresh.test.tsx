// Issue 27 item 6: the backup writes are mutations whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses. A backup taken or deleted refetches exactly the
// reads `backup.changed` names — the list, the schedule and the operation log — as the live
// channel would; a restore stands for every record changing (`backup.restored`: every cached
// read); a refused restore says why and reads the list and the schedule again (they may have
// moved on), a refused delete refetches nothing. The real page, store and mutations in jsdom;
// only the server is replaced.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERMISSIONS } from '@console/shared';
import { ERRORS } from '@console/shared/contracts/errors';
import { BACKUP } from '../../test/fixtures';
import { renderSystem } from '../../test/render';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok, refused, writes, type Answer } from '../../test/server';
import { backupWrites } from './api';
import BackupRestorePage from '.';

const BACKUP_READS = ['/audit', '/backups', '/backups/status'];

let answer: Answer = ok(BACKUP);

const system = sectionUnderTest(() => answer);

/** The reads fetched again; not the progress bar's poll while an operation runs. */
const refetched = async (act: () => unknown) =>
  (await system.refetched(act)).filter((url) => url !== '/backups/progress');

async function openPage() {
  renderSystem(<BackupRestorePage />, { store: system.store, permissions: PERMISSIONS });
  await screen.findAllByTestId('backup-file-sha256');
}

/** Confirms the dialog the page opened (restore, delete). */
const confirmDialog = async () => {
  await waitFor(() =>
    expect(document.querySelector('.arco-modal .arco-btn-status-danger')).toBeTruthy(),
  );
  fireEvent.click(document.querySelector('.arco-modal .arco-btn-status-danger') as HTMLElement);
};

describe('the backups page’s writes', () => {
  it('a backup taken refetches the reads backup.changed names, as the live channel would', async () => {
    await openPage();
    const byMutation = await refetched(async () => {
      fireEvent.click(screen.getByTestId('backup-create'));
      expect(await screen.findByText('备份已完成')).toBeTruthy();
    });
    expect(byMutation).toEqual(
      await refetched(asLiveEvent(system.store, { type: 'backup.changed' })),
    );
    expect(byMutation).toEqual(BACKUP_READS);
    expect(writes(system.received, 'post')[0].url).toBe('/backups');
  });

  it('a backup deleted, once confirmed, refetches the same', async () => {
    answer = ok(true);
    await openPage();
    const byMutation = await refetched(async () => {
      fireEvent.click(screen.getByTestId('backup-delete'));
      await confirmDialog();
      expect(await screen.findByText('备份已删除')).toBeTruthy();
    });
    expect(byMutation).toEqual(BACKUP_READS);
    expect(writes(system.received, 'delete')[0].url).toBe(`/backups/${BACKUP.id}`);
  });

  it('a delete refused refetches nothing', async () => {
    answer = refused('CONFLICT');
    await openPage();
    const byMutation = await refetched(async () => {
      fireEvent.click(screen.getByTestId('backup-delete'));
      await confirmDialog();
      await waitFor(() => expect(writes(system.received, 'delete')).toHaveLength(1));
    });
    expect(byMutation).toEqual([]);
  });

  it('a restore refused says why beside the list and reads the list and schedule again', async () => {
    answer = refused('CONFLICT');
    await openPage();
    const byMutation = await refetched(async () => {
      fireEvent.click(screen.getByTestId('backup-restore'));
      await screen.findByTestId('backup-restore-confirm');
      await confirmDialog();
      expect((await screen.findByTestId('backup-refusal')).textContent).toContain(
        ERRORS.CONFLICT.msg['zh-CN'],
      );
    });
    expect(byMutation).toEqual(BACKUP_READS);
    expect(writes(system.received, 'post')[0]).toMatchObject({
      url: `/backups/${BACKUP.id}/restore`,
      body: { confirm: true },
    });
  });

  it('a restore refetches every cached read (backup.restored)', async () => {
    answer = ok({ restored: { ...BACKUP }, preRestoreBackupId: 'b-pre' });
    const byMutation = await refetched(() =>
      system.store
        .dispatch(backupWrites.endpoints.restoreBackup.initiate({ id: BACKUP.id }))
        .unwrap(),
    );
    expect(byMutation).toEqual(
      await refetched(asLiveEvent(system.store, { type: 'backup.restored' })),
    );
    expect(byMutation).toEqual([
      '/audit',
      '/backups',
      '/backups/status',
      '/properties/categories/language/items',
      '/system-config',
      '/system/roles',
      '/system/users',
      '/system/users/10/sessions',
      '/system/users/9/sessions',
    ]);
  });
});
