// Backup and restore in the browser (issue #15 point 6): an admin takes a backup, a scenic
// spot is deleted, the admin restores the backup from the list (confirming what will happen)
// and the spot is back; the admin stays signed in.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

/** Calls the API from inside the signed-in page; returns the status and the envelope. */
const api = (page: Page, method: string, url: string) =>
  page.evaluate(
    async ({ method, url }) => {
      const res = await fetch(url, {
        method,
        credentials: 'include',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    },
    { method, url },
  );

describe('backup and restore as an admin', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('backs up, a change is made, the restore in the page undoes it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/backup-restore`);
    await page.getByTestId('backup-page').waitFor();
    const rows = page.locator('[data-testid=backup-table] tbody tr.arco-table-tr');
    const countBefore = await api(page, 'GET', '/api/backups?pageSize=1');
    const totalBefore = (countBefore.body.data as { total: number }).total;

    await page.getByTestId('backup-create').click();
    await page.locator('.arco-message-success').first().waitFor();
    await expect
      .poll(
        async () =>
          ((await api(page, 'GET', '/api/backups?pageSize=1')).body.data as { total: number })
            .total,
      )
      .toBe(totalBefore + 1);
    await rows.first().waitFor();

    // The change: a scenic spot deleted after the backup (one no team plans to visit: a
    // planned one cannot be deleted).
    const spots = await api(page, 'GET', '/api/scenic/spots?pageSize=100');
    let spotId = 0;
    for (const { id } of (spots.body.data as { list: { id: number }[] }).list) {
      if ((await api(page, 'DELETE', `/api/scenic/spots/${id}`)).status === 200) {
        spotId = id;
        break;
      }
    }
    expect(spotId).toBeGreaterThan(0);
    expect((await api(page, 'GET', `/api/scenic/spots/${spotId}`)).status).toBe(404);

    // Restore the newest backup from the list: the confirmation says what will happen.
    await rows.first().getByTestId('backup-restore').click();
    const confirm = page.getByTestId('backup-restore-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toMatch(/替换|replaced/);
    await page.locator('.arco-modal-footer .arco-btn-status-danger').click();
    await page.locator('.arco-message-success').last().waitFor({ timeout: 120_000 });
    // The page reloads itself after a restore.
    await page.waitForEvent('load', { timeout: 30_000 });
    await page.getByTestId('backup-page').waitFor();

    expect((await api(page, 'GET', `/api/scenic/spots/${spotId}`)).status).toBe(200);
    // The restorer is still signed in, and the automatic pre-restore backup is listed.
    expect((await api(page, 'GET', '/api/user/info')).status).toBe(200);
    const list = (await api(page, 'GET', '/api/backups?pageSize=100')).body.data as {
      list: { kind: string }[];
    };
    expect(list.list.map((b) => b.kind)).toContain('pre-restore');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
  });

  it('shows the downloaded file’s SHA-256 (issue 25 point 11)', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/backup-restore`);
    const shown = page.locator('[data-testid=backup-table] tbody tr.arco-table-tr').first();
    await shown.waitFor();
    const sha = await shown.getByTestId('backup-file-sha256').getAttribute('data-sha256');
    const href = await shown.locator('a[download]').first().getAttribute('href');
    // sha256 of the bytes the download link gives, computed in the page.
    const downloaded = await page.evaluate(async (url) => {
      const bytes = await (await fetch(url!, { credentials: 'include' })).arrayBuffer();
      const digest = await crypto.subtle.digest('SHA-256', bytes);
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    }, href);
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(downloaded).toBe(sha);
  });

  it('refuses a file that is not a backup and says so, changing nothing', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/backup-restore`);
    await page.getByTestId('backup-page').waitFor();
    await page.getByTestId('backup-file').setInputFiles({
      name: 'not-a-backup.ndjson.gz',
      mimeType: 'application/gzip',
      buffer: Buffer.from('this is not a backup'),
    });
    await page.getByTestId('backup-restore-confirm').waitFor();
    expect(await page.getByTestId('backup-restore-confirm').innerText()).toContain(
      'not-a-backup.ndjson.gz',
    );
    await page.locator('.arco-modal-footer .arco-btn-status-danger').click();
    const refusal = page.getByTestId('backup-refusal');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/不是本系统的备份|not a backup of this console/);
    expect((await api(page, 'GET', '/api/user/info')).status).toBe(200);
  });
});

describe('backup and restore as a user (issue 25 point 14)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it('shows why the page has nothing to do for this role: no buttons, no error', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/backup-restore`);
    await page.getByTestId('backup-read-only').waitFor();
    expect(await page.getByTestId('backup-read-only').innerText()).toMatch(
      /仅供拥有“备份与恢复”权限的管理员使用|for administrators with the backup permission/,
    );
    expect(await page.getByTestId('backup-create').count()).toBe(0);
    expect(await page.getByTestId('backup-upload').count()).toBe(0);
    expect(await page.locator('.arco-result-error, .arco-alert-warning').count()).toBe(0);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/backups-as-user.png` });
    }
    await page.goto(`${baseUrl}/system/operation-log`);
    await page.getByTestId('operation-log-read-only').waitFor();
    expect(await page.getByText(/校验哈希链|Verify hash chain/).count()).toBe(0);
    expect(await page.getByText(/导出 CSV|Export CSV/).count()).toBe(0);
  });
});
