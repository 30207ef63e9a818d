// The guide section's component-test records: a guide with every field set (a round trip
// through a form must keep each one).
import type { Guide } from '@console/shared';

/** A guide with every optional field set. */
export const FULL_GUIDE: Guide = {
  id: 7,
  code: 'G000007',
  name: '李雷',
  gender: 'male',
  phone: '13812345678',
  homeCity: '杭州',
  employmentType: 'staff',
  licenceNo: 'D-3100-000007',
  licenceType: 'national',
  level: 'senior',
  licenceExpiry: '2030-12-31',
  maxGroupSize: 40,
  status: 'active',
  languages: [{ language: 'zh', proficiency: 'native' }],
  figures: { teamsLed: 3, daysWorked30: 4, averageRating: 4.5 },
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
  birthDate: '1990-05-01',
  email: 'li@example.com',
  emergencyContactName: '韩梅梅',
  emergencyContactPhone: '13900001111',
  wechatId: 'lilei_hz',
  avatar: '/avatars/li.png',
  levelObtainedOn: '2015-03-01',
  specialties: [],
  certifications: [],
  statusReason: '',
  statusChangedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 1,
};
