import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';

describe('error catalogue', () => {
  it('gives every error its own numeric code and both languages', () => {
    const byCode = new Map<number, string>();
    for (const [name, def] of Object.entries(ERRORS)) {
      expect(byCode.get(def.code), `${name} reuses ${def.code}`).toBeUndefined();
      byCode.set(def.code, name);
      expect(Math.floor(def.code / 100)).toBe(def.status);
      expect(def.msg['zh-CN'].length, name).toBeGreaterThan(0);
      expect(def.msg['en-US'].length, name).toBeGreaterThan(0);
    }
  });
});
