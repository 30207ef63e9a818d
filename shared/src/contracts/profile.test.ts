import { describe, expect, it } from 'vitest';
import { countWords, profileBody, PROFILE_MAX_WORDS } from './profile';

describe('profile word limit (seed §5: at most 200 words)', () => {
  it('counts latin words and each CJK character as a word', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  tour   guide ')).toBe(2);
    expect(countWords('导游 tour guide')).toBe(4);
    expect(countWords('我是导游。')).toBe(5);
  });

  it('accepts 200 words and refuses 201', () => {
    const base = {
      email: 'a@b.co',
      nickname: 'n',
      countryRegion: 'c',
      area: 'a',
      address: '',
      version: 1,
    };
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(profileBody.safeParse({ ...base, profile: words(PROFILE_MAX_WORDS) }).success).toBe(
      true,
    );
    expect(profileBody.safeParse({ ...base, profile: words(PROFILE_MAX_WORDS + 1) }).success).toBe(
      false,
    );
  });
});
