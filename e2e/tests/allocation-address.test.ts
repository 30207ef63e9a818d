// Issue 26 items 5 and 7 in the browser: the team picked on /guide/allocation is in the address
// (a reload keeps its candidates), a committed plan reopened from `?plan=` says it is committed
// and offers no commit, a drop on a guide who breaks several rules names them all, and in
// English the board's guide rows show their code and level.
// The records live far in the future (days 500+), away from the demo data and allocation.test.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';

const baseUrl = inject('baseUrl');

const pad = (n: number) => String(n).padStart(2, '0');
/** A calendar day in the operation's time zone (Asia/Shanghai), `offset` days from today. */
const day = (offset: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

interface Created {
  id: number;
  code: string;
  name: string;
}

async function createSpot(page: Page, stamp: string): Promise<number> {
  const spot = await api<{ id: number }>(page, 'POST', '/scenic/spots', {
    code: `AA${stamp}`,
    name: `地址景点${stamp}`,
    grade: 'AAAA',
    category: 'natural',
    province: '浙江省',
    city: '杭州市',
    latitude: 30.25,
    longitude: 120.15,
    openTime: '08:00',
    closeTime: '18:00',
    avgVisitMinutes: 120,
    dailyCapacity: 10_000,
    instantCapacity: 5_000,
    maxPaxPerGuide: 100,
    priceAdult: 0,
    priceChild: 0,
  });
  return spot.id;
}

async function createGuide(
  page: Page,
  name: string,
  licence: string,
  language = 'zh',
): Promise<Created> {
  const g = await api<{ id: number; code: string }>(page, 'POST', '/guides', {
    name,
    gender: 'female',
    birthDate: '1988-03-02',
    phone: '13900001234',
    employmentType: 'staff',
    licenceNo: licence,
    licenceType: 'national',
    level: 'intermediate',
    levelObtainedOn: '2015-06-01',
    licenceExpiry: day(900),
    maxGroupSize: 100,
    languages: [{ language, proficiency: 'native' }],
    specialties: [],
    certifications: [],
  });
  return { id: g.id, code: g.code, name };
}

async function createPendingTeam(
  page: Page,
  name: string,
  start: number,
  end: number,
  spotId: number,
): Promise<Created> {
  const team = await api<{ id: number; code: string; version: number }>(page, 'POST', '/teams', {
    name,
    agency: 'cts',
    market: 'domestic',
    paxAdults: 10,
    language: 'zh',
    leadContactName: '王领队',
    leadContactPhone: '13812345678',
    startDate: day(start),
    endDate: day(end),
  });
  const days = Array.from({ length: end - start + 1 }, (_, i) => day(start + i));
  const saved = await api<{ team: { version: number } }>(
    page,
    'PUT',
    `/teams/${team.id}/itinerary`,
    {
      items: days.map((date) => ({ date, spotId, plannedStart: '09:00', plannedEnd: '11:00' })),
      confirmCapacityWarning: true,
      version: team.version,
    },
  );
  await api(page, 'POST', `/teams/${team.id}/transition`, {
    to: 'pending',
    version: saved.team.version,
  });
  return { id: team.id, code: team.code, name };
}

describe('the allocation page keeps its state in the address', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);
  let spotId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    spotId = await createSpot(browser.page, stamp);
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
    await createGuide(page, `地址导游${stamp}`, `AA-PLAN-${stamp}`);
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
    const away = await createGuide(page, `双规导游${stamp}`, `AA-TWO-${stamp}`, 'en');
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
    const guide = await createGuide(page, `英文看板导游${stamp}`, `AA-EN-${stamp}`);
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
