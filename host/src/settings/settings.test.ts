// @vitest-environment jsdom
// Settings rules (seed §3, §4, §9): theme colour → Arco's 10 primary shades; colour-weak and
// dark theme applied from this browser's cache before React renders; topMenu → menuCollapse.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_KEY, applySettings, DEFAULT_SETTINGS } from '@console/shared/store';
import {
  applyCachedSettings,
  clearPrimaryShades,
  PRIMARY_CACHE_KEY,
  SETTINGS_CACHE_KEY,
} from './prepaint';
import { applyThemeColor, primaryShades } from './themeColor';
import { isStylesheetColor } from './useThemeColor';

afterEach(() => {
  localStorage.clear();
  document.body.removeAttribute('arco-theme');
  document.body.className = '';
  document.body.removeAttribute('style');
});

const primary = (i: number) => document.body.style.getPropertyValue(`--primary-${i}`);

describe('theme colour', () => {
  it('generates ten shades whose sixth is the colour itself (seed: #165DFF)', () => {
    const shades = primaryShades('#165DFF', false);
    expect(shades).toHaveLength(10);
    expect(shades[5]).toBe('22,93,255');
    expect(new Set(shades).size).toBe(10);
    // Lightest first, darkest last.
    const lightness = (rgb: string) => rgb.split(',').reduce((a, b) => a + Number(b), 0);
    expect(lightness(shades[0])).toBeGreaterThan(lightness(shades[9]));
  });

  it('uses the dark palette in the dark theme', () => {
    expect(primaryShades('#165DFF', true)).not.toEqual(primaryShades('#165DFF', false));
  });

  it('applies the shades to the page at once and caches them for the next first paint', () => {
    const shades = applyThemeColor('#F53F3F', false);
    expect(primary(6)).toBe('245,63,63');
    expect(primary(1)).toBe(shades[0]);
    expect(JSON.parse(localStorage.getItem(PRIMARY_CACHE_KEY)!)).toEqual(shades);
  });
});

/** Arco's own `--arcoblue-1…10` of its stylesheet, light (`body`) or dark. */
function arcoStylesheetShades(dark: boolean): string[] {
  const css = readFileSync(
    createRequire(import.meta.url).resolve('@arco-design/web-react/es/style/index.css'),
    'utf8',
  );
  const selector = dark ? 'body[arco-theme=dark]{' : 'body{';
  const block = css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector)));
  return Array.from({ length: 10 }, (_, i) => {
    const match = new RegExp(`--arcoblue-${i + 1}:([\\d,]+)`).exec(block);
    return match?.[1] ?? '';
  });
}

describe('the default theme colour needs no palette generator', () => {
  it("is the colour whose shades Arco's stylesheet carries, light and dark", () => {
    expect(isStylesheetColor(DEFAULT_SETTINGS.themeColor)).toBe(true);
    for (const dark of [false, true])
      expect(arcoStylesheetShades(dark)).toEqual(primaryShades(DEFAULT_SETTINGS.themeColor, dark));
    expect(isStylesheetColor('#F53F3F')).toBe(false);
  });

  it('back to the default, the applied shades and their cache go: the stylesheet shows', () => {
    applyThemeColor('#F53F3F', false);
    clearPrimaryShades();
    expect(primary(6)).toBe('');
    expect(localStorage.getItem(PRIMARY_CACHE_KEY)).toBeNull();
  });
});

describe('before the first paint', () => {
  it('reads the same storage key as the settings slice', () => {
    expect(SETTINGS_CACHE_KEY).toBe(SETTINGS_STORAGE_KEY);
  });

  it('applies dark theme, colour-weak and the cached shades', () => {
    localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify({ theme: 'dark', colorWeak: true }));
    localStorage.setItem(PRIMARY_CACHE_KEY, JSON.stringify(primaryShades('#00B42A', true)));
    applyCachedSettings();
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
    expect(document.body.classList.contains('color-weak')).toBe(true);
    expect(primary(6)).toBe(primaryShades('#00B42A', true)[5]);
  });

  it('leaves the defaults alone with nothing or garbage stored', () => {
    localStorage.setItem(SETTINGS_CACHE_KEY, '{not json');
    localStorage.setItem(PRIMARY_CACHE_KEY, JSON.stringify(['1,2,3', 'url(javascript:1)']));
    applyCachedSettings();
    expect(document.body.hasAttribute('arco-theme')).toBe(false);
    expect(document.body.classList.contains('color-weak')).toBe(false);
    expect(primary(1)).toBe('');
  });
});

describe('settings rules', () => {
  it('changing topMenu turns menuCollapse off (seed §4)', () => {
    const collapsed = { ...DEFAULT_SETTINGS, menuCollapse: true };
    expect(applySettings(collapsed, { topMenu: true }).menuCollapse).toBe(false);
    expect(applySettings({ ...collapsed, topMenu: true }, { topMenu: false }).menuCollapse).toBe(
      false,
    );
    expect(applySettings(collapsed, { colorWeak: true }).menuCollapse).toBe(true);
  });
});
