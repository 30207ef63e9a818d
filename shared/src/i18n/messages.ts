// Message bundles: each app keeps one per locale; a key missing in the active locale falls
// back to the en-US text (seed §9).
import { FALLBACK_LOCALE, type Locale, type Localized } from '../contracts/locale';
import type { SectionMeta } from '../contracts/menu';

export type Messages = Record<string, string>;
export type MessageBundle = Record<Locale, Messages>;

export function messagesFor(bundle: MessageBundle, locale: Locale): Messages {
  return { ...bundle[FALLBACK_LOCALE], ...bundle[locale] };
}

export function localized(text: Localized, locale: Locale): string {
  return text[locale] ?? text[FALLBACK_LOCALE];
}

/** Menu and page-title messages of the given sections, from the pages they declare. */
export function menuMessages(sections: readonly SectionMeta[], locale: Locale): Messages {
  const out: Messages = {};
  for (const section of sections) {
    out[section.locale] = localized(section.title, locale);
    for (const route of section.routes) out[route.locale] = localized(route.title, locale);
  }
  return out;
}

/** Merges several message bundles into one (later bundles win). */
export function mergeBundles(...bundles: MessageBundle[]): MessageBundle {
  return {
    'zh-CN': Object.assign({}, ...bundles.map((b) => b['zh-CN'])),
    'en-US': Object.assign({}, ...bundles.map((b) => b['en-US'])),
  };
}
