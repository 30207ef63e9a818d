// Form round trip in the browser (issue 25): for the guide drawer, the spot form, the
// maintenance-window form and the dictionary item form, a record filled through the API is
// opened in its edit form and saved untouched — the server's record is the same on every field
// of its response contract, version included (an untouched save writes nothing); then one field
// is changed in the page — only that field changes. Records with every field set and, where a
// form has optional fields, with every optional field empty.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addDays,
  guideDetail,
  isoToday,
  propertyItemAdmin,
  scenicMaintenanceWindow,
  scenicSpot,
  type Guide,
  type PropertyCategory,
  type PropertyItem,
  type PropertyItemAdmin,
  type ScenicMaintenanceWindow,
  type ScenicSpot,
} from '@console/shared';
import { api } from '../support/api';
import { openBrowser, submitLogin, type Browser } from '../support/browser';

const baseUrl = inject('baseUrl');
const keysOf = (shape: { shape: object }, except: string[] = []) =>
  Object.keys(shape.shape).filter((k) => !except.includes(k));
/** The fields `a` and `b` differ on, among `keys`. */
const changed = (keys: string[], a: object, b: object) =>
  keys.filter(
    (k) =>
      JSON.stringify((a as Record<string, unknown>)[k]) !==
      JSON.stringify((b as Record<string, unknown>)[k]),
  );

let browser: Browser;
let page: Page;
let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
  // Signed in once the shell leaves the login page (these forms need no dashboard).
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, 'admin');
  await page.waitForURL(`${baseUrl}/dashboard/workplace`);
});
afterAll(() => browser.close());

/** An input of a form field, whether the test id sits on the input or on its wrapper. */
const fieldInput = (testId: string) =>
  page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

const message = (text: string) => page.locator('.arco-message', { hasText: text }).last().waitFor();

// Guide drawer (from the guide profile, whose guide live events refetch) --------------------

describe('the guide drawer', () => {
  // Every field but the bookkeeping an edit moves; figures are the teams', not the form's.
  const KEYS = keysOf(guideDetail, ['updatedAt', 'version', 'figures']);
  let specialties: string[];
  let spotIds: number[];
  beforeAll(async () => {
    specialties = (
      await api<PropertyItem[]>(page, 'GET', '/properties/items?category=guide_specialty')
    ).map((i) => i.value);
    spotIds = (
      await api<{ list: { id: number }[] }>(page, 'GET', '/scenic/spots?pageSize=2')
    ).list.map((s) => s.id);
  });

  const createGuide = (full: boolean) => {
    const expiry = addDays(isoToday(), 400);
    const n = unique();
    return api<Guide>(page, 'POST', '/guides', {
      name: full ? '往返导游' : '空项导游',
      gender: 'female',
      birthDate: '1990-05-01',
      phone: '13812345678',
      employmentType: 'contract',
      licenceNo: `RT-${n}`,
      licenceType: 'tour_leader',
      level: 'intermediate',
      levelObtainedOn: '2016-03-01',
      licenceExpiry: expiry,
      maxGroupSize: 33,
      languages: [
        { language: 'zh', proficiency: 'native' },
        ...(full ? [{ language: 'en', proficiency: 'fluent' }] : []),
      ],
      specialties: full ? specialties.slice(0, 2) : [],
      certifications: full
        ? spotIds.map((spotId, i) => ({ spotId, validUntil: addDays(expiry, -10 * (i + 1)) }))
        : [],
      ...(full
        ? {
            code: `G8${String(Date.now() % 100000).padStart(5, '0')}`,
            email: 'rt@example.com',
            emergencyContactName: '王五',
            emergencyContactPhone: '13900001111',
            avatar: '/avatars/rt.png',
            homeCity: '杭州',
          }
        : {}),
    });
  };

  async function openDrawer(id: number) {
    await page.goto(`${baseUrl}/guide/profile/${id}`);
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('guide-form').waitFor();
    await fieldInput('field-name').waitFor();
  }
  const save = async () => {
    await page
      .locator('.arco-drawer', { has: page.getByTestId('guide-form') })
      .locator('.arco-drawer-footer .arco-btn-primary')
      .click();
    await message('已保存');
    await page.getByTestId('guide-form').waitFor({ state: 'detached' });
  };

  it.each([
    ['every field set', true],
    ['every optional field empty', false],
  ])('a guide with %s: untouched, nothing changes; one field, only it', async (_, full) => {
    const { id } = await createGuide(full);
    const before = await api<Guide>(page, 'GET', `/guides/${id}`);
    await openDrawer(id);
    await save();
    const untouched = await api<Guide>(page, 'GET', `/guides/${id}`);
    expect(changed(KEYS, before, untouched)).toEqual([]);
    expect(untouched.version).toBe(before.version);

    await openDrawer(id);
    await fieldInput('field-homeCity').fill('宁波');
    await save();
    const edited = await api<Guide>(page, 'GET', `/guides/${id}`);
    expect(changed(KEYS, before, edited)).toEqual(['homeCity']);
    expect(edited.homeCity).toBe('宁波');
    expect(edited.version).toBe(before.version + 1);
  });
});

