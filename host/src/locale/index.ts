import {
  menuMessages,
  mergeBundles,
  messagesFor,
  type MessageBundle,
  type Messages,
} from '@console/shared/i18n';
import type { Locale } from '@console/shared/contracts/locale';
import enUS from './en-US';
import zhCN from './zh-CN';
import consoleEnUS from './console/en-US';
import consoleZhCN from './console/zh-CN';

const shellBundle: MessageBundle = mergeBundles(
  { 'zh-CN': menuMessages('zh-CN'), 'en-US': menuMessages('en-US') },
  { 'zh-CN': zhCN, 'en-US': enUS },
  { 'zh-CN': consoleZhCN, 'en-US': consoleEnUS },
);

/** The shell's messages plus every section's menu labels, for one locale. */
export function shellMessages(locale: Locale): Messages {
  return messagesFor(shellBundle, locale);
}
