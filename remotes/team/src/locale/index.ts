// Exposed as `./messages`: this section's texts in both locales; the host merges them.
import type { MessageBundle } from '@console/shared/i18n';
import enUS from './en-US';
import { templateMessages } from './templates';
import zhCN from './zh-CN';

const messages: MessageBundle = {
  'zh-CN': { ...zhCN, ...templateMessages['zh-CN'] },
  'en-US': { ...enUS, ...templateMessages['en-US'] },
};
export default messages;
