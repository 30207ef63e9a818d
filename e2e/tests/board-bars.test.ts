// Issue 29 item 4 in the browser: the dispatch board's bars say the team's name and pax, and an
// allocated, an ongoing and a completed team look different by icon, fill and status in words
// (not by colour alone); a month (31 days) shows what a fortnight does not. The ongoing and
// completed teams run around today; their guides are new, so nothing else is on their rows.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { createGuide, createPendingTeam, createSpot, day } from '../support/allocation';

const baseUrl = inject('baseUrl');

async function bookedTeam(
  page: Page,
  name: string,
  from: number,
  to: number,
  spotId: number,
  guideId: number,
  moves: ('ongoing' | 'completed')[] = [],
) {
  const team = await createPendingTeam(page, name, from, to, spotId);
  await api(page, 'POST', `/teams/${team.id}/assignments`, {
    guideId,
    role: 'local_guide',
    from: day(from),
    to: day(to),
  });
  for (const to of moves) {
    const { version } = await api<{ version: number }>(page, 'GET', `/teams/${team.id}`);
    await api(page, 'POST', `/teams/${team.id}/transition`, { to, version });
  }
  return team;
}

describe('the dispatch board tells more', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it("shows each team's name and pax, its status apart without colour, and a month", async () => {
    const { page } = browser;
    const spotId = await createSpot(page, stamp, { code: 'BB', name: '条形景点' });
    const prefix = `条形导游${stamp}`;
    const [a, b, c] = [
      await createGuide(page, `${prefix}甲`, `BB-A-${stamp}`),
      await createGuide(page, `${prefix}乙`, `BB-B-${stamp}`),
      await createGuide(page, `${prefix}丙`, `BB-C-${stamp}`),
    ];
    const done = await bookedTeam(page, `已完团${stamp}`, -1, 0, spotId, a.id, [
      'ongoing',
      'completed',
    ]);
    const running = await bookedTeam(page, `在途团${stamp}`, 0, 1, spotId, b.id, ['ongoing']);
    const coming = await bookedTeam(page, `将出团${stamp}`, 3, 4, spotId, c.id);
    const later = await bookedTeam(page, `月末团${stamp}`, 20, 21, spotId, c.id);

    await page.goto(`${baseUrl}/guide/allocation?tab=board&from=${day(-1)}&to=${day(12)}`);
    const board = page.getByTestId('dispatch-board');
    await board.waitFor();
    await board.getByPlaceholder('导游姓名或编号').fill(prefix);
    const bars = [done, running, coming].map((t) => board.getByTestId(`bar-${t.code}`));
    for (const bar of bars) await bar.waitFor();

    // Name and pax on the bar (createPendingTeam: 10 pax).
    expect(await bars[0].innerText()).toBe(`已完团${stamp} · 10 人`);
    expect(await bars[1].innerText()).toBe(`在途团${stamp} · 10 人`);
    expect(await bars[2].innerText()).toBe(`将出团${stamp} · 10 人`);
    // Status apart by look and in words: a different icon and fill each, the status named.
    expect(await Promise.all(bars.map((b) => b.getAttribute('data-status')))).toEqual([
      'completed',
      'ongoing',
      'allocated',
    ]);
    const icons = await Promise.all(
      bars.map((b) => b.locator('svg').first().getAttribute('class')),
    );
    expect(new Set(icons).size).toBe(3);
    const looks = await Promise.all(
      bars.map((b) =>
        b.evaluate((el) => {
          const s = getComputedStyle(el);
          return `${s.backgroundImage}|${s.borderLeftWidth}`;
        }),
      ),
    );
    expect(new Set(looks).size).toBe(3);
    expect(await bars[0].getAttribute('aria-label')).toContain('已完成');
    expect(await bars[1].getAttribute('aria-label')).toContain('进行中');
    expect(await bars[2].getAttribute('aria-label')).toContain('已分配');
    expect(await bars[2].getAttribute('aria-label')).toContain(coming.code);
    // The legend shows the same three looks and names them.
    const legend = board.getByTestId('board-legend');
    for (const [key, text] of [
      ['completed', '已完成'],
      ['ongoing', '进行中'],
      ['allocated', '已分配'],
    ])
      expect(await legend.getByTestId(`legend-${key}`).innerText()).toBe(text);

    // A month shows the team three weeks ahead, which a fortnight leaves out.
    expect(await board.getByTestId(`bar-${later.code}`).count()).toBe(0);
    await board.getByTestId('board-span').getByText('31 天').click();
    await board.getByTestId(`bar-${later.code}`).waitFor();
    expect(await board.locator('[role=columnheader]').count()).toBe(31);
  });
});
