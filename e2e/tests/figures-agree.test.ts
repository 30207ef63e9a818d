// Figures agree with lists, in the browser (issue 25, test family; defect 7: 待分配团队 said
// 13 and the list it led to showed 19). Every link on the workplace and the analysis pages is
// enumerated from the page as drawn: a figure link (`data-figure`) must be one of LINKED_FIGURES,
// and clicking it must open a list whose total, as the list shows it, is the figure's number;
// any other link must be one of NOT_FIGURES (a page, not a count). So a new linked figure, or a
// new link, without its row here fails. The API side, on both databases:
// server/src/modules/dashboard/figures-agree.test.ts.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { day } from '../support/allocation';

const baseUrl = inject('baseUrl');

/** Where the workplace's screenshot goes (for the report), beside the test's other output. */
export const SCREENSHOT = path.join(
  process.env.E2E_SCREENSHOT_DIR ?? os.tmpdir(),
  'workplace-figures.png',
);

/** The workplace's figures that open a list, and the list page each opens. */
const LINKED_FIGURES: Record<string, RegExp> = {
  ongoing: /^\/team\/ongoing\?/,
  waiting: /^\/team\/waiting\?/,
  waitingSoon: /^\/team\/waiting\?/,
  drafts: /^\/team\/waiting\?/,
};

/** Links that are not figures: where they sit (a card's test id) and where they may go. */
const NOT_FIGURES: { within: string; href: RegExp; why: string }[] = [
  { within: 'popular-spots', href: /^\/scenic\/detail\/\d+$/, why: 'a spot, not a count' },
  { within: 'announcements', href: /^\/messages$/, why: 'the message box, no number shown' },
  { within: 'recent-visits', href: /^\/[a-z]/, why: 'pages the user visited' },
];

/** Every link drawn inside `root`: its href, figure name and the card it sits in. */
async function linksOf(root: Locator) {
  return root.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((a) => ({
      href: a.getAttribute('href') ?? '',
      figure: a.getAttribute('data-figure'),
      card: a.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
    })),
  );
}

