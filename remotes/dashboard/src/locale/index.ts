// Exposed as `./messages`: this section's texts in both locales; the host merges them.
import type { MessageBundle } from '@console/shared/i18n';
import enUS from './en-US';
import zhCN from './zh-CN';
import monitorEnUS from './monitor/en-US';
import monitorZhCN from './monitor/zh-CN';

const messages: MessageBundle = {
  'zh-CN': { ...zhCN, ...monitorZhCN },
  'en-US': { ...enUS, ...monitorEnUS },
};
export default messages;