// Spot form and window form (scenic maintenance) --------------------------------------------

describe('the scenic maintenance forms', () => {
  /** Derived from readings, windows and the clock, never edited. */
  const SPOT_KEYS = keysOf(scenicSpot, ['status', 'load', 'activeWindow', 'updatedAt', 'version']);
  const WINDOW_KEYS = keysOf(scenicMaintenanceWindow, ['phase', 'updatedAt', 'version']);

  const createSpot = (full: boolean) =>
    api<ScenicSpot>(page, 'POST', '/scenic/spots', {
      code: `RT-${unique()}`,
      name: full ? '往返景点' : '空项景点',
      grade: 'AAA',
      category: 'natural',
      province: '浙江',
      city: '杭州',
      latitude: 30.251234,
      longitude: 120.155432,
      openTime: '06:30',
      closeTime: '21:45',
      avgVisitMinutes: 95,
      dailyCapacity: 5000,
      instantCapacity: 800,
      maxPaxPerGuide: 25,
      priceAdult: 5050,
      priceChild: 2525,
      ...(full
        ? {
            address: '西湖区 1 号',
            description: '第一行\n第二行',
            images: ['/img/rt-1.png', 'https://example.com/rt-2.jpg'],
            reservationRequired: true,
            certifiedGuidesOnly: true,
          }
        : {}),
    });

  async function openSpot(id: number) {
    await page.goto(`${baseUrl}/scenic/maintenance?id=${id}`);
    await page.getByTestId('spot-form').waitFor();
    await fieldInput('field-name').waitFor();
  }
  const saveSpot = async () => {
    await page.getByTestId('spot-save').click();
    await message('已保存');
  };

  it.each([
    ['every field set', true],
    ['every optional field empty', false],
  ])('a spot with %s: untouched, nothing changes; one field, only it', async (_, full) => {
    const { id } = await createSpot(full);
    const before = await api<ScenicSpot>(page, 'GET', `/scenic/spots/${id}`);
    await openSpot(id);
    await saveSpot();
    const untouched = await api<ScenicSpot>(page, 'GET', `/scenic/spots/${id}`);
    expect(changed(SPOT_KEYS, before, untouched)).toEqual([]);
    expect(untouched.version).toBe(before.version);

    await openSpot(id);
    await fieldInput('field-address').fill('新地址 9 号');
    await saveSpot();
    const edited = await api<ScenicSpot>(page, 'GET', `/scenic/spots/${id}`);
    expect(changed(SPOT_KEYS, before, edited)).toEqual(['address']);
    expect(edited.version).toBe(before.version + 1);
  });

  it('a maintenance window (times to the second): untouched, nothing changes; one field, only it', async () => {
    const spot = await createSpot(true);
    const created = await api<ScenicMaintenanceWindow>(
      page,
      'POST',
      `/scenic/spots/${spot.id}/maintenance`,
      {
        startAt: '2031-03-01T02:00:30.000Z',
        endAt: '2031-03-03T10:15:45.000Z',
        reason: '栈道检修',
        capacity: 400,
      },
    );
    const read = async () =>
      (
        await api<ScenicMaintenanceWindow[]>(page, 'GET', `/scenic/spots/${spot.id}/maintenance`)
      ).find((w) => w.id === created.id)!;
    const before = await read();
    const openWindow = async () => {
      await openSpot(spot.id);
      await page.getByTestId('windows-card').getByText('栈道检修').waitFor();
      await page
        .getByTestId('windows-card')
        .locator('tr', { hasText: '栈道检修' })
        .getByText('编辑')
        .click();
      const modal = page.locator('.arco-modal', { has: page.getByTestId('window-form') });
      await modal.waitFor();
      return modal;
    };
    const saveWindow = async (modal: ReturnType<Page['locator']>) => {
      await modal.locator('.arco-modal-footer .arco-btn-primary').click();
      await message('已保存');
      await modal.waitFor({ state: 'detached' });
    };

    await saveWindow(await openWindow());
    const untouched = await read();
    expect(changed(WINDOW_KEYS, before, untouched)).toEqual([]);
    expect(untouched.version).toBe(before.version);

    const modal = await openWindow();
    await modal.locator('textarea').fill('索道检修');
    await saveWindow(modal);
    const edited = await read();
    expect(changed(WINDOW_KEYS, before, edited)).toEqual(['reason']);
    expect(edited.version).toBe(before.version + 1);
  });
});

