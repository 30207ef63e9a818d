// Demo guides (issue #7): ~120 guides with realistic names, a spread of levels, languages and
// statuses, some licences expiring soon, some on leave. The same generator fills the
// benchmark database (100 000 guides). Deterministic: a seeded generator, dates relative to
// the day of seeding.
import { gte, sql } from 'drizzle-orm';
import { addDays, GUIDE_LEVELS, isoToday, type GuideLevel } from '@console/shared';
import { withNameSort } from '../../db/sort-key';
import type { DbOrTx, Tx } from '../../db/types';
import { guideCertifications, guides } from './schema';
import { scenicSpots } from '../scenic/schema';
import { chunks } from '../../db/chunks';
import { insertGuideChildren, type GuideInsert } from './guides-queries';
import { insertUnavailabilityMany } from './unavailability-queries';

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史黎贺顾毛郝龚邵万钱覃武戴孔汤庞樊兰殷施陶洪翟安颜倪严牛温芦季俞章鲁葛伍申尤毕聂柴焦向柳邢岳齐沿梅莫庄辛管祝左涂谷祁时舒耿牟卜路詹关苗凌费纪靳盛童欧甄项曲成游阳裴席卫查屈鲍位覃霍翁隋植甘景薄单包司柏宁柯阮桂闵欧阳解强丛华车冉房边'.split(
    '',
  );
export const GIVEN_MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '斌',
  '超',
  '明',
  '刚',
  '平',
  '辉',
  '鹏',
  '华',
  '飞',
  '浩然',
  '子轩',
  '宇航',
  '志强',
  '建国',
  '俊杰',
  '文博',
  '海涛',
  '晓东',
  '振宇',
  '天佑',
  '嘉懿',
  '明轩',
];
export const GIVEN_FEMALE = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '娟',
  '霞',
  '婷',
  '雪',
  '琳',
  '颖',
  '倩',
  '洁',
  '玲',
  '雨涵',
  '欣怡',
  '梓涵',
  '诗琪',
  '晓燕',
  '丽华',
  '秀英',
  '佳怡',
  '思雨',
  '婉清',
  '梦瑶',
  '静怡',
  '慧敏',
];
export const CITIES = [
  '北京',
  '上海',
  '杭州',
  '西安',
  '成都',
  '桂林',
  '昆明',
  '丽江',
  '张家界',
  '黄山',
  '苏州',
  '南京',
  '厦门',
  '三亚',
  '重庆',
  '拉萨',
  '大理',
  '青岛',
  '广州',
  '洛阳',
];
const FOREIGN = ['en', 'en', 'en', 'ja', 'ko', 'fr', 'de', 'es', 'ru', 'th'];
const SPECIALTIES = [
  'history',
  'nature',
  'architecture',
  'food',
  'religion',
  'photography',
  'hiking',
  'family',
];
const REASONS = ['年假', '探亲', '婚假', '参加导游年审培训', '身体不适', '调休'];

