// The team lifecycle's calendar in the browser (issue 25 defect 5): an allocated team whose
// first day is still ahead shows 开始出团 disabled with the rule's reason on its detail page;
// from the Ongoing list the confirm dialog says why and cannot be confirmed; the server
// answers 409 TEAM_STARTS_LATER to the same move. Its guides can still be changed (allocated is
// assignable). The records live far in the future (days 430+), away from the demo data's teams.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';

const baseUrl = inject('baseUrl');

/** A calendar day in the operation's time zone (Asia/Shanghai), `offset` days from today. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

async function allocatedTeam(page: Page, stamp: string) {
  const spot = await api<{ id: number }>(page, 'POST', '/scenic/spots', {
    code: `TR${stamp}`,
    name: `时间景点${stamp}`,
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
  const guide = await api<{ id: number; code: string }>(page, 'POST', '/guides', {
    name: `时间导游${stamp}`,
    gender: 'female',
    birthDate: '1988-03-02',
    phone: '13900001234',
    employmentType: 'staff',
    licenceNo: `TR-${stamp}`,
    licenceType: 'national',
    level: 'senior',
    levelObtainedOn: '2015-06-01',
    licenceExpiry: day(900),
    maxGroupSize: 100,
    languages: [{ language: 'zh', proficiency: 'native' }],
    specialties: [],
    certifications: [],
  });
  const team = await api<{ id: number; code: string; version: number }>(page, 'POST', '/teams', {
    name: `时间团${stamp}`,
    agency: 'cts',
    market: 'domestic',
    paxAdults: 10,
    language: 'zh',
    leadContactName: '王领队',
    leadContactPhone: '13812345678',
    startDate: day(430),
    endDate: day(431),
  });
  const saved = await api<{ team: { version: number } }>(
    page,
    'PUT',
    `/teams/${team.id}/itinerary`,
    {
      items: [day(430), day(431)].map((date) => ({
        date,
        spotId: spot.id,
        plannedStart: '09:00',
        plannedEnd: '11:00',
      })),
      confirmCapacityWarning: true,
      version: team.version,
    },
  );
  await api(page, 'POST', `/teams/${team.id}/transition`, {
    to: 'pending',
    version: saved.team.version,
  });
  const booked = await api<{ status: string }>(page, 'POST', `/teams/${team.id}/assignments`, {
    guideId: guide.id,
    role: 'local_guide',
    from: day(430),
    to: day(431),
  });
  expect(booked.status).toBe('allocated');
  return { id: team.id, code: team.code, guideCode: guide.code };
}

describe('the lifecycle calendar as an operator', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('an allocated team cannot be started before its first day: the page says why', async () => {
    const { page } = browser;
    const team = await allocatedTeam(page, stamp);

    await page.goto(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('team-detail').waitFor();
    const start = page.getByTestId('move-ongoing');
    expect(await start.isDisabled()).toBe(true);
    const reason = page.getByTestId('move-ongoing-reason');
    expect(await reason.innerText()).toContain(`团队 ${day(430)} 才开始`);
    expect(await start.getAttribute('aria-describedby')).toBe('move-ongoing-reason');
    // Cancelling keeps no calendar.
    expect(await page.getByTestId('move-cancelled').isDisabled()).toBe(false);

    // Allocated is assignable: the guides can still be added, replaced and removed.
    await page.getByRole('tab', { name: '导游分配' }).click();
    await page.getByTestId('assignments').waitFor();
    expect(await page.getByTestId('assign-add').count()).toBe(1);
    expect(await page.getByTestId(`replace-${team.guideCode}`).count()).toBe(1);
    expect(await page.getByTestId(`remove-${team.guideCode}`).count()).toBe(1);

    // From the Ongoing list: the confirm dialog names the rule and cannot be confirmed.
    await page.goto(`${baseUrl}/team/ongoing`);
    await page.getByTestId('team-filter-keyword').fill(team.code);
    await page.getByTestId('team-filter-keyword').press('Enter');
    await page.getByTestId(`row-ongoing-${team.code}`).click();
    const modal = page.locator('.arco-modal', { has: page.getByTestId('transition-modal') });
    await modal.waitFor();
    expect(await modal.getByTestId('transition-too-early').innerText()).toContain(day(430));
    expect(await modal.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);

    // The server refuses the same move by itself.
    const detail = await api<{ version: number }>(page, 'GET', `/teams/${team.id}`);
    const refused = await page.request.fetch(`${baseUrl}/api/teams/${team.id}/transition`, {
      method: 'POST',
      data: JSON.stringify({ to: 'ongoing', version: detail.version }),
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-locale': 'en-US',
      },
    });
    expect(refused.status()).toBe(409);
    const body = (await refused.json()) as { error: string; msg: string };
    expect(body.error).toBe('TEAM_STARTS_LATER');
    expect(body.msg).toContain(`The team starts on ${day(430)}`);
  });
});
