import type zhCN from './zh-CN';
import { usersEnUS } from './users';
import { rolesEnUS } from './roles';

export default {
  'system.pending':
    'This system administration page has not landed yet; it arrives with the system administration section release.',
  ...usersEnUS,
  ...rolesEnUS,
} satisfies Record<keyof typeof zhCN, string>;
