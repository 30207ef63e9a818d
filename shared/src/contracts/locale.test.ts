import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, resolveLocale } from './locale';

describe('locale resolution (seed §9)', () => {
  it('defaults to zh-CN when nothing is stored', () => {
    expect(resolveLocale(null)).toBe('zh-CN');
    expect(resolveLocale('')).toBe('zh-CN');
  });
  it('keeps a supported locale', () => {
    expect(resolveLocale('en-US')).toBe('en-US');
    expect(resolveLocale('zh-CN')).toBe('zh-CN');
  });
  it('falls back to English for an unknown locale', () => {
    expect(resolveLocale('fr-FR')).toBe('en-US');
    expect(resolveLocale('klingon')).toBe('en-US');
  });
  it('reads the first language of Accept-Language', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(localeFromAcceptLanguage(undefined)).toBe('zh-CN');
  });
});
