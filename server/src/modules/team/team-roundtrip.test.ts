// Form round trip for the team and its itinerary (issue 25, defect 1 and the "form round trip"
// family): a team opened in its edit form and saved untouched stays exactly as it was (no new
// version, no write), and a change of one field changes that field only — on a team with every
// optional field set and on one with every optional field empty. The payloads are what the edit
// forms send: every editable field of the record as it is read (teamFields' keys), and the
// itinerary's items as the editor holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  periodDates,
  teamDetail,
  teamFields,
  type Team,
  type TeamInput,
} from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { spotBody } from '../../../test/support/spots';
import { auditLog } from '../audit/schema';

let t: TestApp;
let operator: Client;
const spots: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
  for (const n of [1, 2]) {
    const res = await operator.post(
      '/api/scenic/spots',
      spotBody({ name: `往返景点${n}`, dailyCapacity: 5000, instantCapacity: 500 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    spots.push(res.json().data.id);
  }
});
afterAll(() => t.close());

/** Far enough ahead that demo teams never share a spot-day with these. */
const base = addDays(isoToday(), 500);

const FULL: TeamInput = {
  name: '全字段团',
  agency: 'cits',
  agencyRef: 'REF-2026-07',
  market: 'inbound',
  paxAdults: 7,
  paxChildren: 2,
  paxSeniors: 1,
  language: 'en',
  vip: true,
  leadContactName: '王领队',
  leadContactPhone: '13812345678',
  escortName: '赵全陪',
  escortPhone: '13987654321',
  startDate: base,
  endDate: addDays(base, 2),
  pickupPoint: '首都机场 T3',
  pickupTime: '08:00',
  notes: '素食两位\n需要轮椅',
};

/** Every optional field left out: the create defaults (blank, 0, false). */
const EMPTY: TeamInput = {
  name: '空字段团',
  agency: 'cts',
  market: 'domestic',
  paxAdults: 3,
  language: 'zh',
  leadContactName: '钱领队',
  leadContactPhone: '13700001111',
  startDate: addDays(base, 10),
  endDate: addDays(base, 11),
};

/** One other value per editable field (a valid change on either fixture). */
const CHANGES: { [K in keyof typeof teamFields]: (team: Team) => Team[K] } = {
  name: (x) => `${x.name}改`,
  agency: (x) => (x.agency === 'cyts' ? 'spring' : 'cyts'),
  agencyRef: (x) => (x.agencyRef ? '' : 'NEW-REF'),
  market: (x) => (x.market === 'outbound' ? 'domestic' : 'outbound'),
  paxAdults: (x) => x.paxAdults + 4,
  paxChildren: (x) => (x.paxChildren ? 0 : 3),
  paxSeniors: (x) => (x.paxSeniors ? 0 : 2),
  language: (x) => (x.language === 'ja' ? 'ko' : 'ja'),
  vip: (x) => !x.vip,
  leadContactName: (x) => `${x.leadContactName}二`,
  leadContactPhone: () => '13600002222',
  escortName: (x) => (x.escortName ? '' : '孙全陪'),
  escortPhone: (x) => (x.escortPhone ? '' : '13500003333'),
  startDate: (x) => addDays(x.startDate, -1),
  endDate: (x) => addDays(x.endDate, 1),
  pickupPoint: (x) => (x.pickupPoint ? '' : '虹桥站'),
  pickupTime: (x) => (x.pickupTime ? '' : '07:30'),
  notes: (x) => (x.notes ? '' : '新的备注'),
};

/** Fields a change of `key` also moves (derived from it), besides the bookkeeping. */
const FOLLOWS: Partial<Record<keyof typeof teamFields, (keyof Team)[]>> = {
  paxAdults: ['pax'],
  paxChildren: ['pax'],
  paxSeniors: ['pax'],
  // Day n stays day n: a new start moves the itinerary with it.
  startDate: ['itinerary'],
};
/** The record's bookkeeping of a write. */
const WRITE_STAMP: (keyof Team)[] = ['version', 'updatedAt', 'updatedBy', 'history'];

/** What the edit form sends for `team` untouched: every editable field as read, and its version. */
const editPayload = (team: Team) => ({
  ...Object.fromEntries(
    Object.keys(teamFields).map((k) => [k, (team as Record<string, unknown>)[k]]),
  ),
  version: team.version,
});

/** What the itinerary editor sends for `team` untouched. */
const itineraryPayload = (team: Team) => ({
  items: team.itinerary.map(({ date, spotId, plannedStart, plannedEnd, notes }) => ({
    date,
    spotId,
    plannedStart,
    plannedEnd,
    notes,
  })),
  confirmCapacityWarning: false,
  version: team.version,
});

const read = async (id: number): Promise<Team> => {
  const res = await operator.get(`/api/teams/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Every field of the response contract whose value differs between `a` and `b`. */
const changedFields = (a: Team, b: Team) =>
  Object.keys(teamDetail.shape).filter(
    (k) =>
      JSON.stringify((a as Record<string, unknown>)[k]) !==
      JSON.stringify((b as Record<string, unknown>)[k]),
  );

const auditRows = (id: number) =>
  t.services.db
    .select({ action: auditLog.action, diff: auditLog.diff })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(id))));

/** Creates the team with a two-item itinerary on every day (notes on each when `notes`). */
async function createWithItinerary(input: TeamInput, notes: boolean): Promise<Team> {
  const created = await operator.post('/api/teams', input);
  expect(created.statusCode, created.body).toBe(200);
  const team: Team = created.json().data;
  const items = periodDates(team.startDate, team.endDate).flatMap((date, d) => [
    {
      date,
      spotId: spots[0],
      plannedStart: '09:00',
      plannedEnd: '11:30',
      notes: notes ? `第${d + 1}天上午` : '',
    },
    {
      date,
      spotId: spots[1],
      plannedStart: '14:00',
      plannedEnd: '17:00',
      notes: notes ? `第${d + 1}天下午` : '',
    },
  ]);
  const saved = await operator.put(`/api/teams/${team.id}/itinerary`, {
    items,
    version: team.version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return read(team.id);
}

describe.each([
  ['every optional field set', FULL, true],
  ['every optional field empty', EMPTY, false],
] as const)('the team edit form, %s', (_, input, notes) => {
  let team: Team;
  beforeAll(async () => {
    team = await createWithItinerary(input, notes);
    // The fixture is what it says: the optional fields set, or all blank.
    for (const key of ['agencyRef', 'escortName', 'escortPhone', 'pickupPoint', 'pickupTime'])
      expect(Boolean((team as Record<string, unknown>)[key]), key).toBe(notes);
  });

  it('saved untouched leaves the record as it was: no new version, no write', async () => {
    const before = await read(team.id);
    const audits = (await auditRows(team.id)).length;
    const res = await operator.put(`/api/teams/${team.id}`, editPayload(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(team.id);
    expect(changedFields(before, after)).toEqual([]);
    expect(after).toEqual(before);
    // The request is on record (the audit plugin), but no change to the team is.
    const rows = await auditRows(team.id);
    expect(rows.slice(audits).filter((r) => r.diff && Object.keys(r.diff).length)).toEqual([]);
  });

  it('refuses an update that leaves a field out instead of blanking it (PUT)', async () => {
    const before = await read(team.id);
    for (const key of ['escortName', 'pickupPoint', 'pickupTime', 'paxChildren', 'notes']) {
      const body: Record<string, unknown> = editPayload(before);
      delete body[key];
      const res = await operator.put(`/api/teams/${team.id}`, body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(key);
    }
    expect(await read(team.id)).toEqual(before);
  });

  it.each(Object.keys(CHANGES) as (keyof typeof teamFields)[])(
    'a change of %s changes that field only',
    async (key) => {
      const before = await read(team.id);
      const value = CHANGES[key](before);
      const res = await operator.put(`/api/teams/${team.id}`, {
        ...editPayload(before),
        [key]: value,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await read(team.id);
      expect(after[key]).toEqual(value);
      expect(after.version).toBe(before.version + 1);
      const allowed = new Set<string>([key, ...(FOLLOWS[key] ?? []), ...WRITE_STAMP]);
      expect(changedFields(before, after).filter((k) => !allowed.has(k))).toEqual([]);
      if (key === 'startDate')
        expect(after.itinerary.map((i) => i.date)).toEqual(
          before.itinerary.map((i) => addDays(i.date, -1)),
        );
      // Back to the fixture for the next field (a change again, so a new version).
      const back = await operator.put(`/api/teams/${team.id}`, {
        ...editPayload(after),
        [key]: before[key],
      });
      expect(back.statusCode, back.body).toBe(200);
    },
  );
});

describe.each([
  ['notes on every item', FULL, true],
  ['no notes on any item', EMPTY, false],
] as const)('the itinerary editor, %s', (_, input, notes) => {
  let team: Team;
  beforeAll(async () => {
    team = await createWithItinerary({ ...input, name: `行程${input.name}`.slice(0, 20) }, notes);
    expect(team.itinerary.length).toBe(2 * periodDates(team.startDate, team.endDate).length);
    expect(team.itinerary.every((i) => Boolean(i.notes) === notes)).toBe(true);
  });

  it('saved untouched leaves the team and every item as they were', async () => {
    const before = await read(team.id);
    const audits = (await auditRows(team.id)).length;
    const res = await operator.put(`/api/teams/${team.id}/itinerary`, itineraryPayload(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(team.id);
    expect(changedFields(before, after)).toEqual([]);
    expect(after).toEqual(before);
    const rows = await auditRows(team.id);
    expect(rows.slice(audits).filter((r) => r.diff && Object.keys(r.diff).length)).toEqual([]);
  });

  it.each(['notes', 'plannedEnd', 'spotId'] as const)(
    "a change of one item's %s changes that item's field only",
    async (field) => {
      const before = await read(team.id);
      const payload = itineraryPayload(before);
      const target = 3;
      const value =
        field === 'notes'
          ? before.itinerary[target].notes
            ? ''
            : '改过的备注'
          : field === 'plannedEnd'
            ? '17:30'
            : spots[0];
      payload.items[target] = { ...payload.items[target], [field]: value };
      const res = await operator.put(`/api/teams/${team.id}/itinerary`, payload);
      expect(res.statusCode, res.body).toBe(200);
      const after = await read(team.id);
      expect(after.version).toBe(before.version + 1);
      expect(changedFields(before, after).filter((k) => !WRITE_STAMP.includes(k as never))).toEqual(
        ['itinerary'],
      );
      // The same items (ids) in the same order; only the one item's field moved.
      expect(after.itinerary.map((i) => i.id)).toEqual(before.itinerary.map((i) => i.id));
      after.itinerary.forEach((item, i) => {
        const was = before.itinerary[i];
        const moved = Object.keys(item).filter(
          (k) => (item as Record<string, unknown>)[k] !== (was as Record<string, unknown>)[k],
        );
        const expected =
          i !== target ? [] : field === 'spotId' ? ['spotId', 'spotName', 'spotCode'] : [field];
        expect(moved, `item ${i}`).toEqual(expected);
      });
    },
  );

  it('an empty itinerary saved untouched stays empty, unwritten', async () => {
    const created = await operator.post('/api/teams', {
      ...input,
      name: `无行程${input.name}`.slice(0, 20),
    });
    expect(created.statusCode, created.body).toBe(200);
    const before = await read(created.json().data.id);
    expect(before.itinerary).toEqual([]);
    const res = await operator.put(`/api/teams/${before.id}/itinerary`, itineraryPayload(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(before.id);
    expect(changedFields(before, after)).toEqual([]);
    expect(after).toEqual(before);
  });
});