/** Small deterministic generator (mulberry32) so demo and benchmark data are repeatable. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

export interface GeneratedGuide {
  row: GuideInsert;
  languages: { language: string; proficiency: string }[];
  specialties: string[];
  onLeave: boolean;
}

/** `n` guides numbered from `start` (codes G000001 …), spread over levels and statuses. */
export function generateGuides(
  n: number,
  seed = 7,
  start = 1,
  today = isoToday(),
): GeneratedGuide[] {
  const r = rng(seed);
  const out: GeneratedGuide[] = [];
  for (let i = 0; i < n; i++) {
    const num = start + i;
    const gender = r.next() < 0.55 ? 'female' : 'male';
    const name = r.pick(SURNAMES) + r.pick(gender === 'female' ? GIVEN_FEMALE : GIVEN_MALE);
    const age = r.int(23, 58);
    const birthDate = addDays(today, -(age * 365 + r.int(0, 364)));
    // Older guides tend to hold higher levels.
    const levelIndex = Math.min(3, Math.max(0, Math.floor((age - 23) / 9 + r.next() - 0.5)));
    const level: GuideLevel = GUIDE_LEVELS[levelIndex];
    const obtainedDaysAgo = r.int(60, Math.max(90, (age - 21) * 365 - 400));
    const levelObtainedOn = addDays(today, -obtainedDaysAgo);
    const roll = r.next();
    // ~8 % expiring within 30 days, ~3 % expired (and so suspended), the rest valid for years.
    const licenceExpiry =
      roll < 0.08
        ? addDays(today, r.int(1, 29))
        : roll < 0.11
          ? addDays(today, -r.int(5, 120))
          : addDays(today, r.int(60, 5 * 365));
    const expired = licenceExpiry < today;
    const statusRoll = r.next();
    const status = expired
      ? 'suspended'
      : statusRoll < 0.08
        ? 'on_leave'
        : statusRoll < 0.11
          ? 'inactive'
          : statusRoll < 0.13
            ? 'suspended'
            : 'active';
    const languages = [{ language: 'zh', proficiency: 'native' }];
    if (r.next() < 0.3)
      languages.push({ language: 'yue', proficiency: r.pick(['native', 'fluent']) });
    const foreignCount = levelIndex >= 2 ? r.int(1, 2) : r.next() < 0.45 ? 1 : 0;
    for (let k = 0; k < foreignCount; k++) {
      const lang = r.pick(FOREIGN);
      if (!languages.some((l) => l.language === lang)) {
        languages.push({ language: lang, proficiency: r.pick(['fluent', 'working', 'basic']) });
      }
    }
    const specialties = [...new Set([r.pick(SPECIALTIES), r.pick(SPECIALTIES)])].slice(
      0,
      r.int(1, 2),
    );
    const phone = `1${r.pick(['3', '5', '7', '8', '9'])}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
    out.push({
      row: {
        code: `G${String(num).padStart(6, '0')}`,
        name,
        gender,
        birthDate,
        phone,
        email: r.next() < 0.7 ? `guide${num}@example.com` : '',
        emergencyContactName: r.pick(SURNAMES) + r.pick([...GIVEN_FEMALE, ...GIVEN_MALE]),
        emergencyContactPhone: `139${String(r.int(0, 99_999_999)).padStart(8, '0')}`,
        wechatId: r.next() < 0.6 ? `guide_${num}` : '',
        avatar: '',
        homeCity: r.pick(CITIES),
        employmentType: r.pick(['staff', 'staff', 'contract', 'freelance'] as const),
        licenceNo: `D-${String(3100 + (num % 97)).padStart(4, '0')}-${String(num).padStart(6, '0')}`,
        licenceType: r.pick([
          'national',
          'national',
          'national',
          'scenic_area',
          'tour_leader',
        ] as const),
        level,
        levelRank: levelIndex,
        levelObtainedOn,
        licenceExpiry,
        maxGroupSize: r.pick([20, 30, 40, 45, 50, 60]),
        status,
        statusReason:
          status === 'suspended'
            ? expired
              ? '导游证已过期'
              : '游客投诉调查中'
            : status === 'inactive'
              ? '已离职'
              : status === 'on_leave'
                ? '休假'
                : '',
        statusChangedAt: status === 'active' ? null : new Date(),
      },
      languages,
      specialties,
      onLeave: status === 'on_leave',
    });
  }
  return out;
}

/** Bulk-inserts generated guides with their languages and specialties; returns their ids. */
export async function insertGeneratedGuides(db: DbOrTx, items: GeneratedGuide[]) {
  const ids: number[] = [];
  for (const chunk of chunks(items, 1000)) {
    const rows = await db
      .insert(guides)
      .values(chunk.map((g) => withNameSort(g.row, true)))
      .returning({ id: guides.id });
    ids.push(...rows.map((r) => r.id));
  }
  await insertGuideChildren(
    db,
    items.map((g, i) => ({
      guideId: ids[i],
      languages: g.languages,
      specialties: g.specialties,
      certifications: [],
    })),
  );
  return ids;
}

export async function seedDemoGuides(tx: Tx) {
  const today = isoToday();
  const items = generateGuides(120, 7, 1, today);
  const ids = await insertGeneratedGuides(tx, items);
  // Keep the code sequence ahead of the seeded codes.
  await tx.execute(sql`select setval('guide_code_seq', ${items.length})`);
  const r = rng(11);
  const periods = items.flatMap((g, i) => {
    const guideId = ids[i];
    if (g.onLeave) {
      // Guides on leave have a leave period covering today.
      return [
        {
          guideId,
          type: 'leave' as const,
          startDate: addDays(today, -r.int(1, 5)),
          endDate: addDays(today, r.int(2, 10)),
          reason: r.pick(REASONS),
        },
      ];
    }
    if (g.row.status === 'active' && r.next() < 0.25) {
      const start = r.int(3, 40);
      return [
        {
          guideId,
          type: r.pick(['leave', 'training', 'day_off', 'sick'] as const),
          startDate: addDays(today, start),
          endDate: addDays(today, start + r.int(0, 4)),
          reason: r.pick(REASONS),
        },
      ];
    }
    return [];
  });
  await insertUnavailabilityMany(tx, periods);
}

/**
 * Certifications for senior and special demo guides at spots that admit certified guides only.
 * Runs after the scenic demo data (it needs the spots).
 */
export async function seedDemoGuideCertifications(tx: Tx) {
  const spots = await tx
    .select({ id: scenicSpots.id, certifiedOnly: scenicSpots.certifiedGuidesOnly })
    .from(scenicSpots)
    .orderBy(scenicSpots.id)
    .limit(50);
  if (spots.length === 0) return;
  const preferred = spots.filter((sp) => sp.certifiedOnly);
  const pool = preferred.length > 0 ? preferred : spots;
  const seniors = await tx
    .select({ id: guides.id })
    .from(guides)
    .where(gte(guides.levelRank, 2))
    .orderBy(guides.id);
  const today = isoToday();
  const r = rng(23);
  const rows = seniors.flatMap((g) => {
    const picks = [...new Set([r.pick(pool).id, r.pick(pool).id])];
    return picks.map((spotId) => ({
      guideId: g.id,
      spotId,
      validUntil: addDays(today, r.next() < 0.15 ? r.int(1, 25) : r.int(90, 900)),
    }));
  });
  for (const chunk of chunks(rows)) await tx.insert(guideCertifications).values(chunk);
}
