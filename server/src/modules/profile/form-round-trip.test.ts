// The form round trip of the user's own forms (issue 25, test family): the basic-information
// form (PUT /api/user/profile) and the settings drawer (PUT /api/user/settings). Saved back
// untouched, nothing changes — not even the version; one field changed changes that field
// only; an update never fills a field it was not sent with a blank. With every optional field
// set and with every optional field empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_SETTINGS,
  profileBody,
  userSettingsSchema,
  type ProfileInfo,
  type UserSettings,
} from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import {
  changedKeys,
  changedValue,
  contractKeys,
  editedKeys,
} from '../../../test/support/round-trip';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  c = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

describe('basic information form round trip', () => {
  const fields = editedKeys(profileBody);
  const read = async () => (await c.get('/api/user/profile')).json().data as ProfileInfo;
  const bodyOf = (p: ProfileInfo): Record<string, unknown> => ({
    ...Object.fromEntries(fields.map((k) => [k, p[k as keyof ProfileInfo]])),
    version: p.version,
  });
  const alternatives: Record<string, (p: ProfileInfo) => unknown> = {
    email: (p) => `x${p.email}`,
    nickname: (p) => `${p.nickname}二`,
    countryRegion: (p) => (p.countryRegion === 'china' ? 'other' : 'china'),
    area: (p) => `${p.area}区`,
    address: (p) => (p.address ? '' : '西湖路 1 号'),
    profile: (p) => (p.profile ? '' : '十年调度经验。'),
  };

  async function roundTrip(start: Omit<ProfileInfo, 'avatar' | 'version'>) {
    const set = await c.put('/api/user/profile', { ...start, version: (await read()).version });
    expect(set.statusCode, set.body).toBe(200);
    const record = await read();

    const untouched = await c.put('/api/user/profile', bodyOf(record));
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(await read()).toEqual(record);

    for (const key of fields) {
      const before = await read();
      const value = changedValue(alternatives, key, before);
      const res = await c.put('/api/user/profile', { ...bodyOf(before), [key]: value });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      const after = await read();
      expect(changedKeys(fields, before, after), key).toEqual([key]);
      expect(after.version).toBe(before.version + 1);
    }
  }

  it('with every optional field set', async () => {
    await roundTrip({
      email: 'ops@example.com',
      nickname: '李调度',
      countryRegion: 'china',
      area: '杭州',
      address: '西湖区文三路 90 号',
      profile: '负责华东线路的导游调度。',
    });
  });

  it('with every optional field empty', async () => {
    await roundTrip({
      email: 'ops@example.com',
      nickname: '李调度',
      countryRegion: 'china',
      area: '杭州',
      address: '',
      profile: '',
    });
  });

  it('an update without a field is refused, not saved with that field blank', async () => {
    const record = await read();
    const full = { ...bodyOf(record), address: '西湖区文三路 90 号', profile: '调度。' };
    expect((await c.put('/api/user/profile', full)).statusCode).toBe(200);
    const kept = await read();
    for (const key of fields) {
      const { [key]: _absent, ...partial } = bodyOf(kept);
      const res = await c.put('/api/user/profile', partial);
      expect(res.statusCode, `${key} absent: ${res.body}`).toBe(400);
      expect(await read()).toEqual(kept);
    }
  });
});

describe('settings drawer round trip', () => {
  const keys = contractKeys(userSettingsSchema);
  const read = async () =>
    (await c.get('/api/user/info')).json().data.settings as UserSettings | null;
  // A switch flips; the other fields have their own.
  const alternatives: Record<string, (s: UserSettings) => unknown> = Object.fromEntries(
    keys
      .filter((k) => typeof DEFAULT_USER_SETTINGS[k as keyof UserSettings] === 'boolean')
      .map((k) => [k, (s: UserSettings) => !s[k as keyof UserSettings]]),
  );
  Object.assign(alternatives, {
    theme: (s: UserSettings) => (s.theme === 'dark' ? 'light' : 'dark'),
    device: (s: UserSettings) => (s.device === 'mobile' ? 'desktop' : 'mobile'),
    themeColor: (s: UserSettings) => (s.themeColor === '#00B42A' ? '#F53F3F' : '#00B42A'),
    menuWidth: (s: UserSettings) => s.menuWidth + 1,
    serverMenu: (s: UserSettings) =>
      s.serverMenu.length ? [] : [{ key: 'team/waiting', path: '/team/waiting' }],
  });

  async function roundTrip(start: UserSettings) {
    expect((await c.put('/api/user/settings', start)).statusCode).toBe(200);
    const record = (await read())!;
    expect(record).toEqual(start);

    expect((await c.put('/api/user/settings', record)).statusCode).toBe(200);
    expect(await read()).toEqual(record);

    // What the drawer sends: every setting it holds. The server menu is session state there
    // (POST /api/user/menu), so it is not sent, and what is saved stays.
    const { serverMenu: _held, ...drawer } = record;
    expect((await c.put('/api/user/settings', drawer)).statusCode).toBe(200);
    expect(await read()).toEqual(record);

    for (const key of keys) {
      const before = (await read())!;
      const value = changedValue(alternatives, key, before);
      const res = await c.put('/api/user/settings', { ...before, [key]: value });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(changedKeys(keys, before, (await read())!), key).toEqual([key]);
    }
  }

  it('with every field set (a saved server menu among them)', async () => {
    await roundTrip({
      theme: 'dark',
      colorWeak: true,
      navbar: false,
      menu: false,
      topMenu: true,
      hideMenu: true,
      menuCollapse: true,
      footer: false,
      themeColor: '#F53F3F',
      menuWidth: 300,
      globalSettings: true,
      device: 'mobile',
      tabBar: true,
      menuFromServer: true,
      serverMenu: [{ key: 'dashboard/workplace', path: '/dashboard/workplace' }],
    });
  });

  it('with the defaults (an empty server menu)', async () => {
    await roundTrip({ ...DEFAULT_USER_SETTINGS });
  });
});
