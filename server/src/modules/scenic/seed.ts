// Demo scenic spots (issue #6): about 30 well-known spots across provinces, mixed grades and
// categories, each with 30 days of plausible visitor flow (half-hourly readings shaped by a
// morning peak, weekends and each spot's popularity) plus today's readings up to now.
import { eq } from 'drizzle-orm';
import {
  SCENIC_BUCKET_MS,
  scenicLocalDate,
  scenicStartOfDay,
  type ScenicGrade,
} from '@console/shared';
import type { Tx } from '../../db/types';
import { insertReadings, rebuildRollUp, type FlowInsert } from './flow-queries';
import { insertSpots, type SpotValues } from './spots-queries';
import { scenicMaintenanceWindows, scenicSpots } from './schema';

type Demo = [
  code: string,
  name: string,
  grade: ScenicGrade,
  category: string,
  province: string,
  city: string,
  address: string,
  lat: number,
  lng: number,
  hours: string,
  visitMinutes: number,
  daily: number,
  adultYuan: number,
  /** Share of the daily capacity a typical day fills (drives quiet … crowded). */
  popularity: number,
];

// prettier-ignore
const SPOTS: Demo[] = [
  ['BJ-GUGONG', '故宫博物院', 'AAAAA', 'museum', '北京', '北京', '东城区景山前街4号', 39.9163, 116.3972, '08:30-17:00', 240, 40000, 60, 0.95],
  ['BJ-BADALING', '八达岭长城', 'AAAAA', 'historic', '北京', '北京', '延庆区八达岭镇', 40.3594, 116.02, '07:30-17:00', 210, 65000, 40, 0.8],
  ['BJ-YIHEYUAN', '颐和园', 'AAAAA', 'historic', '北京', '北京', '海淀区新建宫门路19号', 39.9999, 116.2755, '06:30-18:00', 180, 60000, 30, 0.6],
  ['BJ-TIANTAN', '天坛公园', 'AAAAA', 'historic', '北京', '北京', '东城区天坛内东里7号', 39.8822, 116.4066, '06:00-21:00', 120, 50000, 15, 0.45],
  ['SH-DISNEY', '上海迪士尼乐园', 'none', 'theme_park', '上海', '上海', '浦东新区川沙新镇黄赵路310号', 31.1434, 121.6577, '08:30-20:30', 480, 80000, 475, 0.85],
  ['SH-BUND', '外滩', 'none', 'urban', '上海', '上海', '黄浦区中山东一路', 31.24, 121.49, '00:00-23:59', 90, 120000, 0, 0.5],
  ['SH-ORIENTALPEARL', '东方明珠广播电视塔', 'AAAAA', 'urban', '上海', '上海', '浦东新区世纪大道1号', 31.2397, 121.4998, '09:00-21:30', 120, 30000, 199, 0.55],
  ['ZJ-XIHU', '西湖风景名胜区', 'AAAAA', 'water', '浙江', '杭州', '西湖区龙井路1号', 30.2431, 120.1503, '00:00-23:59', 240, 150000, 0, 0.6],
  ['ZJ-LINGYIN', '灵隐寺', 'AAAA', 'religious', '浙江', '杭州', '西湖区法云弄1号', 30.2407, 120.1015, '07:00-18:00', 120, 20000, 75, 0.5],
  ['ZJ-WUZHEN', '乌镇西栅', 'AAAAA', 'historic', '浙江', '嘉兴', '桐乡市乌镇石佛南路18号', 30.7447, 120.4866, '09:00-22:00', 300, 45000, 150, 0.65],
  ['JS-ZHUOZHENG', '拙政园', 'AAAAA', 'historic', '江苏', '苏州', '姑苏区东北街178号', 31.3245, 120.629, '07:30-17:30', 120, 18000, 80, 0.9],
  ['JS-ZHONGSHANLING', '中山陵', 'AAAAA', 'historic', '江苏', '南京', '玄武区石象路7号', 32.0642, 118.8485, '08:30-17:00', 150, 40000, 0, 0.55],
  ['JS-FUZIMIAO', '夫子庙秦淮风光带', 'AAAAA', 'urban', '江苏', '南京', '秦淮区贡院街152号', 32.0205, 118.7889, '09:00-22:00', 150, 70000, 0, 0.4],
  ['SN-BINGMAYONG', '秦始皇兵马俑博物馆', 'AAAAA', 'museum', '陕西', '西安', '临潼区秦陵北路', 34.3853, 109.2785, '08:30-17:00', 180, 65000, 120, 0.9],
  ['SN-DAYANTA', '大雁塔', 'AAAA', 'religious', '陕西', '西安', '雁塔区雁塔路', 34.2197, 108.964, '08:00-17:30', 90, 25000, 40, 0.5],
  ['SN-HUASHAN', '华山', 'AAAAA', 'mountain', '陕西', '渭南', '华阴市玉泉路', 34.4773, 110.0894, '07:00-19:00', 480, 36000, 160, 0.45],
  ['SC-JIUZHAIGOU', '九寨沟', 'AAAAA', 'natural', '四川', '阿坝', '九寨沟县漳扎镇', 33.26, 103.918, '08:00-17:00', 480, 41000, 190, 0.7],
  ['SC-EMEISHAN', '峨眉山', 'AAAAA', 'mountain', '四川', '乐山', '峨眉山市名山南路', 29.5203, 103.3322, '06:00-18:00', 480, 48000, 160, 0.35],
  ['SC-PANDA', '成都大熊猫繁育研究基地', 'AAAA', 'natural', '四川', '成都', '成华区熊猫大道1375号', 30.733, 104.1466, '07:30-18:00', 180, 35000, 55, 0.85],
  ['SC-WUHOUCI', '成都武侯祠', 'AAAA', 'historic', '四川', '成都', '武侯区武侯祠大街231号', 30.6459, 104.0479, '08:00-18:00', 90, 20000, 50, 0.3],
  ['AH-HUANGSHAN', '黄山风景区', 'AAAAA', 'mountain', '安徽', '黄山', '黄山区汤口镇', 30.1327, 118.1664, '06:30-17:30', 600, 50000, 190, 0.55],
  ['AH-HONGCUN', '宏村', 'AAAAA', 'historic', '安徽', '黄山', '黟县宏村镇', 30.0033, 117.9853, '07:30-17:30', 180, 20000, 94, 0.4],
  ['HN-ZHANGJIAJIE', '张家界国家森林公园', 'AAAAA', 'natural', '湖南', '张家界', '武陵源区金鞭路', 29.325, 110.434, '07:00-18:00', 600, 50000, 225, 0.5],
  ['HN-YUELUSHAN', '岳麓山', 'AAAAA', 'mountain', '湖南', '长沙', '岳麓区登高路58号', 28.1873, 112.9393, '06:00-22:00', 180, 60000, 0, 0.25],
  ['GX-LIJIANG', '漓江景区', 'AAAAA', 'water', '广西', '桂林', '阳朔县漓江东岸', 25.0773, 110.447, '08:00-17:00', 300, 30000, 215, 0.6],
  ['GX-XIANGBISHAN', '象鼻山', 'AAAA', 'natural', '广西', '桂林', '象山区滨江路', 25.2677, 110.2956, '06:30-19:00', 60, 15000, 55, 0.2],
  ['YN-LIJIANGGUCHENG', '丽江古城', 'AAAAA', 'historic', '云南', '丽江', '古城区新华街', 26.8721, 100.2299, '00:00-23:59', 240, 80000, 0, 0.45],
  ['YN-SHILIN', '石林风景区', 'AAAAA', 'natural', '云南', '昆明', '石林彝族自治县', 24.816, 103.325, '08:00-18:00', 180, 40000, 130, 0.3],
  ['FJ-GULANGYU', '鼓浪屿', 'AAAAA', 'historic', '福建', '厦门', '思明区鼓浪屿', 24.4471, 118.0645, '06:30-22:00', 300, 50000, 35, 0.75],
  ['SD-TAISHAN', '泰山', 'AAAAA', 'mountain', '山东', '泰安', '泰山区红门路', 36.254, 117.101, '00:00-23:59', 480, 60000, 115, 0.4],
  ['GS-MOGAOKU', '莫高窟', 'AAAAA', 'religious', '甘肃', '敦煌', '敦煌市东南25公里', 40.042, 94.804, '08:00-18:00', 150, 6000, 238, 0.95],
  ['GD-CHIMELONG', '长隆野生动物世界', 'AAAAA', 'theme_park', '广东', '广州', '番禺区汉溪大道', 23.0035, 113.324, '09:30-18:00', 360, 45000, 300, 0.7],
  ['HB-GUIYUANSI', '归元禅寺', 'AAA', 'religious', '湖北', '武汉', '汉阳区翠微路20号', 30.5505, 114.2605, '08:00-17:00', 60, 8000, 10, 0.3],
  ['JX-TENGWANGGE', '滕王阁', 'AAAA', 'historic', '江西', '南昌', '东湖区仿古街58号', 28.6822, 115.8817, '08:00-18:30', 90, 12000, 45, 0.35],
  ['HE-BAILINSI', '柏林禅寺', 'AA', 'religious', '河北', '石家庄', '赵县石塔路23号', 37.7493, 114.7715, '07:00-17:00', 60, 5000, 0, 0.15],
];

