// Form round trip of the guide edit drawer (issue 25): GET → the body the drawer sends (the
// update contract's keys of the record) → PUT → GET. Saved untouched, the guide is the same on
// every field of the response contract with the same version (a no-op); one field
// changed, only that field changes. For a guide with every field set and one with every
// optional field empty. A PUT that leaves a field out is refused, never blanks it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  GUIDE_FIELD_SPECS,
  guideCreateBody,
  guideDetail,
  guideUpdateBody,
  type Guide,
  type PropertyItem,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody, guideUpdateBodyOf } from '../../../test/support/guides';
import {
  changedKeys,
  changedValue,
  contractKeys,
  editedKeys,
  omittableKeys,
  textAlternatives,
} from '../../../test/support/round-trip';

let t: TestApp;
let operator: Client;
let specialties: string[];
let spotIds: number[];
beforeAll(async () => {
  t = await createTestApp({}, {}, { jobs: false });
  operator = await signedIn(t.app, 'operator');
  const items = (await operator.get('/api/properties/items?category=guide_specialty')).json()
    .data as PropertyItem[];
  specialties = items.map((i) => i.value);
  const spots = (await operator.get('/api/scenic/spots?pageSize=2')).json().data.list as {
    id: number;
  }[];
  spotIds = spots.map((s) => s.id);
  expect(specialties.length).toBeGreaterThanOrEqual(2);
  expect(spotIds.length).toBe(2);
});
afterAll(() => t.close());

/** Every field of the response but the bookkeeping an edit moves. */
const RECORD_KEYS = contractKeys(guideDetail).filter((k) => k !== 'updatedAt' && k !== 'version');
const EDITED = editedKeys(guideUpdateBody);

let seq = 0;
const toggle = <T>(value: T, a: T, b: T) => (value === a ? b : a);
/** A value different from the guide's, per field the drawer edits. */
const ALTERNATIVES: Record<string, (g: Guide) => unknown> = {
  ...textAlternatives<Guide>(GUIDE_FIELD_SPECS),
  code: () => `G7${String(++seq).padStart(5, '0')}`,
  name: (g) => `${g.name}改`,
  gender: (g) => toggle(g.gender, 'male', 'female'),
  birthDate: (g) => addDays(g.birthDate, -1),
  phone: (g) => toggle(g.phone, '13700009999', '13700008888'),
  email: (g) => (g.email ? '' : 'changed@example.com'),
  emergencyContactName: (g) => (g.emergencyContactName ? '' : '赵六'),
  emergencyContactPhone: (g) => (g.emergencyContactPhone ? '' : '13600001111'),
  avatar: (g) => (g.avatar ? '' : '/avatars/changed.png'),
  homeCity: (g) => (g.homeCity ? '' : '苏州'),
  employmentType: (g) => toggle(g.employmentType, 'freelance', 'staff'),
  licenceNo: () => `CHG-${++seq}-${Date.now()}`,
  licenceType: (g) => toggle(g.licenceType, 'tour_leader', 'national'),
  level: (g) => toggle(g.level, 'special', 'senior'),
  levelObtainedOn: (g) => addDays(g.levelObtainedOn, 1),
  licenceExpiry: (g) => addDays(g.licenceExpiry, 30),
  maxGroupSize: (g) => toggle(g.maxGroupSize, 41, 40),
  languages: (g) =>
    g.languages.map((l, i) =>
      i === g.languages.length - 1
        ? { ...l, proficiency: toggle(l.proficiency, 'basic', 'working') }
        : l,
    ),
  specialties: (g) => (g.specialties.length ? [] : [specialties[0]]),
  certifications: (g) =>
    g.certifications.length
      ? []
      : [{ spotId: spotIds[0], validUntil: addDays(g.licenceExpiry, -1) }],
};

