// Team edit round trip in the browser (issue 25 defect 1): a team of 7 adults with its pickup
// point and time and an escort opens in the edit drawer with those values (it showed 成人 1
// and an empty pickup), and saving after changing only 备注 changes only the notes (it wrote
// pax 1 and blanked the escort and pickup). The drawer's form is generated from the
// contract's TEAM_FIELD_SPECS (issue 27): saved untouched — a team with every field set, and
// one with every optional field empty — the record stays as it was, version included.
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import { day } from '../support/allocation';

const baseUrl = inject('baseUrl');

/** Where the drawer's screenshot goes (for the report), beside the test's other output. */
export const SCREENSHOT = path.join(
  process.env.E2E_SCREENSHOT_DIR ?? os.tmpdir(),
  'team-edit-drawer.png',
);

type TeamRecord = Record<string, unknown> & { id: number; version: number };

describe('the team edit drawer', () => {
  let browser: Browser;
  let team: TeamRecord;
  /** The same team with every optional field empty (no reference, escort, pickup, VIP). */
  let sparse: TeamRecord;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    team = await api<TeamRecord>(browser.page, 'POST', '/teams', {
      name: `往返团${String(Date.now()).slice(-6)}`,
      agency: 'cits',
      agencyRef: 'REF-T3-0800',
      market: 'domestic',
      paxAdults: 7,
      paxChildren: 0,
      paxSeniors: 0,
      language: 'zh',
      vip: false,
      leadContactName: '王领队',
      leadContactPhone: '13812345678',
      escortName: '赵全陪',
      escortPhone: '13987654321',
      startDate: day(60),
      endDate: day(62),
      pickupPoint: '首都机场 T3',
      pickupTime: '08:00',
      notes: '',
    });
    sparse = await api<TeamRecord>(browser.page, 'POST', '/teams', {
      name: `空项团${String(Date.now()).slice(-6)}`,
      agency: 'cits',
      market: 'domestic',
      paxAdults: 7,
      language: 'zh',
      leadContactName: '王领队',
      leadContactPhone: '13812345678',
      startDate: day(64),
      endDate: day(65),
    });
  });
  afterAll(() => browser.close());

  it.each([
    ['every field set', () => team],
    ['every optional field empty', () => sparse],
  ])(
    'a team with %s, saved untouched through the generated form, is unchanged',
    async (_, which) => {
      const { page } = browser;
      const { id } = which();
      const before = await api<TeamRecord>(page, 'GET', `/teams/${id}`);
      await page.goto(`${baseUrl}/team/detail/${id}`);
      await page.getByTestId('team-edit').click();
      const drawer = page.locator('.arco-drawer', { has: page.getByTestId('team-form') });
      await drawer.getByTestId('team-form').waitFor();
      await expect.poll(() => drawer.locator('#paxAdults input').first().inputValue()).toBe('7');
      await drawer.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
      await page.locator('.arco-message', { hasText: '团队信息已保存' }).waitFor();
      await drawer.getByTestId('team-form').waitFor({ state: 'detached' });
      // Every field as it was, the version and the update time included (nothing was written).
      expect(await api<TeamRecord>(page, 'GET', `/teams/${id}`)).toEqual(before);
    },
  );

  it('shows the team as it is, and a save after changing only 备注 changes only the notes', async () => {
    const { page } = browser;
    const before = await api<TeamRecord>(page, 'GET', `/teams/${team.id}`);
    await page.goto(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('team-edit').click();
    const drawer = page.locator('.arco-drawer', { has: page.getByTestId('team-form') });
    await drawer.getByTestId('team-form').waitFor();
    // Arco names each field's control by the field.
    const shown = (field: string) => drawer.locator(`#${field} input`).first().inputValue();
    await expect.poll(() => shown('paxAdults')).toBe('7');
    expect(await shown('paxChildren')).toBe('0');
    expect(await shown('pickupPoint')).toBe('首都机场 T3');
    expect(await shown('pickupTime')).toBe('08:00');
    expect(await shown('escortName')).toBe('赵全陪');
    expect(await shown('escortPhone')).toBe('13987654321');
    expect(await shown('agencyRef')).toBe('REF-T3-0800');
    expect(await shown('startDate')).toBe(before.startDate);
    await page.screenshot({ path: SCREENSHOT });

    await drawer.getByTestId('field-notes').fill('只改了备注');
    await drawer.locator('.arco-drawer-footer').getByRole('button', { name: '保存' }).click();
    await page.locator('.arco-message', { hasText: '团队信息已保存' }).waitFor();

    const after = await api<TeamRecord>(page, 'GET', `/teams/${team.id}`);
    const changed = Object.keys(before).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    expect(after.notes).toBe('只改了备注');
    expect(changed.sort()).toEqual(['notes', 'updatedAt', 'version'].sort());
    expect(after.version).toBe(before.version + 1);
  });
});
