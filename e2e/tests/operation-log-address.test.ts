// The operation log (issue 26 item 9), as admin in the browser: people's actions by default
// (gate readings flooded it), the machines' a filter away; the filter and the keyset page are
// in the address, so a reload shows the same rows; a spot's row links to its page; a result
// reads in words, not as an HTTP status.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

/** Gate readings through the device endpoint (a key, no session): machine rows of one spot. */
async function gateReadings(page: Page, count: number): Promise<number> {
  return page.evaluate(async (n) => {
    const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const spots = await (await fetch('/api/scenic/spots?pageSize=1')).json();
    const spotId = spots.data.list[0].id as number;
    const created = await (
      await fetch(`/api/scenic/spots/${spotId}/gate-keys`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'e2e 日志闸机' }),
      })
    ).json();
    for (let i = 0; i < n; i++) {
      const res = await fetch(`/api/scenic/spots/${spotId}/flow`, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', 'x-gate-key': created.data.key },
        body: JSON.stringify({
          readings: [{ at: new Date().toISOString(), entries: 1, exits: 0 }],
        }),
      });
      if (res.status !== 200) throw new Error(`gate reading ${res.status}`);
    }
    return spotId;
  }, count);
}

const rowsText = (page: Page) => page.getByTestId('operation-log').locator('tbody').innerText();
const firstId = (page: Page) =>
  page.getByTestId('operation-log').locator('tbody .arco-table-tr').first().locator('td').first();

describe('the operation log in the address', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'admin');
  });
  afterAll(() => browser.close());

  it('shows people by default, machines by filter, and keeps filter and page over a reload', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/system/operation-log`);
    const spotId = await gateReadings(page, 25);
    await page.reload();
    // The admin's own sign-in: a person's row.
    await page.locator('.arco-table-tr', { hasText: 'user.login' }).first().waitFor();
    expect(await rowsText(page)).not.toContain('scenic.flow.ingest');
    // A result in words: no bare HTTP status in the result column.
    expect(await rowsText(page)).toContain('成功');

    await page.getByTestId('log-filter-actor').click();
    await page
      .locator('.arco-select-popup:visible .arco-select-option', { hasText: '设备与系统' })
      .click();
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/actor=machine/);
    await page.locator('.arco-table-tr', { hasText: 'scenic.flow.ingest' }).first().waitFor();
    const link = page.getByTestId('log-entity-link').first();
    expect(await link.getAttribute('href')).toBe(`/scenic/detail/${spotId}`);

    // The older page, then a reload: the same filter, the same rows.
    const newest = await firstId(page).innerText();
    await page.getByRole('button', { name: '较早' }).click();
    await page.waitForURL(/before=\d+/);
    await expect.poll(() => firstId(page).innerText()).not.toBe(newest);
    const url = page.url();
    const id = await firstId(page).innerText();
    await page.reload();
    await page.locator('.arco-table-tr', { hasText: 'scenic.flow.ingest' }).first().waitFor();
    expect(page.url()).toBe(url);
    expect(await firstId(page).innerText()).toBe(id);
    expect(await page.getByTestId('log-filter-actor').innerText()).toContain('设备与系统');
    expect(await rowsText(page)).not.toContain('user.login');

    // Reset: people's again.
    await page.getByRole('button', { name: '重置' }).click();
    await page.waitForURL(/actor=human/);
    expect(page.url()).not.toContain('before=');
    await page.locator('.arco-table-tr', { hasText: 'user.login' }).first().waitFor();
    expect(await rowsText(page)).not.toContain('scenic.flow.ingest');
  });
});
