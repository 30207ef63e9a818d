// A valid scenic spot create body for API tests: open all day, a code and a name no other call
// gets; a test passes what it needs different (capacities, hours, prices …).
let seq = 0;

export function spotBody(over: Record<string, unknown> = {}) {
  seq++;
  const tag = `${Date.now().toString(36)}-${seq}`;
  return {
    code: `T-${tag}`,
    name: `测试景点${tag}`,
    grade: 'AAAA',
    category: 'natural',
    province: '浙江',
    city: '杭州',
    address: '西湖区',
    latitude: 30.25,
    longitude: 120.15,
    openTime: '00:00',
    closeTime: '23:59',
    avgVisitMinutes: 120,
    description: '',
    images: [],
    dailyCapacity: 1000,
    instantCapacity: 100,
    reservationRequired: false,
    certifiedGuidesOnly: false,
    maxPaxPerGuide: 30,
    priceAdult: 5000,
    priceChild: 2500,
    ...over,
  };
}
