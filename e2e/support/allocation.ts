// Records for the allocation and team tests (issue #14), made through the API far in the future
// (days 400+), away from the demo data's teams: a spot, guides every rule admits, pending teams.
import type { Page } from 'playwright-core';
import { addDays, localDate } from '@console/shared';
import { api } from './api';

/** A calendar day in the operation's time zone, `offset` days from today. */
export const day = (offset: number) => addDays(localDate(), offset);

export interface Created {
  id: number;
  code: string;
  name: string;
}

/** A spot with room for every team below; its code and name are `prefix` and `stamp`. */
export async function createSpot(
  page: Page,
  stamp: string,
  prefix = { code: 'AL', name: '分配景点' },
): Promise<number> {
  const spot = await api<{ id: number }>(page, 'POST', '/scenic/spots', {
    code: `${prefix.code}${stamp}`,
    name: `${prefix.name}${stamp}`,
    grade: 'AAAA',
    category: 'natural',
    province: '浙江省',
    city: '杭州市',
    latitude: 30.25,
    longitude: 120.15,
    openTime: '08:00',
    closeTime: '18:00',
    avgVisitMinutes: 120,
    dailyCapacity: 10_000,
    instantCapacity: 5_000,
    maxPaxPerGuide: 100,
    priceAdult: 0,
    priceChild: 0,
  });
  return spot.id;
}

/**
 * A guide every rule admits for the teams below: senior, native Mandarin, licence valid (another
 * level or language when a test asks for one).
 */
export async function createGuide(
  page: Page,
  name: string,
  licence: string,
  { level = 'senior', language = 'zh' } = {},
): Promise<Created> {
  const g = await api<{ id: number; code: string }>(page, 'POST', '/guides', {
    name,
    gender: 'female',
    birthDate: '1988-03-02',
    phone: '13900001234',
    employmentType: 'staff',
    licenceNo: licence,
    licenceType: 'national',
    level,
    levelObtainedOn: '2015-06-01',
    licenceExpiry: day(900),
    maxGroupSize: 100,
    languages: [{ language, proficiency: 'native' }],
    specialties: [],
    certifications: [],
  });
  return { id: g.id, code: g.code, name };
}

/** A pending team of `pax` (default 10) over [start, end] visiting `spotId` each day. */
export async function createPendingTeam(
  page: Page,
  name: string,
  start: number,
  end: number,
  spotId: number,
  pax = 10,
): Promise<Created> {
  const team = await api<{ id: number; code: string; version: number }>(page, 'POST', '/teams', {
    name,
    agency: 'cts',
    market: 'domestic',
    paxAdults: pax,
    language: 'zh',
    leadContactName: '王领队',
    leadContactPhone: '13812345678',
    startDate: day(start),
    endDate: day(end),
  });
  const days = Array.from({ length: end - start + 1 }, (_, i) => day(start + i));
  const saved = await api<{ team: { version: number } }>(
    page,
    'PUT',
    `/teams/${team.id}/itinerary`,
    {
      items: days.map((date) => ({ date, spotId, plannedStart: '09:00', plannedEnd: '11:00' })),
      confirmCapacityWarning: true,
      version: team.version,
    },
  );
  await api(page, 'POST', `/teams/${team.id}/transition`, {
    to: 'pending',
    version: saved.team.version,
  });
  return { id: team.id, code: team.code, name };
}
