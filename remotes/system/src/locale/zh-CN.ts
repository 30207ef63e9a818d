import { usersZhCN } from './users';
import { rolesZhCN } from './roles';

export default {
  'system.pending': '系统管理的这个页面尚未上线，将随系统管理模块的版本提供。',
  ...usersZhCN,
  ...rolesZhCN,
} satisfies Record<string, string>;
