// Issue 26 items 5 and 7 in the browser: the team picked on /guide/allocation is in the address
// (a reload keeps its candidates), a committed plan reopened from `?plan=` says it is committed
// and offers no commit, a drop on a guide who breaks several rules names them all, and in
// English the board's guide rows show their code and level.
// The records live far in the future (days 500+), away from the demo data and allocation.test.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import {
  createGuide,
  createPendingTeam,
  createSpot,
  day,
  type Created,
} from '../support/allocation';

const baseUrl = inject('baseUrl');

describe('the allocation page keeps its state in the address', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);
  let spotId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    spotId = await createSpot(browser.page, stamp, { code: 'AA', name: '地址景点' });
  });
  afterAll(() => browser.close());

  it('a reload keeps the picked team and its candidates', async () => {
    const { page } = browser;
    const team = await createPendingTeam(page, `地址团${stamp}`, 510, 511, spotId);
    await page.goto(`${baseUrl}/guide/allocation?from=${day(510)}&to=${day(511)}`);
    await page.getByTestId(`waiting-${team.code}`).click();
    await page.waitForURL(new RegExp(`[?&]team=${team.code}`));
    const heading = page.getByTestId('candidates').getByText(`${team.code} 的候选导游`);
    await heading.waitFor();
    await page.reload();
    await heading.waitFor();
    expect(await page.getByTestId('candidates-empty').count()).toBe(0);
  });

  it('a committed plan reopened from its address says it is committed and offers no commit', async () => {
    const { page } = browser;
    await createGuide(page, `地址导游${stamp}`, `AA-PLAN-${stamp}`, { level: 'intermediate' });
    const team = await createPendingTeam(page, `地址规划团${stamp}`, 530, 531, spotId);
    await page.goto(`${baseUrl}/guide/allocation?from=${day(530)}&to=${day(531)}`);
    await page.getByTestId(`waiting-${team.code}`).waitFor();
    await page.getByTestId('plan-all').click();
    const preview = page.getByTestId('plan-preview');
    await preview.getByTestId(`plan-row-${team.code}`).waitFor();
    await page.waitForURL(/[?&]plan=\d+/);
    const planUrl = page.url();
    expect(await page.getByTestId('plan-committed').count()).toBe(0);
    await page.getByTestId('plan-commit').click();
    await page.locator('.arco-modal-footer').getByRole('button', { name: '提交' }).click();
    await page.locator('.arco-message', { hasText: '已为 1 个团分配导游' }).waitFor();

    await page.goto(planUrl);
    await preview.getByTestId(`plan-row-${team.code}`).waitFor();
    expect(await page.getByTestId('plan-committed').innerText()).toContain('该方案已提交');
    expect(await page.getByTestId('plan-commit').count()).toBe(0);
  });

  it('a drop on a guide who breaks two rules names both', async () => {
    const { page } = browser;
    // Speaks English only, and is on leave over the team's days.
    const away = await createGuide(page, `双规导游${stamp}`, `AA-TWO-${stamp}`, {
      level: 'intermediate',
      language: 'en',
    });
    await api(page, 'POST', `/guides/${away.id}/unavailability`, {
      type: 'leave',
      startDate: day(549),
      endDate: day(553),
      reason: '年假',
    });
    const team = await createPendingTeam(page, `双规团${stamp}`, 550, 551, spotId);
    await page.goto(`${baseUrl}/guide/allocation?tab=board&from=${day(550)}&to=${day(563)}`);
    const board = page.getByTestId('dispatch-board');
    await board.getByPlaceholder('导游姓名或编号').fill(away.name);
    const row = board.getByTestId(`board-row-${away.code}`);
    await row.waitFor();
    const chip = board.getByTestId(`strip-${team.code}`);
    await chip.click();
    await page.locator(`[data-testid="board-row-${away.code}"][data-greyed="true"]`).waitFor();
    await chip.dragTo(row, { targetPosition: { x: 400, y: 20 } });
    const refusal = page.locator('.arco-message', { hasText: `不能分配 ${away.name}` });
    await refusal.waitFor();
    const text = await refusal.innerText();
    expect(text).toContain('请假');
    expect(text).toContain('语种');
  });

  it('at 1366 px the waiting strip wraps: its last chip is whole', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1366, height: 800 });
    const teams: Created[] = [];
    for (let i = 0; i < 8; i++)
      teams.push(await createPendingTeam(page, `条带团${stamp}${i}`, 590 + i, 591 + i, spotId));
    await page.goto(`${baseUrl}/guide/allocation?tab=board&from=${day(590)}&to=${day(603)}`);
    const strip = page.getByTestId('waiting-strip');
    const last = strip.getByTestId(`strip-${teams[teams.length - 1]!.code}`);
    await last.waitFor();
    const [chip, box] = await Promise.all([last.boundingBox(), strip.boundingBox()]);
    expect(chip!.x + chip!.width).toBeLessThanOrEqual(box!.x + box!.width);
  });

  it('in English at 1366 px the board rows show each guide’s code and level whole, the waiting table its status', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.evaluate((key) => localStorage.setItem(key, 'en-US'), LOCALE_STORAGE_KEY);
    const guide = await createGuide(page, `英文看板导游${stamp}`, `AA-EN-${stamp}`, {
      level: 'intermediate',
    });
    await page.goto(`${baseUrl}/guide/allocation?tab=board&from=${day(570)}&to=${day(583)}`);
    const board = page.getByTestId('dispatch-board');
    await board.getByPlaceholder('Guide name or code').fill(guide.name);
    const meta = board.getByTestId(`board-guide-meta-${guide.code}`);
    await meta.waitFor();
    expect(await meta.innerText()).toBe(`${guide.code} · Intermediate`);
    const cut = await meta.evaluate((el) => el.scrollWidth > el.clientWidth + 0.5);
    expect(cut).toBe(false);

    // The waiting teams' table fits its half of the page: the status shows, nothing scrolls away.
    const team = await createPendingTeam(page, `英文等待团${stamp}`, 570, 572, spotId);
    await page.goto(`${baseUrl}/guide/allocation?from=${day(570)}&to=${day(572)}`);
    const status = page.getByTestId(`waiting-status-${team.code}`);
    await status.waitFor();
    expect(await status.innerText()).toContain('Waiting for a guide');
    // The last column (the itinerary) ends inside the table's box (borders aside): before, it
    // ran a hundred pixels past it, behind a scroll.
    const overflow = await page
      .getByTestId('waiting-teams')
      .locator('thead th')
      .last()
      .evaluate((th) => {
        const box = th.closest('.arco-table')!.getBoundingClientRect();
        return th.getBoundingClientRect().right - box.right;
      });
    expect(overflow).toBeLessThanOrEqual(4);
    await page.evaluate((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_STORAGE_KEY);
  });
});
