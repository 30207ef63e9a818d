// The user table as a spreadsheet (export only: users are created one by one, each with an
// initial password the admin hands over).
import { z } from 'zod';
import type { Localized } from '@console/shared';
import { defineSheet } from '../../lib/spreadsheet';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

const row = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  enabled: z.boolean(),
  locked: z.boolean(),
  lastLoginAt: z.string(),
});

export const userSheet = defineSheet({
  name: 'users',
  title: bi('用户', 'Users'),
  row,
  columns: [
    { key: 'username', header: bi('用户名', 'Username'), type: 'string', width: 18 },
    { key: 'name', header: bi('姓名', 'Name'), type: 'string', width: 16 },
    { key: 'email', header: bi('邮箱', 'Email'), type: 'string', width: 24 },
    { key: 'phone', header: bi('电话', 'Phone'), type: 'string', width: 16 },
    { key: 'roles', header: bi('角色', 'Roles'), type: 'list', width: 20 },
    { key: 'enabled', header: bi('启用', 'Enabled'), type: 'boolean' },
    { key: 'locked', header: bi('已锁定', 'Locked'), type: 'boolean' },
    { key: 'lastLoginAt', header: bi('最近登录', 'Last sign-in'), type: 'string', width: 26 },
  ],
});
