// Locale kept in the browser's local storage (seed §9: default zh-CN, fallback en-US,
// an unknown locale falls back to English).
import { resolveLocale, type Locale } from '../contracts/locale';

export const LOCALE_STORAGE_KEY = 'arco-lang';

// The site's default language (system config `site.defaultLocale`), once the shell has read
// it: the language of a browser that has not chosen one (issue 25 defect 9).
let siteDefaultLocale: Locale | null = null;

export function setSiteDefaultLocale(locale: Locale): void {
  siteDefaultLocale = locale;
}

/** The locale this browser chose, if it chose one. */
export function chosenLocale(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return stored ? resolveLocale(stored) : null;
  } catch {
    return null;
  }
}

export function storedLocale(): Locale {
  return chosenLocale() ?? siteDefaultLocale ?? resolveLocale(null);
}

export function storeLocale(locale: Locale): void {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}
