import { describe, expect, it } from 'vitest';
import { preparedByShape, type Runnable } from './prepared';
import type { DbOrTx } from './types';

describe('queries prepared per shape', () => {
  it('builds each shape once, and past 128 shapes runs new ones unprepared', async () => {
    const cached = preparedByShape<string>('probe');
    const db = {} as DbOrTx;
    const names: string[] = [];
    const build = (_db: DbOrTx, name: string): Runnable<string> => {
      names.push(name);
      return { execute: async () => name };
    };
    for (let i = 0; i < 128; i++) await cached(db, `shape ${i}`, build).execute({});
    expect(new Set(names).size).toBe(128);
    expect(names.every((n) => /^probe_[0-9a-f]{16}$/.test(n))).toBe(true);

    // The same shape again: no new build, the same statement.
    expect(await cached(db, 'shape 7', build).execute({})).toBe(names[7]);
    expect(names).toHaveLength(128);

    // A shape past the bound: built for this call only, with no name, never kept.
    expect(await cached(db, 'shape 500', build).execute({})).toBe('');
    await cached(db, 'shape 500', build).execute({});
    expect(names.slice(128)).toEqual(['', '']);
  });
});
