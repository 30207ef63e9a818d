// A valid guide create body for API tests; every call gets its own code and licence number.
// And the update body of a guide as read back, by the update contract's fields.
import type { z } from 'zod';
import {
  addDays,
  guideCreateBody,
  guideUpdateBody,
  isoToday,
  type Guide,
  type GuideUpdateBody,
} from '@console/shared';
import { fieldsOf } from '../../src/db/row-shape';

let seq = 0;

/** A create body as a client sends it: fields with a default (descriptive ones) may be absent. */
type GuideCreateInput = z.input<typeof guideCreateBody>;

export function guideBody(overrides: Partial<GuideCreateInput> = {}): GuideCreateInput {
  seq++;
  return {
    code: `G9${String(seq).padStart(5, '0')}`,
    name: '测试导游',
    gender: 'female',
    birthDate: '1990-05-01',
    phone: '13812345678',
    email: 'guide@example.com',
    emergencyContactName: '王五',
    emergencyContactPhone: '13900001111',
    avatar: '',
    homeCity: '杭州',
    employmentType: 'staff',
    licenceNo: `TEST-${seq}-${Date.now()}`,
    licenceType: 'national',
    level: 'senior',
    levelObtainedOn: '2015-03-01',
    licenceExpiry: addDays(isoToday(), 400),
    maxGroupSize: 40,
    languages: [
      { language: 'zh', proficiency: 'native' },
      { language: 'en', proficiency: 'fluent' },
    ],
    specialties: ['history'],
    certifications: [],
    ...overrides,
  };
}

/** What a client sends to save `g` unchanged (plus `changes`): every field the contract names. */
export function guideUpdateBodyOf(
  g: Guide,
  changes: Partial<GuideUpdateBody> = {},
): GuideUpdateBody {
  return {
    ...fieldsOf(guideUpdateBody, g, ['certifications']),
    certifications: g.certifications.map(({ spotId, validUntil }) => ({ spotId, validUntil })),
    ...changes,
  };
}
