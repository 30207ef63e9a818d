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
  it('a write committed on instance A reaches instance B in under 1 s; a rollback does not', async () => {
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
      const started = Date.now();
      const arrived = new Promise<number>((resolve) =>
        b.subscribe(() => resolve(Date.now() - started)),
      );
      await a.transaction(database.db, async (_tx, emit) => emit(event));
      const elapsed = await arrived;
      expect(elapsed).toBeLessThan(1000);
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