const read = async (id: number): Promise<Guide> => {
  const res = await operator.get(`/api/guides/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
async function create(over: Parameters<typeof guideBody>[0]) {
  const res = await operator.post('/api/guides', guideBody(over));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Guide).id;
}

const records = {
  'every field set': () =>
    create({
      avatar: '/avatars/full.png',
      specialties: specialties.slice(0, 2),
      certifications: [
        { spotId: spotIds[1], validUntil: addDays(guideBody().licenceExpiry, -10) },
        { spotId: spotIds[0], validUntil: addDays(guideBody().licenceExpiry, -20) },
      ],
    }),
  'every optional field empty': () =>
    create({
      ...Object.fromEntries(omittableKeys(guideCreateBody).map((k) => [k, undefined])),
      languages: [{ language: 'zh', proficiency: 'native' }],
    }),
};

describe.each(Object.entries(records))('the guide drawer, a guide with %s', (_, make) => {
  let id: number;
  beforeAll(async () => {
    id = await make();
  });

  it('saved untouched: every field and the version stay as they were', async () => {
    const before = await read(id);
    const res = await operator.put(`/api/guides/${id}`, guideUpdateBodyOf(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(id);
    expect(after).toEqual(before);
    expect(res.json().data).toEqual(before);
  });

  it.each(EDITED)('one field changed (%s): only that field changes', async (key) => {
    const before = await read(id);
    const value = changedValue(ALTERNATIVES, key, before);
    const res = await operator.put(
      `/api/guides/${id}`,
      guideUpdateBodyOf(before, { [key]: value }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(id);
    expect(changedKeys(RECORD_KEYS, before, after)).toEqual([key]);
    expect(after.version).toBe(before.version + 1);
  });

  it.each(omittableKeys(guideCreateBody).filter((k) => EDITED.includes(k)))(
    'a save without %s is refused or leaves it as it was, never blanks it',
    async (key) => {
      const before = await read(id);
      const { [key]: _left, ...body } = guideUpdateBodyOf(before) as Record<string, unknown>;
      const res = await operator.put(`/api/guides/${id}`, body);
      if (res.statusCode === 400) {
        expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual([key]);
      } else expect(res.statusCode, res.body).toBe(200);
      expect(await read(id)).toEqual(before);
    },
  );
});

describe('the guide drawer keeps what the guide holds', () => {
  it('a language whose dictionary item was disabled since stays through a save of another field', async () => {
    const id = await create({
      languages: [
        { language: 'zh', proficiency: 'native' },
        { language: 'th', proficiency: 'basic' },
      ],
    });
    const admin = await signedIn(t.app, 'admin');
    const items = (await admin.get('/api/properties/categories/guide_language/items')).json()
      .data as (PropertyItem & { version: number })[];
    const th = items.find((i) => i.value === 'th')!;
    const off = await admin.put(`/api/properties/items/${th.id}`, {
      labelZh: th.labelZh,
      labelEn: th.labelEn,
      enabled: false,
      version: th.version,
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const before = await read(id);
      const res = await operator.put(
        `/api/guides/${id}`,
        guideUpdateBodyOf(before, { homeCity: '宁波' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const after = await read(id);
      expect(changedKeys(RECORD_KEYS, before, after)).toEqual(['homeCity']);
      // Newly choosing the disabled language is still refused.
      const other = await read(await create({}));
      const refused = await operator.put(
        `/api/guides/${other.id}`,
        guideUpdateBodyOf(other, {
          languages: [...other.languages, { language: 'th', proficiency: 'basic' }],
        }),
      );
      expect(refused.statusCode).toBe(400);
    } finally {
      const now = (await admin.get('/api/properties/categories/guide_language/items')).json()
        .data as (PropertyItem & { version: number })[];
      const item = now.find((i) => i.value === 'th')!;
      await admin.put(`/api/properties/items/${item.id}`, {
        labelZh: item.labelZh,
        labelEn: item.labelEn,
        enabled: true,
        version: item.version,
      });
    }
  });

  it('a stale version is still 409 when nothing changed', async () => {
    const g = await read(await create({}));
    const res = await operator.put(`/api/guides/${g.id}`, {
      ...guideUpdateBodyOf(g),
      version: g.version + 1,
    });
    expect(res.statusCode).toBe(409);
  });
});
