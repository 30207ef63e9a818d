import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { createLocalBus, createPgBus, type LiveEvent } from './bus';

const event: LiveEvent = { type: 'message.created', userIds: [7] };

describe('local event bus (PGlite)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  }, 60_000);
  afterAll(() => database.close());

  it('delivers an event only after its transaction committed', async () => {
    const bus = createLocalBus();
    const seen: LiveEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await bus.transaction(database.db, async (tx, emit) => {
      emit(event);
      await tx.execute(sql`select 1`);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([event]);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const bus = createLocalBus();
    const seen: LiveEvent[] = [];
    bus.subscribe((e) => seen.push(e));
    await expect(
      bus.transaction(database.db, async (_tx, emit) => {
        emit(event);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([]);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('PostgreSQL event bus (two instances, one database)', () => {
  // How fast (the 1 s target) is the bench's (sse-fanout, which includes NOTIFY/LISTEN): a loaded
  // CI box can hold this process for seconds, so here it is that the event arrives at all.
  it('a write committed on instance A reaches instance B; a rollback does not', async () => {
    const database = await openDatabase({ databaseUrl: url! });
    const a = await createPgBus(url!);
    const b = await createPgBus(url!);
    try {
      const seen: LiveEvent[] = [];
      b.subscribe((e) => seen.push(e));
      await expect(
        a.transaction(database.db, async (_tx, emit) => {
          emit({ type: 'message.created', userIds: [1] });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow();
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<void>((resolve, fail) => {
        b.subscribe(() => resolve());
        timer = setTimeout(() => fail(new Error('B heard nothing within 20 s')), 20_000);
      });
      await a.transaction(database.db, async (_tx, emit) => emit(event));
      await arrived.finally(() => clearTimeout(timer));
      expect(seen).toEqual([event]);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });

  it("tells this instance's onCommitted listeners before transaction returns, and not on a rollback", async () => {
    const database = await openDatabase({ databaseUrl: url! });
    const a = await createPgBus(url!);
    try {
      const committed: LiveEvent[] = [];
      a.onCommitted((e) => committed.push(e));
      await expect(
        a.transaction(database.db, async (_tx, emit) => {
          emit(event);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow();
      expect(committed).toEqual([]);
      await a.transaction(database.db, async (_tx, emit) => {
        emit(event);
        expect(committed).toEqual([]);
      });
      expect(committed).toEqual([event]);
    } finally {
      await a.close();
      await database.close();
    }
  });
});
