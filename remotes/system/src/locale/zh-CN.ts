import { backupZhCN } from './backup';

export default {
  ...backupZhCN,
  'system.pending': '系统管理的这个页面尚未上线，将随系统管理模块的版本提供。',
} satisfies Record<string, string>;
