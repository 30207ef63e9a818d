// Issue 29 items 2 and 3 in the browser: a team is copied from its page (the calendar's refusal
// shown before asking), its itinerary kept as a template that the templates page finds, starts a
// new team from (the itinerary step laid out from it) and deletes after confirming; each assigned
// guide's work order opens from the team page with the spots' addresses and hours, in the user's
// language, and prints the sheet alone (the shell hidden by the print stylesheet). The records
// live far ahead (days 440+), away from the demo data's teams.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@console/shared/i18n';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { day } from '../support/allocation';

const baseUrl = inject('baseUrl');

const formItem = (scope: Locator, field: string) =>
  scope
    .locator('.arco-form-item')
    .filter({ has: scope.page().locator(`label[for="${field}_input"]`) })
    .first();

async function choose(page: Page, scope: Locator, text: string) {
  await scope.locator('.arco-select-view').first().click();
  await page
    .locator('.arco-select-popup:visible .arco-select-option', { hasText: text })
    .first()
    .click();
}

/** The text box of an Arco input whose test id sits on the <input> or on its wrapper. */
const inputOf = (page: Page, testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

async function pickDate(scope: Locator, value: string) {
  const input = scope.locator('.arco-picker input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

const guideBody = (stamp: string, n: number, name: string) => ({
  name,
  gender: 'female',
  birthDate: '1988-03-02',
  phone: `1390000${String(n).padStart(2, '0')}${stamp.slice(-2)}`,
  employmentType: 'staff',
  licenceNo: `WO-${stamp}-${n}`,
  licenceType: 'national',
  level: 'senior',
  levelObtainedOn: '2015-06-01',
  licenceExpiry: day(900),
  maxGroupSize: 100,
  languages: [{ language: 'zh', proficiency: 'native' }],
  specialties: [],
  certifications: [],
});

/** An allocated team over days 440–441 at two new spots, with a local guide and a narrator. */
async function allocatedTeam(page: Page, stamp: string) {
  const spots: { id: number; name: string; address: string }[] = [];
  for (const [i, hours] of [
    ['1', ['08:00', '18:00']],
    ['2', ['09:30', '16:30']],
  ] as const)
    spots.push(
      await api<{ id: number; name: string; address: string }>(page, 'POST', '/scenic/spots', {
        code: `WO${stamp}${i}`,
        name: `工单景点${i}-${stamp}`,
        grade: 'AAAA',
        category: 'natural',
        province: '浙江省',
        city: '杭州市',
        address: `龙井路 ${i}${stamp} 号`,
        latitude: 30.25,
        longitude: 120.15,
        openTime: hours[0],
        closeTime: hours[1],
        avgVisitMinutes: 120,
        dailyCapacity: 10_000,
        instantCapacity: 5_000,
        maxPaxPerGuide: 100,
        priceAdult: 0,
        priceChild: 0,
      }),
    );
  const local = await api<{ id: number; code: string }>(
    page,
    'POST',
    '/guides',
    guideBody(stamp, 1, `工单甲${stamp}`),
  );
  const narrator = await api<{ id: number; code: string }>(
    page,
    'POST',
    '/guides',
    guideBody(stamp, 2, `工单乙${stamp}`),
  );
  const team = await api<{ id: number; code: string; version: number }>(page, 'POST', '/teams', {
    name: `工单团${stamp}`,
    agency: 'cts',
    market: 'domestic',
    paxAdults: 10,
    language: 'zh',
    leadContactName: '王领队',
    leadContactPhone: '13812345678',
    pickupPoint: '杭州东站',
    pickupTime: '08:30',
    startDate: day(440),
    endDate: day(441),
  });
  const saved = await api<{ team: { version: number } }>(
    page,
    'PUT',
    `/teams/${team.id}/itinerary`,
    {
      items: [day(440), day(441)].map((date, i) => ({
        date,
        spotId: spots[i].id,
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
  for (const [g, role] of [
    [local, 'local_guide'],
    [narrator, 'narrator'],
  ] as const)
    await api(page, 'POST', `/teams/${team.id}/assignments`, {
      guideId: g.id,
      role,
      from: day(440),
      to: day(441),
    });
  return { ...team, spots, local, narrator };
}

describe('copies, templates and work orders as an operator', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);
  let team: Awaited<ReturnType<typeof allocatedTeam>>;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    await browser.page.evaluate((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_STORAGE_KEY);
    team = await allocatedTeam(browser.page, stamp);
  });
  afterAll(() => browser.close());

  it("opens each assigned guide's work order from the team page; it prints alone", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('team-detail').waitFor();
    await page.getByTestId('work-order-menu').click();
    expect(await page.getByTestId(`work-order-${team.narrator.code}`).count()).toBe(1);
    await page.getByTestId(`work-order-${team.local.code}`).click();
    await page.waitForURL(`**/team/detail/${team.id}/work-order?guide=${team.local.id}`);
    const sheet = page.getByTestId('work-order-page').getByTestId('work-order-sheet');
    await sheet.waitFor();
    const text = await sheet.innerText();
    for (const part of [
      '导游派工单',
      team.code,
      `工单团${stamp}`,
      `工单甲${stamp}`,
      `${day(440)} ~ ${day(441)}`,
      '杭州东站',
      '08:30',
      '王领队 13812345678',
      `第 1 天 · ${day(440)}`,
      `第 2 天 · ${day(441)}`,
      team.spots[0].name,
      `浙江省 杭州市 龙井路 1${stamp} 号`,
      '08:00–18:00',
      team.spots[1].name,
      '09:30–16:30',
      '同团其他导游',
      `工单乙${stamp}`,
      '讲解员',
    ])
      expect(text, part).toContain(part);

    // Printed: the sheet alone, on A4 — the menu, navbar and this page's buttons are hidden.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('work-order-print');
    expect(await printed.isVisible()).toBe(true);
    expect(await printed.innerText()).toContain(team.spots[1].name);
    for (const shell of ['.arco-layout-sider', '.arco-menu', '[data-section-page]'])
      for (const el of await page.locator(shell).all())
        expect(await el.isVisible(), shell).toBe(false);
    expect(await page.getByRole('button', { name: '打印' }).isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.length).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });
    expect(await printed.isVisible()).toBe(false);

    // In the user's language.
    await page.evaluate((key) => localStorage.setItem(key, 'en-US'), LOCALE_STORAGE_KEY);
    await page.reload();
    const english = page.getByTestId('work-order-page').getByTestId('work-order-sheet');
    await english.waitFor();
    const en = await english.innerText();
    for (const part of ['Guide work order', `Day 1 · ${day(440)}`, 'Opening hours', 'Narrator'])
      expect(en, part).toContain(part);
    await page.evaluate((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_STORAGE_KEY);

    // A guide not on the team has no order.
    await page.goto(`${baseUrl}/team/detail/${team.id}/work-order?guide=999999`);
    await page.getByTestId('work-order-missing').waitFor();
  });

  it('copies the team to a later date; a copy before today is refused with its reason', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('team-copy').click();
    const offset = inputOf(page, 'copy-offset');
    await offset.fill('-445');
    await offset.press('Tab');
    const breach = page.getByTestId('copy-breach');
    await breach.waitFor();
    expect(await breach.innerText()).toContain(day(-5));
    expect(await page.getByTestId('copy-confirm').isDisabled()).toBe(true);

    await offset.fill('7');
    await offset.press('Tab');
    await breach.waitFor({ state: 'detached' });
    expect(await page.getByTestId('copy-period').innerText()).toContain(
      `${day(447)} ~ ${day(448)}`,
    );
    await page.getByTestId('copy-confirm').click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/team/detail/${team.id}`));
    await page.getByTestId('team-detail').waitFor();
    // The copy's page (a draft), not the source's still on screen.
    await page.getByTestId('detail-status').filter({ hasText: '草稿' }).waitFor();
    const header = await page.getByTestId('team-detail').locator('h5').innerText();
    expect(header).toContain(`工单团${stamp}`);
    expect(header).not.toContain(team.code);
    expect(await page.getByTestId('work-order-menu').count()).toBe(0);
  });

  it('keeps the itinerary as a template, finds it, starts a new team from it, deletes it', async () => {
    const { page } = browser;
    const name = `模板${stamp}`;
    await page.goto(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('team-save-template').click();
    await page.getByTestId('template-name').fill(name);
    await page.locator('.arco-modal-footer').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: `已保存模板“${name}”` }).waitFor();

    // The list: searched by a spot's name, a page from the server.
    await page.goto(`${baseUrl}/team/templates`);
    await page.getByTestId('team-templates').waitFor();
    await inputOf(page, 'template-search').fill(team.spots[1].name);
    const row = page.locator('.arco-table-tr', { hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain(team.code);
    expect(await page.getByTestId('team-templates').locator('tbody tr').count()).toBe(1);

    // A new team from it: the itinerary step is laid out from the template.
    await row.getByRole('button', { name: '用此模板新建团' }).click();
    await page.waitForURL('**/team/new?template=*');
    await page.getByTestId('from-template').waitFor();
    const form = page.getByTestId('team-form');
    await page.getByTestId('field-name').fill(`模板团${stamp}`);
    await choose(page, formItem(form, 'agency'), '中国旅行社');
    await choose(page, formItem(form, 'market'), '国内游');
    await choose(page, formItem(form, 'language'), '普通话');
    await pickDate(formItem(form, 'startDate'), day(460));
    await pickDate(formItem(form, 'endDate'), day(461));
    await page.getByTestId('field-leadContactName').fill('王领队');
    await page.getByTestId('field-leadContactPhone').fill('13812345678');
    await page.getByTestId('step-next').click();
    await page.getByTestId('itinerary-editor').waitFor();
    // Each day's row holds the template's spot (its label once the spot options are in).
    await page
      .getByTestId(`item-${day(460)}-0`)
      .getByText(team.spots[0].name)
      .waitFor();
    await page
      .getByTestId(`item-${day(461)}-0`)
      .getByText(team.spots[1].name)
      .waitFor();

    // Deleting asks first.
    await page.goto(`${baseUrl}/team/templates`);
    await inputOf(page, 'template-search').fill(name);
    const again = page.locator('.arco-table-tr', { hasText: name });
    await again.waitFor();
    await again.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.arco-popconfirm', { hasText: `确定删除模板“${name}”吗` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.locator('.arco-message', { hasText: '已删除模板' }).waitFor();
    await again.waitFor({ state: 'detached' });
  });
});
