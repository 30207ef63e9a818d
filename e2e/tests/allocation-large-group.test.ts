// Large groups get several guides (issue 29 item 1): a team larger than any guide may lead
// shows on the candidates how many guides it still needs; the operator assigns a first guide
// (the team stays waiting, the count goes down) and a second for the same days, and the team
// is allocated once their capacities cover its pax. Records far in the future (days 440+).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { createGuide, createPendingTeam, createSpot, day } from '../support/allocation';

const baseUrl = inject('baseUrl');

describe('a large group on the candidates page', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('says how many guides are still needed and takes a second guide for the same days', async () => {
    const { page } = browser;
    // The spot lets a guide lead 100 at most: 150 pax need two guides.
    const spotId = await createSpot(page, stamp);
    const prefix = `大团导游${stamp}`;
    const first = await createGuide(page, `${prefix}甲`, `AL-BIG1-${stamp}`);
    const second = await createGuide(page, `${prefix}乙`, `AL-BIG2-${stamp}`);
    const team = await createPendingTeam(page, `大团${stamp}`, 440, 441, spotId, 150);

    await page.goto(`${baseUrl}/guide/allocation?from=${day(440)}&to=${day(441)}`);
    await page.getByTestId(`waiting-${team.code}`).click();
    const panel = page.getByTestId('candidates');
    const needed = panel.getByTestId('candidates-still-needed');
    await needed.waitFor();
    expect(await needed.innerText()).toContain('还需 2 名导游');
    await panel.getByPlaceholder('导游姓名或编号').fill(prefix);

    await panel
      .getByTestId(`candidate-${first.code}`)
      .getByRole('button', { name: '分配' })
      .click();
    await page
      .locator('.arco-message', { hasText: `已将 ${first.name} 分配给团 ${team.code}` })
      .waitFor();
    // Still waiting, one guide short: the list stays on the team.
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="candidates-still-needed"]')
        ?.textContent?.includes('还需 1 名导游'),
    );
    expect(await page.getByTestId(`waiting-${team.code}`).count()).toBe(1);

    await panel
      .getByTestId(`candidate-${second.code}`)
      .getByRole('button', { name: '分配' })
      .click();
    await page
      .locator('.arco-message', { hasText: `已将 ${second.name} 分配给团 ${team.code}` })
      .waitFor();
    // Covered: the team is allocated and leaves the waiting list.
    await page.getByTestId(`waiting-${team.code}`).waitFor({ state: 'detached' });
    const detail = await api<{ status: string; assignments: { guideId: number }[] }>(
      page,
      'GET',
      `/teams/${team.id}`,
    );
    expect(detail.status).toBe('allocated');
    expect(detail.assignments.map((a) => a.guideId).sort()).toEqual([first.id, second.id].sort());
  });
});
