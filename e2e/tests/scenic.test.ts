// Scenic section (issue #6): an operator creates and edits a spot and a maintenance window;
// a `user` sees no create button and is sent away from maintenance; importing a file with one
// bad row shows the report and imports nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');

/** Fills an input of the spot form's field. */
const fill = (page: Page, field: string, value: string) =>
  page.getByTestId(`field-${field}`).locator('input, textarea').first().fill(value);

async function choose(page: Page, field: string, text: string) {
  await page.getByTestId(`field-${field}`).locator('.arco-select-view').click();
  await page
    .locator('.arco-select-popup:visible .arco-select-option', { hasText: text })
    .first()
    .click();
}

/** Total of spots the list endpoint reports, asked from inside the signed-in page. */
const spotTotal = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/scenic/spots?pageSize=1', { credentials: 'include' });
    return ((await res.json()) as { data: { total: number } }).data.total;
  });

describe('scenic section as an operator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('creates a spot, edits it, and adds a maintenance window', async () => {
    const { page } = browser;
    const code = `E2E-${Date.now().toString(36)}`;
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-scenic-spots').waitFor();
    await page.getByTestId('search-table-create').click();
    await page.waitForURL(/\/scenic\/maintenance\?new=1/);
    await page.getByTestId('spot-form').waitFor();

    await fill(page, 'code', code);
    await fill(page, 'name', '端到端景点');
    await choose(page, 'grade', 'AAAA');
    await choose(page, 'category', '自然风光');
    await fill(page, 'province', '浙江');
    await fill(page, 'city', '杭州');
    await fill(page, 'latitude', '30.25');
    await fill(page, 'longitude', '120.15');
    await fill(page, 'dailyCapacity', '1000');
    // Instantaneous above daily: the contract's rule shows on the field, nothing is saved.
    await fill(page, 'instantCapacity', '2000');
    await page.getByTestId('spot-save').click();
    await page
      .getByTestId('field-instantCapacity')
      .getByText('瞬时承载量不能大于日承载量')
      .waitFor();
    expect(page.url()).toContain('new=1');

    await fill(page, 'instantCapacity', '400');
    await page.getByTestId('spot-save').click();
    await page.waitForURL(/\/scenic\/maintenance\?id=\d+/);
    await page.getByTestId('windows-card').waitFor();

    await fill(page, 'name', '端到端景点（已改）');
    await page.getByTestId('spot-save').click();
    await page.locator('.arco-message', { hasText: '已保存' }).waitFor();

    await page.getByTestId('window-add').click();
    const modal = page.locator('.arco-modal', { has: page.getByTestId('window-form') });
    await modal.waitFor();
    const range = modal.locator('.arco-picker input');
    await range.nth(0).click();
    await range.nth(0).fill('2030-05-01 08:00');
    await range.nth(1).click();
    await range.nth(1).fill('2030-05-03 18:00');
    await range.nth(1).press('Enter');
    const ok = page.locator('.arco-picker-container:visible .arco-btn', { hasText: '确定' });
    if (await ok.isVisible()) await ok.click();
    await modal.locator('textarea').fill('步道翻修');
    await modal.locator('.arco-input-number input').fill('300');
    await modal.locator('.arco-modal-footer .arco-btn-primary').click();
    await page.getByTestId('windows-card').getByText('步道翻修').waitFor();

    // Edit the window's capacity.
    await page.getByTestId('windows-card').getByRole('button', { name: '编辑' }).first().click();
    await modal.waitFor();
    await modal.locator('.arco-input-number input').fill('0');
    await modal.locator('.arco-modal-footer .arco-btn-primary').click();
    await page.locator('.arco-message', { hasText: '已保存' }).last().waitFor();
    const row = page.getByTestId('windows-card').locator('tr', { hasText: '步道翻修' });
    await expect.poll(async () => (await row.locator('td').nth(3).textContent())?.trim()).toBe('0');

    // The list finds the renamed spot.
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-filter').locator('input').first().fill(code);
    await page.getByTestId('search-table-filter').locator('input').first().press('Enter');
    await page
      .getByTestId('search-table-scenic-spots')
      .getByText('端到端景点（已改）')
      .first()
      .waitFor();
  });

  it('imports nothing from a file with one bad row and shows the report', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-scenic-spots').waitFor();
    const before = await spotTotal(page);
    const header =
      'code,name,grade,category,province,city,latitude,longitude,openTime,closeTime,avgVisitMinutes,dailyCapacity,instantCapacity,maxPaxPerGuide,priceAdult,priceChild';
    const row = (code: string, lat: string) =>
      `${code},导入景点${code},AAA,natural,云南,大理,${lat},100.2,08:00,18:00,120,5000,1500,30,8000,4000`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-e2e-')), 'spots.csv');
    fs.writeFileSync(
      file,
      [header, row('IMP-E2E-1', '25.6'), row('IMP-E2E-2', '95'), row('IMP-E2E-3', '25.7')].join(
        '\n',
      ),
    );

    await page.getByTestId('search-table-import').click();
    await page.getByTestId('import-modal').waitFor();
    await page.getByTestId('import-file').setInputFiles(file);
    const report = page.getByTestId('import-report');
    await report.waitFor();
    await report.getByText('校验未通过，未导入任何数据').waitFor();
    const cells = await report.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.map((c) => c.trim())).toEqual(['3', 'latitude', '不能大于 90', '95']);
    expect(await spotTotal(page)).toBe(before);
  });
});

describe('scenic section as a user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it('shows the list and the cards without create or import, and keeps the user out of maintenance', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-scenic-spots').locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('search-table-create').count()).toBe(0);
    expect(await page.getByTestId('search-table-import').count()).toBe(0);
    await page.getByTestId('search-table-view').getByText('卡片').click();
    await page.getByTestId('spot-cards').waitFor();

    await page.goto(`${baseUrl}/scenic/maintenance`);
    await page.waitForURL((url) => !url.pathname.startsWith('/scenic/maintenance'));
    expect(await page.getByTestId('scenic-maintenance').count()).toBe(0);
  });

  it('opens a spot detail with its load charts and the empty teams state', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-scenic-spots').getByText('故宫博物院').first().click();
    await page.waitForURL(/\/scenic\/detail\/\d+/);
    await page.getByTestId('detail-load').waitFor();
    await page.getByTestId('chart-month').locator('svg').waitFor();
    await page.getByTestId('detail-teams').getByText('暂无团队计划游览该景点').waitFor();
  });
});
