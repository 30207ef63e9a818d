import { describe, expect, it } from 'vitest';
import { scenicSpotCreateBody } from './scenic';

describe('a spot with several mistakes gets every error at once', () => {
  it('reports the cross-field rules beside an empty name and a bad code', () => {
    const result = scenicSpotCreateBody.safeParse({
      code: 'bad code!',
      grade: 'none',
      openTime: '18:00',
      closeTime: '08:00',
      dailyCapacity: 100,
      instantCapacity: 500,
    });
    const fields = new Set(result.error?.issues.map((i) => String(i.path[0])));
    for (const field of ['code', 'name', 'category', 'instantCapacity', 'closeTime'])
      expect(fields.has(field), field).toBe(true);
  });

  it('does not judge a comparison whose own fields are wrong', () => {
    const result = scenicSpotCreateBody.safeParse({ openTime: 'later', closeTime: '08:00' });
    const closeIssues = result.error?.issues.filter((i) => i.path[0] === 'closeTime') ?? [];
    expect(closeIssues).toEqual([]);
  });

  it('refuses a body that is not an object without running the rule (a JSON null body)', () => {
    for (const body of [null, 'text', 42, []]) {
      const result = scenicSpotCreateBody.safeParse(body);
      expect(result.success).toBe(false);
    }
  });
});
