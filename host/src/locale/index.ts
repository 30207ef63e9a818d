import {
  menuMessages,
  mergeBundles,
  messagesFor,
  type MessageBundle,
  type Messages,
} from '@console/shared/i18n';
import type { Locale } from '@console/shared/contracts/locale';
import type { SectionMeta } from '@console/shared/contracts/menu';
import { pinnedSections } from '@console/shared/section';
import enUS from './en-US';
import zhCN from './zh-CN';
import consoleEnUS from './console/en-US';
import consoleZhCN from './console/zh-CN';

const shellBundle: MessageBundle = mergeBundles(
  { 'zh-CN': zhCN, 'en-US': enUS },
  { 'zh-CN': consoleZhCN, 'en-US': consoleEnUS },
);

/** The shell's messages plus the pinned sections' menu labels, for one locale. */
export function shellMessages(
  locale: Locale,
  sections: readonly SectionMeta[] = pinnedSections(),
): Messages {
  return { ...menuMessages(sections, locale), ...messagesFor(shellBundle, locale) };
}