/** The number a figure link shows: its statistic, or the number marked inside its sentence. */
async function shownFigure(link: Locator): Promise<number> {
  const marked = link.locator('.arco-statistic-value, [data-figure-value]').first();
  const text = await marked.innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The total a search-table list shows under its table (共 N 条); an empty list shows none. */
async function shownTotal(page: Page): Promise<number> {
  const table = page.locator('[data-section-page] .arco-table').first();
  await table.waitFor();
  const total = table.locator('.arco-pagination-total-text');
  if ((await total.count()) === 0) return (await table.locator('.arco-empty').count()) ? 0 : -1;
  return Number((await total.first().innerText()).replace(/[^\d]/g, ''));
}

describe('figures agree with lists', () => {
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('pageerror', (e) => errors.push(e.message));
    await login(browser.page, baseUrl, 'operator');
    // A draft, and a team waiting for a guide within two days: every figure counts something.
    const page = browser.page;
    const spot = (
      await api<{ list: { id: number; certifiedGuidesOnly: boolean }[] }>(
        page,
        'GET',
        '/scenic/spots?pageSize=100',
      )
    ).list.find((s) => !s.certifiedGuidesOnly)!;
    for (const [name, submit] of [
      ['看板草稿团', false],
      ['看板待分配团', true],
    ] as const) {
      const team = await api<{ id: number; version: number }>(page, 'POST', '/teams', {
        name,
        agency: 'cits',
        market: 'domestic',
        paxAdults: 2,
        language: 'zh',
        leadContactName: '李四',
        leadContactPhone: '13812345678',
        startDate: day(1),
        endDate: day(1),
      });
      if (!submit) continue;
      const planned = await api<{ team: { version: number } }>(
        page,
        'PUT',
        `/teams/${team.id}/itinerary`,
        {
          items: [{ date: day(1), spotId: spot.id, plannedStart: '09:00', plannedEnd: '11:00' }],
          confirmCapacityWarning: true,
          version: team.version,
        },
      );
      await api(page, 'POST', `/teams/${team.id}/transition`, {
        to: 'pending',
        version: planned.team.version,
      });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('every link of the workplace is a listed figure or a listed page, and each figure is its list’s total', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl}/dashboard/workplace`);
    const workplace = page.getByTestId('workplace');
    await page.getByTestId('figure-waiting').waitFor();
    await page.getByTestId('chart-market-share').locator('svg').waitFor();
    await page.waitForTimeout(1200); // the ring's entry animation
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    const links = await linksOf(workplace);
    const figures = links.filter((l) => l.figure !== null);
    for (const l of links.filter((l) => l.figure === null)) {
      const known = NOT_FIGURES.find((n) => n.within === l.card && n.href.test(l.href));
      expect(known, `a link without a row in this test: ${JSON.stringify(l)}`).toBeDefined();
    }
    // Every linked figure of the table is on the page, once, and nothing else is.
    expect(figures.map((f) => f.figure).sort()).toEqual(Object.keys(LINKED_FIGURES).sort());

    for (const { figure, href } of figures) {
      expect(href, figure!).toMatch(LINKED_FIGURES[figure!]);
      await page.goto(`${baseUrl}/dashboard/workplace`);
      const link = workplace.locator(`a[data-figure="${figure}"]`);
      const shown = await shownFigure(link);
      expect(shown, `${figure} counts the teams written above`).toBeGreaterThan(0);
      const listed = page.waitForResponse(
        (r) => r.url().includes('/api/teams?') && r.request().method() === 'GET',
      );
      await link.click();
      const target = new URL(href, baseUrl);
      await page.waitForURL((url) => url.pathname === target.pathname);
      // The list asked with the link's filter, and shows the figure's number as its total.
      const response = await listed;
      const asked = new URL(response.url()).searchParams;
      for (const [key, value] of target.searchParams) expect(asked.get(key), key).toBe(value);
      const answer = (await response.json()) as { data: { total: number } };
      expect(answer.data.total, `${figure} → ${href}`).toBe(shown);
      await expect.poll(() => shownTotal(page), { timeout: 5000 }).toBe(shown);
    }
    expect(errors).toEqual([]);
  });

  it('the quick operations are pages, not figures', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl}/dashboard/workplace`);
    const quick = page.getByTestId('quick-operations');
    await quick.waitFor();
    // Buttons, no numbers: none of them claims a count a list must match.
    expect(await quick.locator('[data-figure]').count()).toBe(0);
    expect(await quick.locator('a[href]').count()).toBe(0);
  });

  it.each([
    ['/dashboard/analysis', 'analysis-page'],
    ['/dashboard/multi-analysis', 'multi-analysis-page'],
  ])('%s has no linked figure this test does not follow', async (route, testId) => {
    const page = browser.page;
    await page.goto(`${baseUrl}${route}`);
    const root = page.getByTestId(testId);
    await root.waitFor();
    await root.locator('canvas, svg').first().waitFor();
    // The analyses' figures link nowhere today; one that does must join LINKED_FIGURES.
    expect(await linksOf(root)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a guide profile shows the teams and feedback its figures count', async () => {
    const page = browser.page;
    type Figures = { teamsLed: number; averageRating: number | null };
    type Listed = { id: number; figures: Figures };
    // Every page, oldest first: the guides other tests added come last and led no team.
    let led: Listed | undefined;
    for (let current = 1; !led; current++) {
      const guides = await api<{ list: Listed[]; total: number }>(
        page,
        'GET',
        `/guides?pageSize=100&current=${current}&sortField=createdAt&sortOrder=ascend`,
      );
      led = guides.list.find((g) => g.figures.teamsLed > 0 && g.figures.averageRating);
      if (current * 100 >= guides.total) break;
    }
    expect(led, 'the demo data has a guide who led a rated team').toBeDefined();
    await page.goto(`${baseUrl}/guide/profile/${led!.id}`);
    const teams = page.getByTestId('guide-teams-led');
    const feedback = page.getByTestId('guide-feedback');
    await teams.locator('.arco-table-tr a').first().waitFor();
    await feedback.locator('.arco-table-tr a').first().waitFor();
    const value = async (testId: string) =>
      Number((await page.getByTestId(testId).locator('.arco-statistic-value').innerText()).trim());
    expect(await value('figure-teams-led')).toBe(led!.figures.teamsLed);
    expect(await value('figure-average-rating')).toBe(led!.figures.averageRating);
    // Rows on the first page: the figure's count, five at most; never the empty state beside it.
    expect(await teams.locator('tbody .arco-table-tr').count()).toBe(
      Math.min(5, led!.figures.teamsLed),
    );
    expect(await teams.locator('.arco-empty').count()).toBe(0);
    await teams.scrollIntoViewIfNeeded();
    await page.screenshot({ path: SCREENSHOT.replace('workplace-figures', 'guide-profile') });
    expect(await feedback.locator('.arco-empty').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