const DESCRIPTIONS: Record<string, string> = {
  museum: '馆藏丰富，讲解服务完善，建议提前预约参观时段。',
  historic: '历史遗存保存完好，是了解地方历史文化的代表性景点。',
  theme_park: '大型主题乐园，项目众多，节假日客流集中，建议错峰入园。',
  urban: '城市地标，夜景出众，周边交通便利。',
  water: '湖光水色，四季皆宜，适合乘船或沿岸步行游览。',
  religious: '宗教文化场所，请遵守参观礼仪，部分殿堂禁止拍照。',
  mountain: '名山胜景，登山步道与索道并行，注意天气变化。',
  natural: '自然风光秀丽，生态保护区内请勿离开游览步道。',
};

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function random(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 10_000) / 10_000;
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const openMinutes = (hours: string) => minutesOf(hours.slice(6)) - minutesOf(hours.slice(0, 5));

/**
 * One day of half-hourly readings: arrivals follow a bell curve peaking in the late morning,
 * visitors stay about the spot's average visit time, everyone has left by closing time.
 */
function dayReadings(
  spotId: number,
  day: string,
  open: number,
  close: number,
  visitors: number,
  stayMinutes: number,
  until: number,
  rnd: () => number,
): FlowInsert[] {
  const start = scenicStartOfDay(day).getTime();
  const slots = Math.max(1, Math.floor((close - open) / 30));
  const peak = open + Math.min(150, (close - open) * 0.3);
  const spread = Math.max(60, (close - open) / 4);
  const weights = Array.from({ length: slots }, (_, i) => {
    const t = open + i * 30 + 15;
    return Math.exp(-((t - peak) ** 2) / (2 * spread ** 2)) * (0.85 + rnd() * 0.3);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const arrivals = weights.map((w) => Math.round((visitors * w) / sum));
  // Rounding must not push the day over its visitor count (and so over the daily capacity).
  const peakSlot = arrivals.indexOf(Math.max(...arrivals));
  arrivals[peakSlot] -= arrivals.reduce((a, b) => a + b, 0) - visitors;
  const stay = Math.max(1, Math.round(stayMinutes / 30));
  const rows: FlowInsert[] = [];
  let inPark = 0;
  for (let i = 0; i < slots; i++) {
    const at = start + (open + (i + 1) * 30) * 60_000;
    if (at > until) break;
    const entries = arrivals[i];
    let exits = i === slots - 1 ? inPark + entries : i >= stay ? arrivals[i - stay] : 0;
    exits = Math.min(exits, inPark + entries);
    inPark = inPark + entries - exits;
    rows.push({
      spotId,
      at: new Date(at),
      entries,
      exits,
      inPark,
      gateKeyId: null,
      recordedBy: null,
    });
  }
  return rows;
}

/** Codes of the demo spots (the simulated gate feed reads for these). */
export const SCENIC_DEMO_CODES = SPOTS.map(([code]) => code);

export async function seedScenicDemo(tx: Tx, now = new Date()): Promise<void> {
  const values: SpotValues[] = SPOTS.map(
    ([
      code,
      name,
      grade,
      category,
      province,
      city,
      address,
      latitude,
      longitude,
      hours,
      visit,
      daily,
      adult,
    ]) => {
      const [openTime, closeTime] = hours.split('-');
      return {
        code,
        name,
        grade,
        category,
        province,
        city,
        address,
        latitude,
        longitude,
        openTime,
        closeTime,
        avgVisitMinutes: visit,
        description: `${name}位于${province === city ? city : `${province}${city}`}。${DESCRIPTIONS[category]}`,
        images: [],
        dailyCapacity: daily,
        // Sized so a typical day peaks at a plausible share of it: long visits keep more
        // people in the park at once.
        instantCapacity: Math.round(
          daily * Math.min(0.9, Math.max(0.2, (1.2 * visit) / openMinutes(hours))),
        ),
        reservationRequired: daily <= 45_000 && adult > 0,
        certifiedGuidesOnly: category === 'museum' || category === 'religious',
        maxPaxPerGuide: category === 'museum' ? 25 : 40,
        priceAdult: adult * 100,
        priceChild: adult * 50,
        createdBy: null,
      };
    },
  );
  await insertSpots(tx, values);
  const spots = await tx.select({ id: scenicSpots.id, code: scenicSpots.code }).from(scenicSpots);
  const idOf = new Map(spots.map((s) => [s.code, s.id]));

  const today = scenicLocalDate(now);
  const dayMs = SCENIC_BUCKET_MS['1d'];
  const flow: FlowInsert[] = [];
  const live = new Map<number, FlowInsert>();
  SPOTS.forEach((demo, index) => {
    const [code, , , , , , , , , hours, visit, daily, , popularity] = demo;
    const id = idOf.get(code)!;
    const rnd = random(index * 7919 + 17);
    const open = minutesOf(hours.slice(0, 5));
    const close = Math.min(minutesOf(hours.slice(6)), 23 * 60 + 30);
    for (let d = 30; d >= 0; d--) {
      const day = scenicLocalDate(
        new Date(scenicStartOfDay(today).getTime() - d * dayMs + dayMs / 2),
      );
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
      const visitors = Math.round(daily * popularity * weekend * (0.8 + rnd() * 0.3));
      const rows = dayReadings(
        id,
        day,
        open,
        close,
        Math.min(visitors, daily),
        visit,
        now.getTime(),
        rnd,
      );
      flow.push(...rows);
      if (d === 0 && rows.length > 0) live.set(id, rows[rows.length - 1]);
    }
  });
  await insertReadings(tx, flow);
  await rebuildRollUp(tx);
  for (const [id, last] of live) {
    await tx
      .update(scenicSpots)
      .set({ liveInPark: last.inPark, liveAt: last.at as Date })
      .where(eq(scenicSpots.id, id));
  }

  // Maintenance: one in force now, one finished, one ahead.
  const hour = 60 * 60_000;
  await tx.insert(scenicMaintenanceWindows).values([
    {
      spotId: idOf.get('SC-EMEISHAN')!,
      startAt: new Date(now.getTime() - 20 * hour),
      endAt: new Date(now.getTime() + 52 * hour),
      reason: '金顶索道年度检修，期间限流',
      capacity: 20_000,
    },
    {
      spotId: idOf.get('BJ-BADALING')!,
      startAt: new Date(now.getTime() - 10 * dayMs),
      endAt: new Date(now.getTime() - 8 * dayMs),
      reason: '北七楼段城墙修缮',
      capacity: 40_000,
    },
    {
      spotId: idOf.get('GS-MOGAOKU')!,
      startAt: new Date(now.getTime() + 5 * dayMs),
      endAt: new Date(now.getTime() + 7 * dayMs),
      reason: '洞窟文物保护例行检测，暂停开放',
      capacity: 0,
    },
  ]);
}
