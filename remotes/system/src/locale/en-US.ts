import type zhCN from './zh-CN';
import { backupEnUS } from './backup';

export default {
  ...backupEnUS,
  'system.pending':
    'This system administration page has not landed yet; it arrives with the system administration section release.',
} satisfies Record<keyof typeof zhCN, string>;
