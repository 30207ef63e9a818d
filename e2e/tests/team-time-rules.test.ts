// The team lifecycle's calendar in the browser (issue 25 defect 5): an allocated team whose
// first day is still ahead shows 开始出团 disabled with the rule's reason on its detail page;
// from the Ongoing list the confirm dialog says why and cannot be confirmed; the server
// answers 409 TEAM_STARTS_LATER to the same move. Its guides can still be changed (allocated is
// assignable). The records live far in the future (days 430+), away from the demo data's teams.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { createGuide, createPendingTeam, createSpot, day } from '../support/allocation';

const baseUrl = inject('baseUrl');

/** A team of the days 430 and 431, its guide booked: allocated, its first day still ahead. */
async function allocatedTeam(page: Page, stamp: string) {
  const spotId = await createSpot(page, stamp, { code: 'TR', name: '时间景点' });
  const guide = await createGuide(page, `时间导游${stamp}`, `TR-${stamp}`);
  const team = await createPendingTeam(page, `时间团${stamp}`, 430, 431, spotId);
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
