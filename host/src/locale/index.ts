// The shell's strings that the login page and the frame show. The pages inside the main layout
// have theirs in console/ (ConsoleMessages), loaded with the layout.
import { menuMessages, messagesFor, type MessageBundle, type Messages } from '@console/shared/i18n';
import type { Locale } from '@console/shared/contracts/locale';
import type { SectionMeta } from '@console/shared/contracts/menu';
import { pinnedSections } from '@console/shared/section';
import enUS from './en-US';
import zhCN from './zh-CN';
import { a11yMessages } from '../a11y/messages';

const shellBundle: MessageBundle = {
  'zh-CN': { ...zhCN, ...a11yMessages['zh-CN'] },
  'en-US': { ...enUS, ...a11yMessages['en-US'] },
};

/** The shell's messages plus the pinned sections' menu labels, for one locale. */
export function shellMessages(
  locale: Locale,
  sections: readonly SectionMeta[] = pinnedSections(),
): Messages {
  return { ...menuMessages(sections, locale), ...messagesFor(shellBundle, locale) };
}
