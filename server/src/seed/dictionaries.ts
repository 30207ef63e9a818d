// Dictionaries every form's choices come from (product.md, "Properties").
export interface DictionarySeed {
  code: string;
  nameZh: string;
  nameEn: string;
  items: [value: string, zh: string, en: string][];
}

export const DICTIONARIES: DictionarySeed[] = [
  {
    code: 'guide_language',
    nameZh: '导游语种',
    nameEn: 'Guide languages',
    items: [
      ['zh', '普通话', 'Mandarin'],
      ['yue', '粤语', 'Cantonese'],
      ['en', '英语', 'English'],
      ['ja', '日语', 'Japanese'],
      ['ko', '韩语', 'Korean'],
      ['fr', '法语', 'French'],
      ['de', '德语', 'German'],
      ['es', '西班牙语', 'Spanish'],
      ['ru', '俄语', 'Russian'],
      ['th', '泰语', 'Thai'],
    ],
  },
  {
    code: 'guide_specialty',
    nameZh: '导游特长',
    nameEn: 'Guide specialties',
    items: [
      ['history', '历史文化', 'History and culture'],
      ['nature', '自然生态', 'Nature and ecology'],
      ['architecture', '古建筑', 'Ancient architecture'],
      ['food', '美食', 'Food'],
      ['religion', '宗教文化', 'Religious culture'],
      ['photography', '摄影', 'Photography'],
      ['hiking', '徒步登山', 'Hiking'],
      ['family', '亲子研学', 'Family and study tours'],
    ],
  },
  {
    code: 'scenic_category',
    nameZh: '景点类别',
    nameEn: 'Scenic categories',
    items: [
      ['natural', '自然风光', 'Natural scenery'],
      ['historic', '历史古迹', 'Historic site'],
      ['museum', '博物馆', 'Museum'],
      ['theme_park', '主题乐园', 'Theme park'],
      ['religious', '宗教场所', 'Religious site'],
      ['urban', '城市地标', 'Urban landmark'],
      ['water', '水域景观', 'Lakes and rivers'],
      ['mountain', '名山', 'Mountain'],
    ],
  },
  {
    code: 'agency',
    nameZh: '组团社',
    nameEn: 'Source agencies',
    items: [
      ['cits', '中国国际旅行社', 'China International Travel Service'],
      ['cts', '中国旅行社', 'China Travel Service'],
      ['cyts', '中青旅', 'China Youth Travel Service'],
      ['spring', '春秋旅游', 'Spring Tour'],
      ['ctrip', '携程旅行', 'Trip.com'],
      ['tuniu', '途牛旅游', 'Tuniu'],
    ],
  },
  {
    code: 'market',
    nameZh: '客源市场',
    nameEn: 'Markets',
    items: [
      ['domestic', '国内游', 'Domestic'],
      ['inbound', '入境游', 'Inbound'],
      ['outbound', '出境游', 'Outbound'],
    ],
  },
];
