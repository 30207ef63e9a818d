// Team section (issue #13, "Pages"): an operator creates a team through the step form,
// confirms a capacity warning on its itinerary, submits it, assigns a guide found by search
// and sees the team move from Waiting to Ongoing; a stale edit in two tabs shows the conflict;
// a `user` sees no write buttons.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { day } from '../support/allocation';

const baseUrl = inject('baseUrl');

/** The form item of `field` (Arco names its label `for="<field>_input"`). */
const formItem = (scope: Locator, field: string) =>
  scope
    .locator('.arco-form-item')
    .filter({ has: scope.page().locator(`label[for="${field}_input"]`) })
    .first();

/** Opens the Arco select in `scope` and chooses the option with `text`. */
async function choose(page: Page, scope: Locator, text: string) {
  await scope.locator('.arco-select-view').first().click();
  await page
    .locator('.arco-select-popup:visible .arco-select-option', { hasText: text })
    .first()
    .click();
}

async function pickDate(scope: Locator, value: string) {
  const input = scope.locator('.arco-picker input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('team section as an operator', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);
  const spot = { name: `端到端景点${stamp}`, code: `E2E${stamp}`, id: 0 };
  const guide = { name: `团测导游${stamp}`, code: '', id: 0 };
  const teamName = `端到端团${stamp}`;
  let teamId = 0;
  let teamCode = '';

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    // A spot of 100 places a day: a team of 85 reaches the 80 % warning, stays under 100 %.
    const created = await api<{ id: number }>(browser.page, 'POST', '/scenic/spots', {
      code: spot.code,
      name: spot.name,
      grade: 'AAAA',
      category: 'natural',
      province: '浙江省',
      city: '杭州市',
      latitude: 30.25,
      longitude: 120.15,
      openTime: '08:00',
      closeTime: '18:00',
      avgVisitMinutes: 120,
      dailyCapacity: 100,
      instantCapacity: 60,
      maxPaxPerGuide: 100,
      priceAdult: 0,
      priceChild: 0,
    });
    spot.id = created.id;
    // A guide every rule admits for that team: senior, Mandarin, groups up to 100, free.
    const g = await api<{ id: number; code: string }>(browser.page, 'POST', '/guides', {
      name: guide.name,
      gender: 'female',
      birthDate: '1988-03-02',
      phone: '13900001234',
      employmentType: 'staff',
      licenceNo: `TEAM-E2E-${stamp}`,
      licenceType: 'national',
      level: 'senior',
      levelObtainedOn: '2015-06-01',
      licenceExpiry: day(700),
      maxGroupSize: 100,
      languages: [{ language: 'zh', proficiency: 'native' }],
      specialties: [],
      certifications: [],
    });
    guide.id = g.id;
    guide.code = g.code;
  });
  afterAll(() => browser.close());

  it('creates a team through the step form, confirming a capacity warning', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/waiting`);
    await page.getByTestId('team-list-waiting').waitFor();
    await page.getByTestId('team-new').click();
    await page.waitForURL(`${baseUrl}/team/new`);
    const form = page.getByTestId('team-form');
    await form.waitFor();

    await page.getByTestId('field-name').fill(teamName);
    await choose(page, formItem(form, 'agency'), '中国旅行社');
    await choose(page, formItem(form, 'market'), '国内游');
    await choose(page, formItem(form, 'language'), '普通话');
    await formItem(form, 'paxAdults').locator('input').fill('85');
    await pickDate(formItem(form, 'startDate'), day(1));
    await pickDate(formItem(form, 'endDate'), day(2));
    await page.getByTestId('field-leadContactName').fill('王领队');
    await page.getByTestId('field-leadContactPhone').fill('13812345678');
    await page.getByTestId('step-next').click();

    // Step 2: the team exists as a draft; plan the spot on both days.
    await page.getByTestId('itinerary-editor').waitFor();
    for (const d of [day(1), day(2)]) {
      await page.getByTestId(`add-item-${d}`).click();
      const item = page.getByTestId(`item-${d}-0`);
      await item.locator('.arco-select-view').first().click();
      await page.keyboard.type(spot.code);
      await page
        .locator('.arco-select-popup:visible .arco-select-option', { hasText: spot.code })
        .first()
        .click();
      // The remaining capacity that day, and what this team would make of it.
      const hint = item.getByTestId('capacity-hint');
      await hint.waitFor();
      expect(await hint.innerText()).toContain('100 / 100');
      expect(await hint.innerText()).toContain('85%');
    }
    await page.getByTestId('step-next').click();

    // 85 of 100 places is over the warning percent: the server asks, the user confirms.
    const confirm = page.getByTestId('capacity-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(spot.name);
    expect(await confirm.innerText()).toContain('85');
    await page.locator('.arco-modal-footer').getByRole('button', { name: '确认保存' }).click();

    // Review, then submit: draft → pending.
    const review = page.getByTestId('team-review');
    await review.waitFor();
    expect(await review.innerText()).toContain(teamName);
    expect(await review.innerText()).toContain(spot.name);
    await page.getByTestId('step-submit').click();
    const done = page.getByTestId('team-created');
    await done.waitFor();
    expect(await done.innerText()).toContain('待分配');
    teamCode = /T\w+/.exec(await done.innerText())?.[0] ?? '';
    expect(teamCode).not.toBe('');
    await page.getByTestId('view-detail').click();
    await page.getByTestId('team-detail').waitFor();
    teamId = Number(/\/team\/detail\/(\d+)/.exec(page.url())?.[1]);
    expect(teamId).toBeGreaterThan(0);
    expect(await page.getByTestId('detail-status').innerText()).toBe('待分配');
  });

  it('lists the pending team on Waiting with its start hint', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/waiting`);
    await page.getByTestId('team-filter-keyword').fill(teamCode);
    await page.getByTestId('team-filter-keyword').press('Enter');
    const row = page.locator('.arco-table-tr', { hasText: teamCode });
    await row.waitFor();
    expect(await row.getByTestId('team-status').innerText()).toBe('待分配');
    // It starts tomorrow: within 48 h, still waiting for a guide.
    expect(await row.getByTestId('urgent-tag').innerText()).toMatch(/\d+ 小时后出发/);
  });

  it('assigns a guide found by search; the team moves from Waiting to Ongoing', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/detail/${teamId}`);
    await page.getByTestId('team-detail').waitFor();
    // A pending team's next step is a guide: the header's primary action opens the picker.
    await page.getByTestId('detail-assign').click();
    const picker = page.getByTestId('guide-picker');
    await picker.waitFor();

    // Without a keyword: excluded guides show the rules they break.
    await picker.locator('[data-testid^="candidate-"]').first().waitFor();
    const excluded = picker.locator('[data-eligible="false"]');
    if ((await excluded.count()) > 0)
      expect((await excluded.first().getByTestId('breaches').innerText()).length).toBeGreaterThan(
        0,
      );

    await picker.getByPlaceholder('搜索导游姓名或编号').fill(guide.name);
    const candidate = picker.getByTestId(`candidate-${guide.code}`);
    await candidate.waitFor();
    expect(await candidate.getAttribute('data-eligible')).toBe('true');
    await candidate.getByTestId(`pick-${guide.code}`).click();
    await page.locator('.arco-message', { hasText: guide.name }).waitFor();

    // A local guide for the whole period: pending → allocated.
    await page.getByTestId('detail-status').filter({ hasText: '已分配' }).waitFor();
    expect(await page.getByTestId('assignments').innerText()).toContain(guide.name);

    await page.goto(`${baseUrl}/team/ongoing?keyword=${teamCode}`);
    const row = page.locator('.arco-table-tr', { hasText: teamCode });
    await row.waitFor();
    expect(await row.getByTestId('team-status').innerText()).toBe('已分配');
    expect(await row.innerText()).toContain(guide.name);

    await page.goto(`${baseUrl}/team/waiting?keyword=${teamCode}`);
    await page.getByTestId('team-list-waiting').locator('.arco-empty').waitFor();
    expect(await page.locator('.arco-table-tr', { hasText: teamCode }).count()).toBe(0);
  });

  it('shows who changed the team when an edit in another tab went first', async () => {
    const first = browser.page;
    const second = await browser.context.newPage();
    try {
      for (const page of [first, second]) {
        await page.goto(`${baseUrl}/team/detail/${teamId}`);
        await page.getByTestId('team-edit').click();
        await page.getByTestId('team-form').waitFor();
      }
      await first.getByTestId('field-leadContactName').fill('李领队');
      await first.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
      await first.locator('.arco-message', { hasText: '团队信息已保存' }).waitFor();

      await second.getByTestId('field-notes').fill('第二个标签页的修改');
      await second.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
      const conflict = second.getByTestId('stale-conflict');
      await conflict.waitFor();
      expect(await conflict.innerText()).toContain('修改');
      // Nothing of the second tab was saved.
      const saved = await api<{ notes: string; leadContactName: string }>(
        second,
        'GET',
        `/teams/${teamId}`,
      );
      expect(saved.notes).toBe('');
      expect(saved.leadContactName).toBe('李领队');

      await second.getByTestId('stale-reload').click();
      await conflict.waitFor({ state: 'detached' });
      expect(await second.getByTestId('field-leadContactName').inputValue()).toBe('李领队');
    } finally {
      await second.close();
    }
  });
});

describe('team section as a user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it('reads the lists and a detail without any write button', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/waiting`);
    await page.getByTestId('team-list-waiting').waitFor();
    const first = page.locator('.arco-table-tr', { hasText: /T\d{8}/ }).first();
    await first.waitFor();
    expect(await page.getByTestId('team-new').count()).toBe(0);
    expect(await page.locator('[data-testid^="row-"]').count()).toBe(0);

    await first.locator('[data-testid^="team-link-"]').click();
    await page.getByTestId('team-detail').waitFor();
    expect(await page.locator('[data-testid^="move-"]').count()).toBe(0);
    expect(await page.getByTestId('team-edit').count()).toBe(0);
    await page.getByRole('tab', { name: '行程' }).click();
    expect(await page.getByTestId('itinerary-edit').count()).toBe(0);
    await page.getByRole('tab', { name: '导游分配' }).click();
    await page.getByTestId('assignments').waitFor();
    expect(await page.getByTestId('assign-add').count()).toBe(0);

    // The new-team page is not theirs.
    await page.goto(`${baseUrl}/team/new`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('team-new-page').count()).toBe(0);
  });
});
