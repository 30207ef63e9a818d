// Locale fallback (seed §9): default zh-CN, unknown → English, a key missing in the active
// locale shows the en-US text.
import { describe, expect, it } from 'vitest';
import { resolveLocale } from '@console/shared/contracts/locale';
import { messagesFor } from '@console/shared/i18n';
import { DECLARED_SECTIONS } from '@console/shared/testing/declared-sections';
import { shellMessages } from '.';
import { consoleMessages } from './console';

describe('locale fallback', () => {
  it('defaults to Chinese and falls back to English for an unknown stored value', () => {
    expect(resolveLocale(null)).toBe('zh-CN');
    expect(resolveLocale('de-DE')).toBe('en-US');
    expect(resolveLocale('zh-TW')).toBe('zh-CN');
  });

  it('fills a key missing in the active locale from en-US', () => {
    const messages = messagesFor({ 'zh-CN': { a: '甲' }, 'en-US': { a: 'A', b: 'B' } }, 'zh-CN');
    expect(messages).toEqual({ a: '甲', b: 'B' });
  });

  it('gives the shell, its pages and every pinned section menu in both languages', () => {
    const zh = { ...shellMessages('zh-CN', DECLARED_SECTIONS), ...consoleMessages('zh-CN') };
    const en = { ...shellMessages('en-US', DECLARED_SECTIONS), ...consoleMessages('en-US') };
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh['exception.403.title']).toBe('对不起，您没有访问该资源的权限');
    expect(en['result.error.subTitle']).toBe('Form submit failed, please retry');
    for (const key of ['menu.guide', 'menu.team', 'menu.scenic', 'menu.system']) {
      expect(zh[key]).toMatch(/\p{Script=Han}/u);
      expect(en[key]).toMatch(/^[A-Za-z ]+$/);
    }
  });
});
