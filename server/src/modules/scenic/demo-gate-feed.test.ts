// The demo flow (issue #16 part 3): a day curve with a midday peak, readings that go through
// the real flow endpoint with real gate keys, and off wherever it must be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { localDateTime, localDate, SCENIC_GATE_KEY_HEADER } from '@console/shared';
import { createTestApp, dbKind, type TestApp } from '../../../test/support/app';
import { testEnv } from '../../../test/support/env';
import { readEnv } from '../../config/env';
import { auditLog } from '../audit/schema';
import {
  DEMO_GATE_KEY_NAME,
  DemoGateFeed,
  demoLoadShare,
  demoReading,
  type GatePost,
} from './demo-gate-feed';
import { scenicFlow, scenicGateKeys } from './schema';
import { SCENIC_DEMO_CODES } from './seed';

const quietLog = { info: () => undefined, warn: () => undefined };

describe('the day curve', () => {
  const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const share = (hhmm: string) => demoLoadShare(at(hhmm), '08:30', '17:00', 0.9);

  it('is empty outside opening hours', () => {
    expect(share('06:00')).toBe(0);
    expect(share('08:29')).toBe(0);
    expect(share('17:00')).toBe(0);
    expect(share('22:00')).toBe(0);
  });

  it('rises to its peak around midday and falls again', () => {
    const day = ['08:30', '09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30', '16:30'];
    const shares = day.map(share);
    const peak = shares.indexOf(Math.max(...shares));
    expect(day[peak]).toBe('12:30');
    expect(shares[peak]).toBeCloseTo(0.9, 5);
    for (let i = 1; i <= peak; i++) expect(shares[i]).toBeGreaterThan(shares[i - 1]);
    for (let i = peak + 1; i < day.length; i++) expect(shares[i]).toBeLessThan(shares[i - 1]);
    expect(shares[0]).toBeGreaterThan(0);
    expect(shares[0]).toBeLessThan(0.3);
  });

  it('keeps a reading consistent: entries − exits lead from the last count to the new one', () => {
    const noon = localDateTime(localDate(new Date()), '12:30');
    for (const current of [0, 300, 900, 2000]) {
      const spot = {
        openTime: '08:00',
        closeTime: '18:00',
        load: {
          inPark: current,
          capacity: 1000,
          loadPercent: 0,
          band: 'quiet' as const,
          warning: false,
          at: null,
        },
      };
      const r = demoReading(spot, 0.8, noon, () => 0.5);
      expect(r.inPark).toBe(800);
      expect(r.entries).toBeGreaterThanOrEqual(0);
      expect(r.exits).toBeGreaterThanOrEqual(0);
      expect(current + r.entries - r.exits).toBe(r.inPark);
      expect(r.at).toBe(noon.toISOString());
    }
  });
});

describe('on or off', () => {
  it('is on by default with demo data on the embedded database only', () => {
    expect(readEnv({}).demoFlow).toBe(true);
    expect(readEnv({ DEMO_FLOW: '0' }).demoFlow).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DEMO_DATA: '1', DEMO_FLOW: '1' }).demoFlow).toBe(
      false,
    );
    expect(readEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/y', DEMO_FLOW: '1' }).demoFlow).toBe(
      false,
    );
    expect(readEnv({ DEMO_DATA: '0' }).demoFlow).toBe(false);
    // The tests' servers never run it.
    expect(testEnv().demoFlow).toBe(false);
  });
});

describe('through the flow endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const requests: Array<{ url: string; key: string }> = [];
  const post: GatePost = async (spotId, key, body) => {
    const url = `/api/scenic/spots/${spotId}/flow`;
    requests.push({ url, key });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { [SCENIC_GATE_KEY_HEADER]: key },
      payload: body,
    });
  };

  it('posts gate readings that the endpoint stores, with the gate as the author', async () => {
    // At the real time: the seed's readings run up to now, and a reading counts when newest.
    {
      const feed = new DemoGateFeed(t.services.scenic, t.services.clock, post, quietLog, {
        intervalMs: 1000,
        spotsPerTick: 3,
      });
      expect(await feed.setUp()).toBe(SCENIC_DEMO_CODES.length);
      await feed.tick();
      expect(feed.posted).toBe(3);
      expect(requests).toHaveLength(3);
      const spotId = Number(/spots\/(\d+)\//.exec(requests[0].url)![1]);
      const [row] = await t.services.db
        .select()
        .from(scenicFlow)
        .where(and(eq(scenicFlow.spotId, spotId), isNotNull(scenicFlow.gateKeyId)))
        .orderBy(desc(scenicFlow.at))
        .limit(1);
      expect(row).toBeDefined();
      const [key] = await t.services.db
        .select()
        .from(scenicGateKeys)
        .where(eq(scenicGateKeys.id, row.gateKeyId!));
      expect(key).toMatchObject({ spotId, name: DEMO_GATE_KEY_NAME, revokedAt: null });
      // The spot's live count is the reading's, as for any gate.
      const spot = await t.services.scenic.spots.get(spotId);
      expect(spot.load.inPark).toBe(row.inPark);
      expect(spot.load.at).toBe(row.at.toISOString());
      const [audit] = await t.services.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'scenic.flow.ingest'), eq(auditLog.entityId, String(spotId))),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit.username).toBe(`gate:${key.prefix}`);
      // The next tick goes on with the next spots in turn.
      await feed.tick();
      expect(new Set(requests.map((r) => r.url)).size).toBe(6);

      // A restart revokes the previous run's keys: the old key is refused by the endpoint.
      const oldKey = requests[0].key;
      const again = new DemoGateFeed(t.services.scenic, t.services.clock, post, quietLog);
      await again.setUp();
      const refused = await post(spotId, oldKey, {
        readings: [{ at: new Date().toISOString(), entries: 1, exits: 0 }],
      });
      expect(refused.statusCode).toBe(401);
      const live = await t.services.db
        .select()
        .from(scenicGateKeys)
        .where(and(eq(scenicGateKeys.spotId, spotId), eq(scenicGateKeys.name, DEMO_GATE_KEY_NAME)));
      expect(live.filter((k) => k.revokedAt === null)).toHaveLength(1);
    }
  });
});

// The feed runs only on the embedded database (never on PostgreSQL: app.ts).
describe.skipIf(dbKind() !== 'pglite')('the server', () => {
  it('runs the feed by itself when on, and not at all when off', async () => {
    const off = await createTestApp();
    const on = await createTestApp({ demoFlow: true });
    try {
      const gateRows = (t: TestApp) =>
        t.services.db.select().from(scenicFlow).where(isNotNull(scenicFlow.gateKeyId));
      const deadline = Date.now() + 20_000;
      while ((await gateRows(on)).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect((await gateRows(on)).length).toBeGreaterThan(0);
      expect(await gateRows(off)).toEqual([]);
      expect(
        await off.services.db
          .select()
          .from(scenicGateKeys)
          .where(eq(scenicGateKeys.name, DEMO_GATE_KEY_NAME)),
      ).toEqual([]);
    } finally {
      await on.close();
      await off.close();
    }
  }, 90_000);
});
