// Locales: seed §9 — default zh-CN, fallback en-US, an unknown locale falls back to English.
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';

/** Stored or requested locale → a supported one. Missing → default; unknown → English. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (value === null || value === undefined || value === '') return DEFAULT_LOCALE;
  if ((LOCALES as readonly string[]).includes(value)) return value as Locale;
  const lower = value.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  return FALLBACK_LOCALE;
}

/** Picks a locale from an Accept-Language header ("en-US,en;q=0.9"); none → default. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const first = header.split(',')[0]?.split(';')[0]?.trim();
  return first ? resolveLocale(first) : DEFAULT_LOCALE;
}

export type Localized = Record<Locale, string>;
