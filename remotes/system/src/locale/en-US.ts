import type zhCN from './zh-CN';
import { usersEnUS } from './users';
import { rolesEnUS } from './roles';
import { enUS as properties } from './properties';
import { enUS as config } from './config';
import { enUS as operationLog } from './operation-log';
import { backupEnUS } from './backup';

export default {
  ...backupEnUS,
  'system.pending':
    'This system administration page has not landed yet; it arrives with the system administration section release.',
  ...usersEnUS,
  ...rolesEnUS,
  ...properties,
  ...config,
  ...operationLog,
} satisfies Record<keyof typeof zhCN, string>;
