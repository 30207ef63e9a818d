// Locale kept in the browser's local storage (seed §9: default zh-CN, fallback en-US,
// an unknown locale falls back to English).
import { resolveLocale, type Locale } from '../contracts/locale';

export const LOCALE_STORAGE_KEY = 'arco-lang';

export function storedLocale(): Locale {
  try {
    return resolveLocale(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return resolveLocale(null);
  }
}

export function storeLocale(locale: Locale): void {
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}
