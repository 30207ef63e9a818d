// Issue 26 item 16: a long import shows its progress, not a spinner. A sheet of 10 000 rows
// (refused on its last row, so nothing is written and no other test sees it) is uploaded from
// the scenic and guide lists; while it runs the dialog shows a named bar with the phase and the
// rows, never at 100 %, and the report replaces it when the import answers. Scenic in Chinese
// and the light theme, guides in English and the dark theme.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import {
  progressFramesSeen,
  recordProgressFrames,
  type ProgressFrame,
} from '../support/progressFrames';
import { useThemeAndLocale } from '../support/settings';

const baseUrl = inject('baseUrl');
const ROWS = 10_000;
/** Screenshots of a frame, for a person to look at (IMPORT_PROGRESS_SHOTS=<dir>). */
const shots = process.env.IMPORT_PROGRESS_SHOTS;

/** Writes a CSV of `rows` rows and returns its path. */
function csvFile(name: string, header: string, rows: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-progress-')), name);
  fs.writeFileSync(file, [header, ...rows].join('\n'));
  return file;
}

async function importAndWatch(page: Page, file: string, shot: string): Promise<ProgressFrame[]> {
  await page.getByTestId('search-table-import').click();
  await page.getByTestId('import-modal').waitFor();
  await recordProgressFrames(page, { progress: 'import-progress', text: 'import-progress-text' });
  await page.getByTestId('import-file').setInputFiles(file);
  const progress = page.getByTestId('import-progress');
  await progress.waitFor();
  if (shots) {
    // A frame with rows when one comes (PostgreSQL; PGlite answers no poll while it checks and
    // writes), else the report.
    await page.waitForSelector(
      '[data-testid=import-progress]:is([data-phase=check], [data-phase=write]), [data-testid=import-report]',
      { timeout: 110_000 },
    );
    await page
      .locator('.arco-modal', { has: page.getByTestId('import-modal') })
      .screenshot({ path: path.join(shots, shot) });
  }
  await page.getByTestId('import-report').waitFor({ timeout: 110_000 });
  expect(await progress.count()).toBe(0);
  const frames = await progressFramesSeen(page);
  if (shots) fs.writeFileSync(path.join(shots, `${shot}.frames.json`), JSON.stringify(frames));
  return frames;
}

function expectHonest(frames: ProgressFrame[], name: RegExp) {
  expect(frames.length).toBeGreaterThan(0);
  for (const f of frames) {
    expect(f.percent).toBeGreaterThanOrEqual(0);
    // Refused on its last row: never shown as done.
    expect(f.percent).toBeLessThan(100);
    expect(f.name).toMatch(name);
    expect(f.text.length).toBeGreaterThan(0);
  }
  // The phases come in turn (upload, read, check; a refused file is never written).
  const order = ['upload', 'read', 'check', 'write'];
  const phases = frames.map((f) => order.indexOf(f.phase));
  expect(phases.every((p) => p >= 0)).toBe(true);
  expect(phases).toEqual([...phases].sort((a, b) => a - b));
  expect(frames.some((f) => f.phase === 'write')).toBe(false);
}

describe('import progress', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('shows a scenic import’s phase and rows while it runs (中文, light)', async () => {
    const { page } = browser;
    await useThemeAndLocale(page, 'light', 'zh-CN');
    await page.goto(`${baseUrl}/scenic/list`);
    await page.getByTestId('search-table-scenic-spots').waitFor();
    const header =
      'code,name,grade,category,province,city,latitude,longitude,openTime,closeTime,avgVisitMinutes,dailyCapacity,instantCapacity,maxPaxPerGuide,priceAdult,priceChild';
    const rows = Array.from(
      { length: ROWS },
      (_, i) =>
        `PRG-${i},进度景点${i},AAA,natural,云南,大理,${i === ROWS - 1 ? '95' : '25.6'},100.2,08:00,18:00,120,5000,1500,30,8000,4000`,
    );
    const frames = await importAndWatch(
      page,
      csvFile('spots.csv', header, rows),
      'scenic-zh-light.png',
    );
    expectHonest(frames, /^导入进度：/);
    expect(frames.map((f) => f.text).join('\n')).toMatch(/第 [123]\/3 步：/);
    await page.getByTestId('import-report').getByText('校验未通过，未导入任何数据').waitFor();
  });

  it('shows a guide import’s phase and rows while it runs (English, dark)', async () => {
    const { page } = browser;
    await useThemeAndLocale(page, 'dark', 'en-US');
    await page.goto(`${baseUrl}/guide/list`);
    await page.getByTestId('guide-table').locator('tbody tr').first().waitFor();
    // The export's own columns and first guide, 10 000 times: every copy is refused (the code
    // and licence are taken), so nothing is written.
    const exported = await page.evaluate(async () => {
      const res = await fetch('/api/guides/export?format=csv');
      return res.text();
    });
    const [header, first] = exported.replace(/^\uFEFF/, '').split(/\r?\n/);
    const frames = await importAndWatch(
      page,
      csvFile(
        'guides.csv',
        header!,
        Array.from({ length: ROWS }, () => first!),
      ),
      'guide-en-dark.png',
    );
    expectHonest(frames, /^Import progress: /);
    expect(frames.map((f) => f.text).join('\n')).toMatch(/Step [123] of 3: /);
    await page
      .getByTestId('import-report')
      .getByText('Validation failed; nothing was imported')
      .waitFor();
  });
});
