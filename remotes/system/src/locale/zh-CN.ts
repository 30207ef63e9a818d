import { usersZhCN } from './users';
import { rolesZhCN } from './roles';
import { backupZhCN } from './backup';
import { zhCN as properties } from './properties';
import { zhCN as config } from './config';
import { zhCN as operationLog } from './operation-log';

export default {
  'system.pending': '系统管理的这个页面尚未上线，将随系统管理模块的版本提供。',
  ...usersZhCN,
  ...rolesZhCN,
  ...backupZhCN,
  ...properties,
  ...config,
  ...operationLog,
} satisfies Record<string, string>;