// Dictionary item form (property management) ------------------------------------------------

describe('the dictionary item form', () => {
  const KEYS = keysOf(propertyItemAdmin, ['version']);

  it.each([
    ['enabled', true],
    ['disabled', false],
  ])('an item %s: untouched, nothing changes; one field, only it', async (name, enabled) => {
    const [category] = await api<PropertyCategory[]>(page, 'GET', '/properties/categories');
    const items = () =>
      api<PropertyItemAdmin[]>(page, 'GET', `/properties/categories/${category.code}/items`);
    const n = unique();
    const { id } = await api<PropertyItemAdmin>(page, 'POST', '/properties/items', {
      category: category.code,
      value: `rt-${n}`,
      labelZh: `往返${name}${n}`,
      labelEn: `Round trip ${name} ${n}`,
      enabled,
    });
    const read = async () => (await items()).find((i) => i.id === id)!;
    const before = await read();
    const openItem = async () => {
      await page.goto(`${baseUrl}/system/property-management`);
      const row = page
        .getByTestId('property-management')
        .locator('tr', { hasText: before.labelZh });
      await row.getByText('编辑').click();
      const modal = page.locator('.arco-modal', { has: page.getByTestId('item-labelZh') });
      await modal.waitFor();
      await expect.poll(() => modal.getByTestId('item-labelZh').inputValue()).toBe(before.labelZh);
      return modal;
    };
    const saveItem = async (modal: ReturnType<Page['locator']>) => {
      await modal.locator('.arco-modal-footer .arco-btn-primary').click();
      await message('已保存');
      await modal.waitFor({ state: 'detached' });
    };

    await saveItem(await openItem());
    const untouched = await read();
    expect(changed(KEYS, before, untouched)).toEqual([]);
    expect(untouched.version).toBe(before.version);

    const modal = await openItem();
    await modal.getByTestId('item-labelEn').fill(`Changed ${n}`);
    await saveItem(modal);
    const edited = await read();
    expect(changed(KEYS, before, edited)).toEqual(['labelEn']);
    expect(edited.version).toBe(before.version + 1);
  });
});
